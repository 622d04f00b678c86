import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { newTicket } from '../tickets/lifecycle/support';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';
import { startBulk, TOKENS, waitForBulk } from './support';

describe('bulk updates fire the per-ticket webhooks of the single-ticket routes (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await startWebhookReceiver();
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), env: { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) } });
  });
  after(async () => {
    await receiver?.stop();
    await svc?.stop();
  });

  it('given a subscription to ticket.assigned and ticket.resolved, when three tickets are assigned and resolved in bulk, then each ticket\'s two events are delivered once, in order', async () => {
    // given
    const subscribed = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes: ['ticket.assigned', 'ticket.resolved'] } });
    expect(subscribed.status, subscribed.text).to.equal(201);
    const ids = [await newTicket(svc), await newTicket(svc), await newTicket(svc)];
    // when
    const started = await startBulk(svc, { ticketIds: ids, changes: { assign: { agentId: 'u-agent2' }, status: { status: 'resolved' } } });
    expect((await waitForBulk(svc, started.body.jobId)).body.job.changed).to.equal(3);
    // then
    const messages = () => receiver.received.flatMap((r) => (Array.isArray(r.json) ? r.json : [r.json])).filter((m) => ids.includes(m?.data?.ticketId));
    await eventually(() => messages().length >= 6, 'six webhook messages arrived', 15_000);
    for (const id of ids) {
      const mine = messages().filter((m) => m.data.ticketId === id);
      expect(mine.map((m) => m.type), id).to.deep.equal(['ticket.assigned', 'ticket.resolved']);
      expect(mine[0].data).to.include({ agentId: 'u-agent2' });
    }
  });
});
