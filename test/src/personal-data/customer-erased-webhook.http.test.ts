import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';

describe('customer erasure (HTTP): the customer.erased webhook', function () {
  this.timeout(60_000);
  let receiver: WebhookReceiver;
  let svc: TestService;
  before(async () => {
    receiver = await startWebhookReceiver();
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), env: { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) } });
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
  });

  it('given a subscription to customer.erased, when a customer is erased, then one delivery names the customer, the erasure and the tickets, and none of the erased values', async () => {
    // given
    const subscribed = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes: ['customer.erased'] } });
    expect(subscribed.status, subscribed.text).to.equal(201);
    const created = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { name: 'Ingrid Vanhala', phone: '+358401234567' }, subject: 'Sauna heater', query: 'The heater hums', fastResponse: true },
    });
    const customerId = created.body.customer.id as string;
    // when
    const asked = await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin });
    // then
    await eventually(() => receiver.received.length > 0, 'the webhook arrives', 30_000);
    expect(receiver.received).to.have.length(1);
    const [delivery] = receiver.received;
    expect(delivery!.json.type).to.equal('customer.erased');
    expect(delivery!.json.data).to.deep.include({ customerId, erasureId: asked.body.erasureId, ticketIds: [created.body.ticketId] });
    for (const value of ['Ingrid', 'Vanhala', '358401234567', 'Sauna', 'hums']) expect(delivery!.body).to.not.include(value);
  });
});
