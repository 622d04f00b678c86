import { expect } from 'chai';
import type { ServiceItself, WebhookAttempt, WebhookRequest } from '@support/domain';
import { webhookSender } from '@support/adapters';
import { allowedHostsFor, startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const request = (url: string): WebhookRequest => ({ url, body: '{"type":"webhook.ping"}', messageId: 'ping:1', timestamp: new Date(), secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] });
const errorOf = (attempt: WebhookAttempt): string => (attempt.kind === 'answered' ? expect.fail(`expected no answer, got HTTP ${attempt.status}`) : attempt.error);

/**
 * The check at every delivery (and at a ping): a subscription kept from before, or a name whose
 * address changed, reaches only an allowed host on its allowed port, and never the service itself.
 */
describe('webhook sender: at delivery, the allowed host on its port only, never the service itself', () => {
  let receiver: WebhookReceiver;
  /** Another server on the same host: a port the operator did not allow. */
  let other: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    other = await startWebhookReceiver();
  });
  afterEach(async () => {
    await receiver.stop();
    await other.stop();
  });

  it('given 127.0.0.1 allowed on the receiver\'s port, when a delivery goes to another port of 127.0.0.1, then it is refused and that port gets nothing', async () => {
    // given
    const sender = webhookSender({ allowedHosts: allowedHostsFor(receiver.url) });
    const otherPort = new URL(other.url).port;
    // when
    const plain = await sender.send(request(other.url));
    const secure = await sender.send(request(`https://127.0.0.1:${otherPort}/hooks`));
    const allowed = await sender.send(request(receiver.url));
    // then
    expect(plain.kind).to.equal('refused');
    expect(errorOf(plain)).to.include(`127.0.0.1:${otherPort} is not one`);
    expect(secure.kind).to.equal('refused');
    expect(errorOf(secure)).to.match(/loopback address/);
    expect(other.received).to.have.length(0);
    expect(allowed).to.include({ kind: 'answered', status: 200 });
  });

  it('given an allowed name resolving to loopback, when a delivery goes to another port of it, then it is refused at the check and at the delivery', async () => {
    const port = Number(new URL(receiver.url).port);
    const sender = webhookSender({ allowedHosts: [{ host: 'hooks.test', port }], lookup: async () => ['127.0.0.1'] });
    expect(await sender.checkTarget(`http://hooks.test:${port}/hooks`)).to.deep.equal({ ok: true });
    expect(await sender.checkTarget(`http://hooks.test:${new URL(other.url).port}/hooks`)).to.deep.include({ ok: false });
    expect((await sender.send(request(`https://hooks.test:${new URL(other.url).port}/hooks`))).kind).to.equal('refused');
    expect(other.received).to.have.length(0);
  });

  it('given the service itself allowed, when a delivery goes to it by address, by localhost or by a name resolving to it, then it is refused naming the host and port, and it gets nothing', async () => {
    // given: the "service" listens on the other server's port, and the operator allowed that port too
    const servicePort = Number(new URL(other.url).port);
    const serviceItself: ServiceItself = { publicOrigin: { host: 'support.example.com', port: 443 }, listeningPort: servicePort, localAddresses: [] };
    const sender = webhookSender({
      allowedHosts: [...allowedHostsFor(receiver.url, other.url), { host: 'localhost', port: servicePort }, { host: 'hooks.test', port: servicePort }],
      serviceItself, lookup: async () => ['127.0.0.1'],
    });
    for (const [url, reason] of [
      [`http://127.0.0.1:${servicePort}/admin/events?token=s3cret`, `127.0.0.1:${servicePort} is this service itself`],
      [`http://localhost:${servicePort}/admin/events`, `localhost:${servicePort} is this service itself`],
      [`http://hooks.test:${servicePort}/admin/events`, `the host hooks.test resolves to 127.0.0.1, where port ${servicePort} is this service itself`],
      ['https://support.example.com/admin/events', 'support.example.com:443 is this service itself'],
    ]) {
      // when
      const attempt = await sender.send(request(url));
      // then
      expect(attempt.kind, url).to.equal('refused');
      expect(errorOf(attempt), url).to.equal(`the target is refused: ${reason}`);
      expect(await sender.checkTarget(url), url).to.deep.equal({ ok: false, reason });
    }
    expect(other.received).to.have.length(0);
    // and the receiver, on its own allowed port, still gets its deliveries
    expect(await sender.send(request(receiver.url))).to.include({ kind: 'answered', status: 200 });
  });
});
