import { expect } from 'chai';
import { webhookStream } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { freshPhone, MANUAL } from '../tickets/create/support/ticket-service';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const HOUR = 3_600_000;

describe('webhooks: a subscription that fails for a day without a success is disabled, as an event', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  let offsetMs = 0;

  before(async () => {
    receiver = await startWebhookReceiver();
    svc = await startTestService({
      config: withoutRateLimits(exampleConfig()), env: { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) }, overrides: { clock: { now: () => new Date(Date.now() + offsetMs) } },
    });
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
  });

  it('given a receiver answering 500, when its retry comes after more than a day of failures, then the delivery fails for good and the subscription is disabled with the reason', async () => {
    // given a subscription whose receiver fails
    const made = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes: ['ticket.created'] } });
    receiver.script.push({ status: 500 }, { status: 500 }, { status: 500 });
    await svc.api('POST', MANUAL, { token: TOKENS.acmeAdmin, body: { customer: { phone: freshPhone() }, query: 'hello' } });
    await eventually(() => receiver.received.length >= 1, 'the first attempt', 10_000);
    // when the service's clock is a day and an hour later at the retry
    offsetMs = 25 * HOUR;
    await eventually(() => receiver.received.length >= 2, 'the retry', 30_000);
    // then the subscription is disabled, as an event with the reason, and the delivery is not tried again
    await eventually(async () => (await svc.api('GET', `/apis/webhooks/${made.body.id}`, { token: TOKENS.acmeAdmin })).body.enabled === false, 'disabled', 10_000);
    const got = await svc.api('GET', `/apis/webhooks/${made.body.id}`, { token: TOKENS.acmeAdmin });
    expect(got.body.disabledReason).to.match(/^every delivery attempt failed since .+, without a success$/);
    const events: string[] = [];
    for await (const e of svc.deps.eventStore.readStream(webhookStream(made.body.id))) events.push(e.type);
    expect(events).to.deep.equal(['WebhookSubscriptionCreated', 'WebhookSubscriptionDisabled']);
    const log = await svc.api('GET', `/apis/webhooks/${made.body.id}/deliveries`, { token: TOKENS.acmeAdmin });
    expect(log.body.data[0]).to.include({ outcome: 'failed', statusCode: 500, retryAt: null });
  });
});
