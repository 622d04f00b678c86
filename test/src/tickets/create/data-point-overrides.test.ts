import { expect } from 'chai';
import { TestService } from '../../support/test-service';
import { FakeExternal, startFakeExternal } from './support/fake-external';
import { configWithFakes, createTicket, evaluationOf, freshPhone, startTicketService } from './support/ticket-service';

type Resolution = { name: string; status: string; value?: unknown; overridden?: boolean };
const dataPoint = (ev: any, name: string, step = 0): Resolution => (ev.steps[step].dataPoints as Resolution[]).find((d) => d.name === name)!;

describe('dataPointOverrides (docs/api/tickets.md, dataPointOverrides)', () => {
  let fake: FakeExternal;
  let svc: TestService;
  before(async () => {
    fake = await startFakeExternal();
    svc = await startTicketService(configWithFakes(fake, (acme) => {
      // notify_warehouse also takes the order status, so an action run shows the overridden input
      const notify = (acme.executeActions as { key: string; inputs: unknown[] }[]).find((a) => a.key === 'notify_warehouse')!;
      notify.inputs.push({ name: 'order_status', type: 'string' });
      // a read-only spreadsheet data point used by the task
      (acme.dataPoints as unknown[]).push({ name: 'shelf', source: 'spreadsheet' });
      (acme.tasks as { id: string; dataPoints: string[] }[]).find((x) => x.id === 'task-refund')!.dataPoints.push('shelf');
    }));
  });
  beforeEach(() => fake.reset());
  after(async () => {
    await svc.stop();
    await fake.stop();
  });

  const withOverrides = (dataPointOverrides: unknown, extra: Record<string, unknown> = {}) =>
    createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', taskName: 'Refund Request', forceCreateTicket: true, dataPointOverrides, ...extra });

  const rejected = async (dataPointOverrides: unknown, extra: Record<string, unknown> = {}) => {
    const res = await withOverrides(dataPointOverrides, extra);
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.message).to.match(/^Data point/);
    return res.body.message as string;
  };

  describe('rejections: 400 with a message beginning "Data point" naming the key and the reason', () => {
    it('given a data point unknown to the account, then it is refused as unknown', async () => {
      expect(await rejected({ favourite_colour: 'blue' })).to.contain('"favourite_colour"').and.contain('unknown');
    });

    it('given a data point of the account the task does not use directly, then it is refused', async () => {
      expect(await rejected({ return_label_url: 'https://x.example/l.pdf' })).to.contain('"return_label_url"').and.contain('not used directly');
    });

    it('given a computed data point, then it is refused', async () => {
      expect(await rejected({ refund_window_open: 'true' })).to.contain('"refund_window_open"').and.contain('computed');
    });

    it('given an execute-action data point, then it is refused', async () => {
      expect(await rejected({ eligibility: 'yes' })).to.contain('"eligibility"').and.contain('execute action');
    });

    it('given a data point that writes to a spreadsheet, then it is refused', async () => {
      expect(await rejected({ warehouse_note: 'fragile' })).to.contain('"warehouse_note"').and.contain('writes to a spreadsheet');
    });

    it('given a value outside possibleValues, then it is refused naming the possible values', async () => {
      expect(await rejected({ order_status: 'lost' })).to.contain('"order_status"').and.contain('"lost"').and.contain('pending, shipped, delivered, cancelled');
    });

    it('given a key also in objectiveValues (case-insensitive), then it is refused', async () => {
      expect(await rejected({ order_status: 'shipped' }, { objectiveValues: { Order_Status: 'x' } })).to.contain('"order_status"').and.contain('objectiveValues');
    });

    it('given more than 50 keys, then it is refused', async () => {
      const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
      expect(await rejected(many)).to.contain('50');
    });

    it('given an empty or non-string value, then it is refused naming the key', async () => {
      expect(await rejected({ order_status: '' })).to.contain('"order_status"').and.contain('non-empty string');
      expect(await rejected({ payment_status: 3 })).to.contain('"payment_status"').and.contain('non-empty string');
    });

    it('given an empty key, then it is refused', async () => {
      await rejected({ '': 'x' });
    });

    it('given overrides without a task, then it is refused saying a task is required', async () => {
      const res = await createTicket(svc, { customer: { phone: freshPhone() }, query: 'q', dataPointOverrides: { order_status: 'shipped' } });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^Data point/).and.contain('task');
    });

    it('given dataPointOverrides that is not an object, then 400', async () => {
      const res = await withOverrides(['order_status']);
      expect(res.status).to.equal(400);
    });
  });

  it('given keys in other casing, then they match the task data points and the value is used and recorded as overridden', async () => {
    // given the store says shipped
    fake.state.orders = [{ order_id: 'ord-3', order_number: '#3', order_status: 'shipped', payment_status: 'paid' }];
    // when
    const res = await withOverrides({ ORDER_Status: 'delivered' });
    // then
    expect(res.status).to.equal(200);
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(dataPoint(ev, 'order_status')).to.deep.include({ status: 'resolved', value: 'delivered', overridden: true });
    expect(dataPoint(ev, 'payment_status')).to.deep.include({ status: 'resolved', value: 'paid', overridden: false });
    expect(ev.overriddenDataPoints).to.deep.equal(['order_status']);
  });

  it('given a read-only spreadsheet data point, then it can be overridden (its only source of a value)', async () => {
    const res = await withOverrides({ shelf: 'B-12' });
    expect(res.status).to.equal(200);
    expect(dataPoint(await evaluationOf(svc, res.body.ticketId), 'shelf')).to.deep.include({ status: 'resolved', value: 'B-12', overridden: true });
  });

  it('given an overridden value, then computed data points and objectives use it', async () => {
    fake.state.orders = [{ order_id: 'ord-3', order_number: '#3', order_status: 'shipped' }];
    const res = await withOverrides({ order_status: 'delivered' });
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(dataPoint(ev, 'refund_window_open')).to.deep.include({ status: 'resolved', value: true, overridden: false });
    expect(ev.objectives).to.include({ delivery_state: 'delivered', window_open: true });
  });

  it('given an overridden value matching a transition, then the ticket follows it', async () => {
    const res = await withOverrides({ order_status: 'cancelled' });
    expect(res.body.ticket.taskId).to.equal('task-cancelled');
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.transitions).to.deep.equal([{ from: 'task-refund', to: 'task-cancelled', dataPoint: 'order_status', equals: 'cancelled', value: 'cancelled' }]);
  });

  it('given overrides without skipExecuteAction, then execute actions are skipped by default', async () => {
    const res = await withOverrides({ order_status: 'delivered' });
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.skipExecuteAction).to.equal(true);
    expect(fake.calls('/notify')).to.have.length(0);
    expect(fake.calls('/eligibility')).to.have.length(0);
    expect(ev.steps[0].actions.every((a: { status: string }) => a.status === 'skipped')).to.equal(true);
  });

  it('given overrides with skipExecuteAction false, then the actions run with the overridden inputs', async () => {
    fake.state.orders = [{ order_id: 'ord-3', order_number: '#3', order_status: 'shipped' }];
    const res = await withOverrides({ order_status: 'delivered' }, { skipExecuteAction: false });
    const ev = await evaluationOf(svc, res.body.ticketId);
    expect(ev.skipExecuteAction).to.equal(false);
    expect(fake.calls('/notify').map((r) => r.body)).to.deep.equal([{ ticketId: res.body.ticketId, order_status: 'delivered' }]);
    expect(fake.calls('/eligibility')).to.have.length(1);
  });
});
