import { expect } from 'chai';
import { RecordedEvent, ticketStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { DEMO, startStoreFixture, StoreFixture } from './store-fixture';

type Resolution = { name: string; source: string; status: 'resolved' | 'absent'; value?: unknown; reason?: string };

const evaluationOf = async (svc: TestService, ticketId: string): Promise<any> => {
  const events: RecordedEvent[] = [];
  for await (const e of svc.deps.eventStore.readStream(ticketStream(ticketId))) events.push(e);
  return events.find((e) => e.type === 'TaskEvaluated')?.data;
};

const dataPoint = (evaluation: any, name: string): Resolution => {
  const found = (evaluation.steps[0].dataPoints as Resolution[]).find((d) => d.name === name);
  if (!found) throw new Error(`no record of ${name}`);
  return found;
};

describe('order data points of a new ticket, read from the reference store system', () => {
  let f: StoreFixture;
  let svc: TestService;
  before(async () => {
    f = await startStoreFixture();
    const config = withoutRateLimits(exampleConfig());
    const acme = config.accounts.find((a) => a.id === 'acme') as Record<string, any>;
    acme.store = { ...acme.store, baseUrl: f.store.url, accessToken: DEMO.token };
    svc = await startTestService({ config });
  });
  after(async () => {
    await svc.stop();
    await f.close();
  });
  beforeEach(() => f.store.failNext(0));

  const refund = async (customer: Record<string, string>, orderName?: string) => {
    const res = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin,
      body: { customer, query: 'Where is my refund?', taskName: 'Refund Request', forceCreateTicket: true, skipExecuteAction: true, ...(orderName ? { orderName } : {}) },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return evaluationOf(svc, res.body.ticketId);
  };

  it('given a ticket naming one of the customer\'s orders, then its evaluation event holds that order\'s values', async () => {
    const ev = await refund({ phone: DEMO.priya.phone }, '#1001');
    expect(dataPoint(ev, 'order_status')).to.include({ source: 'order', status: 'resolved', value: 'delivered' });
    expect(dataPoint(ev, 'payment_status')).to.include({ source: 'order', status: 'resolved', value: 'paid' });
    expect(ev.values).to.include({ order_status: 'delivered', payment_status: 'paid' });
  });

  it('given a ticket without orderName, then the customer\'s newest order is read', async () => {
    const ev = await refund({ email: DEMO.priya.email });
    expect(ev.values).to.include({ order_status: 'pending', payment_status: 'authorized' });
  });

  it('given a customer without orders in the store, then the order values are absent, not invented', async () => {
    const ev = await refund({ phone: DEMO.sam.phone });
    expect(dataPoint(ev, 'order_status')).to.include({ status: 'absent' });
    expect(dataPoint(ev, 'order_status')).not.to.have.property('value');
    expect(ev.values).not.to.have.property('order_status');
    expect(ev.values).not.to.have.property('payment_status');
  });

  it('given an orderName that is not the customer\'s, then absent (not the newest order instead)', async () => {
    const ev = await refund({ phone: DEMO.priya.phone }, '#1003');
    expect(dataPoint(ev, 'order_status')).to.include({ status: 'absent' });
    expect(ev.values).not.to.have.property('order_status');
  });

  it('given the store system unavailable, then absent with the reason, and the ticket is still created', async () => {
    f.store.failNext(3, 503, 0);
    const ev = await refund({ phone: DEMO.priya.phone }, '#1001');
    expect(dataPoint(ev, 'order_status').status).to.equal('absent');
    expect(dataPoint(ev, 'order_status').reason).to.match(/order lookup failed/);
    expect(ev.values).not.to.have.property('order_status');
  });
});
