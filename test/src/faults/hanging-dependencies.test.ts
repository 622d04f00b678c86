import { expect } from 'chai';
import { ticketStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startHangingServer } from '../support/hanging-server';
import { startTestService, TestService } from '../support/test-service';
import { freshPhone, MANUAL } from '../tickets/create/support/ticket-service';

describe('dependencies that accept a connection and never answer: every request answers within its budget', function () {
  this.timeout(60_000);
  let hanging: Awaited<ReturnType<typeof startHangingServer>>;
  let svc: TestService;

  before(async () => {
    hanging = await startHangingServer();
    // Every external system of the example (store, integration, execute actions, chat app) is the hanging server.
    const config = JSON.parse(JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, hanging.url));
    svc = await startTestService({ config });
  });
  after(async () => {
    await svc.stop();
    await hanging.stop();
  });

  const timed = async <T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> => {
    const started = Date.now();
    const answer = await work();
    return { answer, ms: Date.now() - started };
  };

  it('given a task whose data points call the store, the integration and an execute action, when a ticket is created, then it is created within 5 s, the sources that did not answer absent with the reason', async () => {
    // when
    const { answer, ms } = await timed(() => svc.api('POST', MANUAL, {
      token: TOKENS.acmeAdmin, body: { customer: { phone: freshPhone() }, query: 'refund please', orderName: '#1001', taskName: 'Refund Request' },
    }));
    // then
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(ms).to.be.at.most(5_000);
    const events: { type: string; data: any }[] = [];
    for await (const e of svc.deps.eventStore.readStream(ticketStream(answer.body.ticketId))) events.push(e);
    const evaluated = events.find((e) => e.type === 'TaskEvaluated')?.data;
    const points = evaluated.steps.flatMap((s: { dataPoints: { name: string; status: string; reason?: string }[] }) => s.dataPoints);
    const byName = Object.fromEntries(points.map((p: { name: string }) => [p.name, p]));
    for (const name of ['order_status', 'loyalty_tier', 'eligibility']) {
      expect(byName[name], name).to.include({ status: 'absent' });
      expect(byName[name].reason, name).to.be.a('string').and.not.equal('');
    }
  });

  it('given the store hanging, when an agent looks up a customer\'s orders, then the answer comes within 9.5 s (the 10 s promise with margin for the proxy and the client): 503 with Retry-After', async () => {
    const { answer, ms } = await timed(() => svc.api('GET', `/apis/orders?phone=${encodeURIComponent(freshPhone())}`, { token: TOKENS.acmeAdmin }));
    expect(ms).to.be.at.most(9_500);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(503);
    expect(answer.headers.get('retry-after')).to.not.equal(null);
  });

  it('given the chat app hanging, when a template the last sync does not know is sent, then it is refused at once (7001), not after the platform', async () => {
    const { answer, ms } = await timed(() => svc.api('POST', '/apis/chatapp/template-send', {
      token: TOKENS.acmeAdmin, body: { to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' } } },
    }));
    expect(ms).to.be.at.most(1_000);
    expect(answer.body.status).to.equal('failure');
    expect(answer.body.error.code).to.equal('7001');
  });

  it('given the chat app hanging, when templates are synced, then the answer comes within 9.5 s (the 10 s promise with margin)', async () => {
    const { answer, ms } = await timed(() => svc.api('POST', '/apis/chatapp/template-sync', { token: TOKENS.acmeAdmin }));
    expect(ms).to.be.at.most(9_500);
    expect(answer.status).to.be.oneOf([500, 503]);
  });
});
