import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { ticketStream } from '@support/domain';
import { dataPointsWorker, Feature, features } from '@support/app';
import { startReferenceStore, ReferenceStore } from '@support/store-reference';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { GatedProxy, startGatedProxy } from '../support/gated-tcp-proxy';
import { startTestService, TestService } from '../support/test-service';
import { MANUAL } from '../tickets/create/support/ticket-service';
import { demoCatalog, DEMO } from '../orders/store-fixture';

/** The loyalty service of the demo's integration data point: every phone is "gold". */
const startTierService = async (): Promise<{ port: number; stop: () => Promise<void> }> => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ tier: 'gold' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, stop: () => new Promise((resolve) => server.close(() => resolve())) };
};

/** The service's features with re-evaluations tried again every 300 ms instead of minutes apart. */
const withQuickRetries = (): Feature[] => features.map((f) => (f.name === 'tickets-create'
  ? { ...f, workers: (f.workers ?? []).map((w) => (w.name === 'ticket-data-points' ? dataPointsWorker({ retryDelaysMs: [300, 300, 300, 300, 300, 300] }) : w)) }
  : f));

const events = async (svc: TestService, ticketId: string) => {
  const out: { type: string; data: any }[] = [];
  for await (const e of svc.deps.eventStore.readStream(ticketStream(ticketId))) out.push({ type: e.type, data: e.data });
  return out;
};

describe('data points whose sources answer late: the ticket is created without them, and a re-evaluation fills them in as an event', function () {
  this.timeout(60_000);
  let store: ReferenceStore;
  let tiers: Awaited<ReturnType<typeof startTierService>>;
  let storeGate: GatedProxy;
  let tierGate: GatedProxy;
  let svc: TestService;

  before(async () => {
    store = await startReferenceStore({ catalog: demoCatalog(), audit: () => undefined });
    tiers = await startTierService();
    storeGate = await startGatedProxy(Number(new URL(store.url).port));
    tierGate = await startGatedProxy(tiers.port);
    const config = withoutRateLimits(exampleConfig());
    const acme = config.accounts.find((a) => a.id === 'acme') as any;
    acme.store.baseUrl = `http://127.0.0.1:${storeGate.port}`;
    acme.dataPoints.find((d: { name: string }) => d.name === 'loyalty_tier').request.url = `http://127.0.0.1:${tierGate.port}/tiers/{{customer.phone}}`;
    svc = await startTestService({ config, features: withQuickRetries() });
  });
  after(async () => {
    await svc?.stop();
    storeGate.open();
    tierGate.open();
    await storeGate?.stop();
    await tierGate?.stop();
    await tiers?.stop();
    await store?.close();
  });

  it('given the store and the loyalty service not answering, when a refund ticket is created, then it is created with those data points absent and marked retryable; once they answer, DataPointsReevaluated records their values and fills the objective', async () => {
    // given sources that hold every request
    storeGate.close();
    tierGate.close();
    // when a ticket on the refund task is created for a customer with orders
    const created = await svc.api('POST', MANUAL, {
      token: TOKENS.acmeAdmin, body: { customer: { phone: DEMO.priya.phone }, query: 'refund please', orderName: '#1002', taskName: 'Refund Request' },
    });
    // then it is created within the create's 5 s, the late data points absent and retryable
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    const ticketId = created.body.ticketId;
    const evaluated = (await events(svc, ticketId)).find((e) => e.type === 'TaskEvaluated')!.data;
    const points = Object.fromEntries(evaluated.steps.flatMap((s: any) => s.dataPoints).map((p: any) => [p.name, p]));
    for (const name of ['order_status', 'loyalty_tier']) expect(points[name], name).to.include({ status: 'absent', retryable: true });
    expect(points.customer_email.retryable, 'a data point its source answered is not retried').to.equal(undefined);
    expect(evaluated.objectives).to.not.have.property('delivery_state');

    // when the sources answer again
    storeGate.open();
    tierGate.open();

    // then a re-evaluation records the values, once, and the objective taken from order_status
    await eventually(async () => (await events(svc, ticketId)).some((e) => e.type === 'DataPointsReevaluated'
      && e.data.dataPoints.some((d: any) => d.name === 'loyalty_tier' && d.status === 'resolved')
      && e.data.dataPoints.some((d: any) => d.name === 'order_status')), 'the re-evaluation is recorded', 30_000);
    const reevaluations = (await events(svc, ticketId)).filter((e) => e.type === 'DataPointsReevaluated').map((e) => e.data);
    const filled = Object.fromEntries(reevaluations.flatMap((r) => r.dataPoints).map((d: any) => [d.name, d]));
    expect(filled.loyalty_tier).to.include({ status: 'resolved', value: 'gold' });
    expect(filled.order_status.status).to.equal('resolved');
    const values = Object.assign({}, ...reevaluations.map((r) => r.values));
    expect(values).to.include({ loyalty_tier: 'gold', order_status: filled.order_status.value });
    const objectives = Object.assign({}, ...reevaluations.map((r) => r.objectives));
    expect(objectives).to.include({ delivery_state: filled.order_status.value });
    // a data point never goes in twice
    const names = reevaluations.flatMap((r) => r.dataPoints.map((d: any) => d.name));
    expect(new Set(names).size).to.equal(names.length);
    // and the ticket's read model shows the objective
    await eventually(async () => {
      const ticket = await svc.deps.readModels.get<{ _id: string; objectives?: Record<string, unknown> }>('tickets', ticketId);
      return ticket?.objectives?.delivery_state === filled.order_status.value;
    }, 'the read model has the objective', 5_000);
  });
});
