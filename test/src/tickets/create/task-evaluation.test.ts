import { expect } from 'chai';
import { TestService } from '../../support/test-service';
import { FakeExternal, startFakeExternal } from './support/fake-external';
import { configWithFakes, createTicket, evaluationOf, freshPhone, startTicketService, ticketEvents } from './support/ticket-service';

type Resolution = { name: string; source: string; status: 'resolved' | 'absent'; value?: unknown; reason?: string; overridden?: boolean; rejectedValue?: unknown };
const dataPoint = (evaluation: any, name: string, step = 0): Resolution => {
  const found = (evaluation.steps[step].dataPoints as Resolution[]).find((d) => d.name === name);
  if (!found) throw new Error(`no record of ${name} in step ${step}`);
  return found;
};

describe('task evaluation of a new ticket (docs/api/tickets.md, operator contract dataPoints and tasks)', () => {
  let fake: FakeExternal;
  let svc: TestService;
  before(async () => {
    fake = await startFakeExternal();
    svc = await startTicketService(configWithFakes(fake));
  });
  beforeEach(() => fake.reset());
  after(async () => {
    await svc.stop();
    await fake.stop();
  });

  const refund = (extra: Record<string, unknown> = {}, customer: Record<string, string> = { phone: freshPhone() }) =>
    createTicket(svc, { customer, query: 'I want my money back', taskName: 'Refund Request', forceCreateTicket: true, ...extra });

  it('given an unknown taskName or currentTaskId, then 400 naming the task', async () => {
    const byName = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', taskName: 'Lost Parcel' });
    expect(byName.status).to.equal(400);
    expect(byName.body.message).to.contain('Lost Parcel');
    const byId = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', currentTaskId: 'task-nope', taskName: 'Refund Request' });
    expect(byId.status).to.equal(400);
    expect(byId.body.message).to.contain('task-nope');
  });

  it('given currentTaskId and taskName, then currentTaskId wins', async () => {
    const res = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', currentTaskId: 'task-cancelled', taskName: 'Refund Request' });
    expect(res.status).to.equal(200);
    expect(res.body.ticket).to.include({ taskId: 'task-cancelled', requestedTaskId: 'task-cancelled', teamId: 'team-care' });
  });

  it('given a taskName in other casing, then the task is found within the account', async () => {
    const res = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', taskName: '  REFUND request ', skipExecuteAction: true });
    expect(res.status).to.equal(200);
    expect(res.body.ticket.taskId).to.equal('task-refund');
  });

  it('given every source answering, then each data point is resolved from its source and recorded with it', async () => {
    // given
    const phone = freshPhone();
    fake.state.tiers[phone] = 'gold';
    // when
    const res = await refund({ skipExecuteAction: false }, { phone, email: 'Val@Example.com' });
    // then
    expect(res.status).to.equal(200);
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(dataPoint(ev, 'customer_email')).to.include({ source: 'customer', status: 'resolved', value: 'val@example.com', overridden: false });
    expect(dataPoint(ev, 'order_status')).to.include({ source: 'order', status: 'resolved', value: 'delivered' });
    expect(dataPoint(ev, 'payment_status')).to.include({ source: 'order', status: 'resolved', value: 'paid' });
    expect(dataPoint(ev, 'loyalty_tier')).to.include({ source: 'integration', status: 'resolved', value: 'gold' });
    expect(dataPoint(ev, 'refund_window_open')).to.include({ source: 'computed', status: 'resolved', value: true });
    expect(dataPoint(ev, 'eligibility')).to.deep.include({ source: 'executeAction', status: 'resolved', value: { eligible: true, reason: 'within window', httpStatus: 200 } });
    expect(dataPoint(ev, 'warehouse_note')).to.include({ source: 'spreadsheet', status: 'absent' });
    expect(dataPoint(ev, 'warehouse_note').reason).to.contain('spreadsheet');
    // the integration URL placeholder took the customer's phone; the order lookup used the phone
    expect(fake.calls('/tiers/').map((r) => r.path)).to.deep.equal([`/tiers/${phone}`]);
    expect(fake.calls('/orders')[0].query).to.include({ phone });
    expect(fake.calls('/orders/').map((r) => r.path)).to.deep.equal(['/orders/ord-1']);
    // the execute action of the data point got the order id of the looked-up order
    expect(fake.calls('/eligibility/').map((r) => r.path)).to.deep.equal(['/eligibility/ord-1']);
    expect(ev.values).to.include({ order_status: 'delivered', loyalty_tier: 'gold', customer_email: 'val@example.com' });
    expect(ev.values).to.not.have.property('warehouse_note');
  });

  it('given an orderName, then order data points read that order of the customer', async () => {
    fake.state.orders = [
      { order_id: 'ord-2', order_number: '#1002', order_status: 'shipped', created_at: '2026-02-01T00:00:00Z' },
      { order_id: 'ord-1', order_number: '#1001', order_status: 'delivered', created_at: '2026-01-01T00:00:00Z' },
    ];
    const named = await refund({ skipExecuteAction: true, orderName: '#1001' });
    expect(dataPoint(await evaluationOf(svc, named.body.ticketId), 'order_status')).to.include({ value: 'delivered' });
    const newest = await refund({ skipExecuteAction: true });
    expect(dataPoint(await evaluationOf(svc, newest.body.ticketId), 'order_status')).to.include({ value: 'shipped' });
  });

  it('given sources that cannot answer, then their values are absent with the reason, never invented, and the ticket is still made', async () => {
    // given
    fake.state.storeDown = true;
    fake.state.tierStatus = 500;
    // when
    const res = await refund({ skipExecuteAction: false });
    // then
    expect(res.status).to.equal(200);
    const ev = await evaluationOf(svc, res.body.ticketId);
    const order = dataPoint(ev, 'order_status');
    expect(order.status).to.equal('absent');
    expect(order.reason).to.match(/order lookup failed/);
    expect(dataPoint(ev, 'loyalty_tier')).to.include({ status: 'absent', reason: 'the integration answered HTTP 500' });
    expect(dataPoint(ev, 'refund_window_open').reason).to.contain('order_status');
    expect(dataPoint(ev, 'eligibility').status).to.equal('absent');
    expect(dataPoint(ev, 'customer_email')).to.include({ status: 'absent', reason: 'the customer has no email' });
    // without an order there is no orderId: the action refuses its inputs, recorded as such
    const eligibility = ev.steps[0].actions.find((a: { actionKey: string }) => a.actionKey === 'check_eligibility');
    expect(eligibility).to.include({ status: 'invalidInputs', purpose: 'dataPoint' });
    expect(eligibility.errors.join(' ')).to.contain('orderId');
    expect(fake.calls('/eligibility')).to.have.length(0);
    expect(Object.keys(ev.values)).to.deep.equal([]);
    const objectives = ev.steps[0].objectives as { param: string; origin: string }[];
    expect(objectives.find((o) => o.param === 'delivery_state')).to.include({ origin: 'absent' });
  });

  it('given an integration that does not know the customer (404), then the value is absent with that reason', async () => {
    const res = await refund({ skipExecuteAction: true });
    expect(dataPoint(await evaluationOf(svc, res.body.ticketId), 'loyalty_tier')).to.include({ status: 'absent', reason: 'the integration answered HTTP 404' });
  });

  it('given a source value outside possibleValues, then it is recorded as absent with the reason and the refused value', async () => {
    fake.state.orders = [{ order_id: 'ord-9', order_number: '#9', order_status: 'returned' }];
    const res = await refund({ skipExecuteAction: true });
    const ev = await evaluationOf(svc, res.body.ticketId);
    const status = dataPoint(ev, 'order_status');
    expect(status).to.include({ status: 'absent', rejectedValue: 'returned' });
    expect(status.reason).to.contain('possible values');
  });

  it('given objectiveValues and objectives with `from`, then the objectives are filled from both', async () => {
    const res = await refund({ skipExecuteAction: true, objectiveValues: { refund_reason: 'arrived broken' } });
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.steps[0].objectives).to.deep.equal([
      { param: 'refund_reason', from: null, value: 'arrived broken', origin: 'objectiveValues' },
      { param: 'delivery_state', from: 'order_status', value: 'delivered', origin: 'dataPoint' },
      { param: 'window_open', from: 'refund_window_open', value: true, origin: 'dataPoint' },
    ]);
    expect(ev.objectives).to.deep.equal({ refund_reason: 'arrived broken', delivery_state: 'delivered', window_open: true });
    expect(res.body.ticket.objectives).to.deep.equal(ev.objectives);
  });

  it('given no overrides and no skipExecuteAction, then the task actions run with inputs from the ticket context (default false)', async () => {
    const res = await refund();
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.skipExecuteAction).to.equal(false);
    expect(fake.calls('/notify').map((r) => r.body)).to.deep.equal([{ ticketId: res.body.ticketId }]);
    expect(ev.steps[0].actions.find((a: { actionKey: string }) => a.actionKey === 'notify_warehouse')).to.deep.include({ purpose: 'task', status: 'succeeded', result: { notified: true } });
  });

  it('given skipExecuteAction true, then no execute action is called and each is recorded as skipped', async () => {
    const res = await refund({ skipExecuteAction: true });
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(fake.calls('/notify')).to.have.length(0);
    expect(fake.calls('/eligibility')).to.have.length(0);
    expect(ev.steps[0].actions.map((a: { actionKey: string; status: string }) => [a.actionKey, a.status])).to.deep.equal([
      ['check_eligibility', 'skipped'],
      ['notify_warehouse', 'skipped'],
    ]);
    expect(dataPoint(ev, 'eligibility')).to.include({ status: 'absent' });
  });

  it('given failing execute actions, then each outcome is recorded, the action data point is absent, and the ticket is still made', async () => {
    fake.state.notifyStatus = 502;
    fake.state.eligibilityStatus = 500;
    const res = await refund();
    expect(res.status).to.equal(200);
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.steps[0].actions.find((a: { actionKey: string }) => a.actionKey === 'notify_warehouse')).to.include({ status: 'failed', httpStatus: 502 });
    expect(ev.steps[0].actions.find((a: { actionKey: string }) => a.actionKey === 'check_eligibility')).to.include({ status: 'failed', httpStatus: 500 });
    expect(dataPoint(ev, 'eligibility').status).to.equal('absent');
    expect(dataPoint(ev, 'eligibility').reason).to.contain('check_eligibility');
  });

  it('given a value matching a transition, then the ticket moves to the next task, whose data points are evaluated too, and the event says why', async () => {
    // given
    fake.state.orders = [{ order_id: 'ord-5', order_number: '#5', order_status: 'cancelled' }];
    // when
    const res = await refund({ skipExecuteAction: true });
    // then
    expect(res.body.ticket).to.include({ taskId: 'task-cancelled', requestedTaskId: 'task-refund', teamId: 'team-care' });
    const events = await ticketEvents(svc, res.body.ticketId);
    expect(events.map((e) => e.type)).to.deep.equal(['TicketCreated', 'TaskEvaluated']);
    // The ticket is made on the task asked for; its evaluation moves it.
    expect(events[0].data).to.include({ taskId: 'task-refund', requestedTaskId: 'task-refund' });
    const ev = events[1].data as any;
    expect(ev).to.include({ requestedTaskId: 'task-refund', taskId: 'task-cancelled', teamId: 'team-care', cycleStopped: null });
    expect(ev.transitions).to.deep.equal([{ from: 'task-refund', to: 'task-cancelled', dataPoint: 'order_status', equals: 'cancelled', value: 'cancelled' }]);
    expect(ev.steps.map((s: { taskId: string }) => s.taskId)).to.deep.equal(['task-refund', 'task-cancelled']);
    expect(dataPoint(ev, 'order_status', 1)).to.include({ status: 'resolved', value: 'cancelled' });
    expect(ev.steps[1].objectives).to.deep.equal([{ param: 'cancel_confirmed', from: null, value: null, origin: 'absent' }]);
  });

  it('given fifty identical creates racing for one new customer on a task with an execute action, then one customer and one ticket are made, and the action is called once', async function () {
    this.timeout(30_000);
    // given
    const body = { customer: { phone: freshPhone(), name: 'Crowd' }, query: 'all at once', taskName: 'Refund Request' };
    // when
    const results = await Promise.all(Array.from({ length: 50 }, () => createTicket(svc, body)));
    // then
    const answered = results.filter((r) => r.status === 200).map((r) => r.body);
    expect(results.filter((r) => r.status !== 200 && r.status !== 503), 'every answer 200, or 503 with Retry-After').to.deep.equal([]);
    expect(new Set(answered.map((b) => b.ticketId)).size).to.equal(1);
    expect(new Set(answered.map((b) => b.customer.id)).size).to.equal(1);
    expect(fake.calls('/notify').length, 'the action of the task, called by the request that made the ticket only').to.equal(1);
    expect((await ticketEvents(svc, answered[0].ticketId)).filter((e) => e.type === 'TaskEvaluated')).to.have.length(1);
  });

  describe('with transitions that loop back and compete', () => {
    let loopSvc: TestService;
    before(async () => {
      loopSvc = await startTicketService(configWithFakes(fake, (acme) => {
        const tasks = acme.tasks as { id: string; transitions?: unknown[] }[];
        tasks.find((x) => x.id === 'task-refund')!.transitions = [
          { when: { dataPoint: 'payment_status', equals: 'refunded' }, to: 'task-cancelled' },
          { when: { dataPoint: 'refund_window_open', equals: 'true' }, to: 'task-cancelled' },
          { when: { dataPoint: 'order_status', equals: 'delivered' }, to: 'task-refund' },
        ];
        tasks.find((x) => x.id === 'task-cancelled')!.transitions = [{ when: { dataPoint: 'order_status', equals: 'delivered' }, to: 'task-refund' }];
      }));
    });
    after(async () => loopSvc.stop());

    it('given several matching transitions, then the first match wins, values compare as strings, and a transition back to an evaluated task is recorded but not followed', async () => {
      const res = await createTicket(loopSvc, { customer: { phone: freshPhone() }, query: 'q', currentTaskId: 'task-refund', skipExecuteAction: true });
      expect(res.status).to.equal(200);
      const ev = await evaluationOf(loopSvc, res.body.ticketId);
      // payment_status is "paid" (no match); refund_window_open is boolean true, compared as "true"
      expect(ev.transitions).to.deep.equal([{ from: 'task-refund', to: 'task-cancelled', dataPoint: 'refund_window_open', equals: 'true', value: 'true' }]);
      expect(ev.cycleStopped).to.deep.equal({ from: 'task-cancelled', to: 'task-refund', dataPoint: 'order_status', equals: 'delivered', value: 'delivered' });
      expect(ev.taskId).to.equal('task-cancelled');
      expect(ev.steps).to.have.length(2);
      expect(res.body.ticket.taskId).to.equal('task-cancelled');
    });
  });
});
