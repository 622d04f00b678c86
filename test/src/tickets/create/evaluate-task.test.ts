import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, ActionRunOutcome, evaluateTask, HttpRequestConfig, TaskEvaluationInput, TaskEvaluationPorts } from '@support/domain';

/** Ports that answer from plain data and record every call. */
const recordingPorts = (answers: { order?: Record<string, unknown> | null; body?: unknown } = {}) => {
  const calls = { orders: 0, http: [] as { request: HttpRequestConfig; placeholders: any }[], actions: [] as { key: string; inputs: unknown }[] };
  const ports: TaskEvaluationPorts = {
    orderForTicket: async () => {
      calls.orders++;
      return E.right(answers.order === undefined ? { order_id: 'o-1', order_status: 'shipped', carrier: { name: 'DHL' } } : (answers.order as never));
    },
    callHttp: async (request, placeholders) => {
      calls.http.push({ request, placeholders });
      return E.right({ status: 200, headers: {}, body: answers.body ?? { tier: 'silver' }, durationMs: 1 });
    },
    runAction: async (key, inputs): Promise<ActionRunOutcome> => {
      calls.actions.push({ key, inputs });
      return { kind: 'notFound', message: 'none' };
    },
  };
  return { ports, calls };
};

const account = (dataPoints: unknown[], task: Record<string, unknown>): Account =>
  ({ id: 'acc', name: 'Acc', dataPoints, tasks: [{ id: 't1', name: 'T1', ...task }, { id: 't2', name: 'T2', dataPoints: [] }] }) as unknown as Account;

const input = (acc: Account, extra: Partial<TaskEvaluationInput> = {}): TaskEvaluationInput => ({
  account: acc,
  task: acc.tasks![0],
  ticket: { id: 'tk-1', ticketNumber: 7, orderName: null, subject: null, query: 'q', source: 'manual', manualSourceLabel: null },
  customer: { id: 'c-1', name: 'Ann', phone: '+14155552671', email: null, storefrontCustomerId: null },
  objectiveValues: {},
  overrides: {},
  skipExecuteAction: false,
  evaluatedAt: new Date('2026-03-01T10:00:00Z'),
  ...extra,
});

describe('evaluateTask (domain service over ports)', () => {
  it('given several order data points, then the store system is asked once', async () => {
    const acc = account([
      { name: 'status', source: 'order', path: 'order_status' },
      { name: 'carrier', source: 'order', path: 'carrier.name' },
    ], { dataPoints: ['status', 'carrier'] });
    const { ports, calls } = recordingPorts();
    const ev = await evaluateTask(input(acc), ports);
    expect(calls.orders).to.equal(1);
    expect(ev.values).to.deep.equal({ status: 'shipped', carrier: 'DHL' });
  });

  it('given a computed data point over one the task does not list, then that one is resolved on demand and recorded', async () => {
    const acc = account([
      { name: 'status', source: 'order', path: 'order_status' },
      { name: 'is_shipped', source: 'computed', expression: "status = 'shipped'" },
    ], { dataPoints: ['is_shipped'] });
    const ev = await evaluateTask(input(acc), recordingPorts().ports);
    expect(ev.values).to.deep.equal({ status: 'shipped', is_shipped: true });
    expect(ev.steps[0].dataPoints.map((d) => d.name)).to.have.members(['status', 'is_shipped']);
  });

  it('given a computed data point that refers to itself, then it is absent rather than looping', async () => {
    const acc = account([{ name: 'loop', source: 'computed', expression: 'loop + 1' }], { dataPoints: ['loop'] });
    const ev = await evaluateTask(input(acc), recordingPorts().ports);
    expect(ev.steps[0].dataPoints[0]).to.include({ name: 'loop', status: 'absent' });
  });

  it('given an integration data point, then its placeholders hold customer, ticket and the values so far, and output reads the body', async () => {
    const acc = account([
      { name: 'status', source: 'order', path: 'order_status' },
      { name: 'tier', source: 'integration', request: { method: 'GET', url: 'http://127.0.0.1:1/t/{{customer.phone}}' }, output: 'levels[0].name' },
    ], { dataPoints: ['status', 'tier'] });
    const { ports, calls } = recordingPorts({ body: { levels: [{ name: 'gold' }] } });
    const ev = await evaluateTask(input(acc), ports);
    expect(ev.values.tier).to.equal('gold');
    expect(calls.http[0].placeholders.customer.phone).to.equal('+14155552671');
    expect(calls.http[0].placeholders.ticket).to.include({ id: 'tk-1', ticketNumber: 7 });
    expect(calls.http[0].placeholders.dataPoints).to.deep.equal({ status: 'shipped' });
  });

  it('given no order, then order data points are absent and nothing is invented', async () => {
    const acc = account([{ name: 'status', source: 'order', path: 'order_status' }], { dataPoints: ['status'] });
    const ev = await evaluateTask(input(acc), recordingPorts({ order: null }).ports);
    expect(ev.values).to.deep.equal({});
    expect(ev.steps[0].dataPoints[0]).to.include({ status: 'absent', reason: 'the store system has no order for this customer' });
  });

  it('given a task action, then its declared inputs are taken from the ticket context, case-insensitively', async () => {
    const acc = {
      ...account([{ name: 'status', source: 'order', path: 'order_status' }], { dataPoints: ['status'], actions: ['a1'] }),
      executeActions: [{ id: 'x', key: 'a1', name: 'A1', request: { method: 'POST', url: 'http://127.0.0.1:1/' }, output: 'body', inputs: [{ name: 'TicketNumber', type: 'integer' }, { name: 'status', type: 'string' }, { name: 'customerPhone', type: 'phone' }, { name: 'unknownThing', type: 'string' }] }],
    } as unknown as Account;
    const { ports, calls } = recordingPorts();
    await evaluateTask(input(acc), ports);
    expect(calls.actions).to.deep.equal([{ key: 'a1', inputs: { TicketNumber: 7, status: 'shipped', customerPhone: '+14155552671' } }]);
  });
});
