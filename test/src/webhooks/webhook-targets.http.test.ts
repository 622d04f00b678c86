import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { freePort } from '../topology/support/processes';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const HOOKS = '/apis/webhooks';

describe('webhooks (HTTP): WEBHOOK_ALLOWED_HOSTS allows a host on its port only, and the service itself is never a target', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: WebhookReceiver;
  /** A server on another port of 127.0.0.1, which the operator did not allow. */
  let other: WebhookReceiver;
  let servicePort: number;

  before(async () => {
    receiver = await startWebhookReceiver();
    other = await startWebhookReceiver();
    servicePort = await freePort();
    // The operator allowed the receiver and, too, the service's own port (by 127.0.0.1 and by localhost).
    svc = await startTestService({
      config: withoutRateLimits(exampleConfig()),
      env: { PORT: String(servicePort), WEBHOOK_ALLOWED_HOSTS: `${allowedHostsOf(receiver.url)},127.0.0.1:${servicePort},localhost:${servicePort}` },
    });
  });
  after(async () => {
    await svc?.stop();
    await receiver?.stop();
    await other?.stop();
  });

  const subscribe = (url: string) => svc.api('POST', HOOKS, { token: TOKENS.acmeAdmin, body: { url, eventTypes: ['ticket.created'] } });

  it('given 127.0.0.1 allowed on the receiver\'s port, when an admin subscribes to the receiver, then it is taken and pinged; another port of 127.0.0.1 is refused at create and at change', async () => {
    // when
    const made = await subscribe(receiver.url);
    // then
    expect(made.status, made.text).to.equal(201);
    const ping = await svc.api('POST', `${HOOKS}/${made.body.id}/ping`, { token: TOKENS.acmeAdmin });
    expect(ping.body).to.include({ delivered: true, statusCode: 200 });
    expect(receiver.received.map((r) => r.json?.type)).to.include('webhook.ping');
    // when another port of the same host
    const otherPort = new URL(other.url).port;
    const plain = await subscribe(other.url);
    const secure = await subscribe(`https://127.0.0.1:${otherPort}/hooks`);
    const changed = await svc.api('PATCH', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin, body: { url: other.url } });
    // then
    expect(plain.status).to.equal(400);
    expect(plain.body.message).to.equal(
      `url must be https (got http); plain http is only for a host and port the operator allows (WEBHOOK_ALLOWED_HOSTS), and 127.0.0.1:${otherPort} is not one`,
    );
    expect(secure.status).to.equal(400);
    expect(secure.body.message).to.match(/^url is refused: the host 127\.0\.0\.1 resolves to 127\.0\.0\.1 is a loopback address/);
    expect(changed.status).to.equal(400);
    expect((await svc.api('GET', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin })).body.url).to.equal(receiver.url);
    expect(other.received).to.have.length(0);
  });

  it('given the service\'s own host and port allowed, when an admin subscribes to the service\'s own URL, then it is a 400 saying why, naming the host and port but not the path or query', async () => {
    const made = await subscribe(receiver.url);
    for (const [url, named] of [
      [`http://127.0.0.1:${servicePort}/admin/events?token=s3cret`, `127.0.0.1:${servicePort}`],
      [`http://localhost:${servicePort}/admin/events?token=s3cret`, `localhost:${servicePort}`],
    ]) {
      // when
      const created = await subscribe(url);
      const changed = await svc.api('PATCH', `${HOOKS}/${made.body.id}`, { token: TOKENS.acmeAdmin, body: { url } });
      // then
      for (const res of [created, changed]) {
        expect(res.status, url).to.equal(400);
        expect(res.body.message, url).to.equal(`url must not target this service itself (${named}): a webhook goes to a receiver outside it`);
        expect(res.text, url).to.not.include('/admin').and.not.include('s3cret');
      }
    }
  });
});
