import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { forbiddenAddress, webhookSender } from '@support/adapters';
import { startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_QkFTRTY0U0VDUkVUU0VDUkVUU0VDUkVUUw==';
const request = (url: string, extra: Partial<Parameters<ReturnType<typeof webhookSender>['send']>[0]> = {}) => ({
  url, body: '{"type":"ticket.created","data":{"ticketId":"t-1"}}', messageId: 'evt-1:ticket.created', timestamp: new Date(), secrets: [SECRET], ...extra,
});

/** A server whose handler the test writes. */
const startServer = async (handler: http.RequestListener) => {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
};

describe('webhook sender: Standard Webhooks signatures, target rules, redirects, timeouts, bounded answers', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => receiver.stop());

  const allowed = webhookSender({ allowedHosts: ['127.0.0.1'] });

  it('given one secret, or two during a rotation, then the receiver verifies the delivery with the standardwebhooks package and each secret', async () => {
    // when
    const one = await allowed.send(request(receiver.url));
    const two = await allowed.send(request(receiver.url, { secrets: [SECRET, OTHER] }));
    // then
    expect(one).to.include({ kind: 'answered', status: 200 });
    expect(two).to.include({ kind: 'answered', status: 200 });
    const [first, second] = receiver.received;
    expect(first.headers['webhook-id']).to.equal('evt-1:ticket.created');
    expect(new Webhook(SECRET).verify(first.body, first.headers)).to.deep.equal(JSON.parse(first.body));
    expect(second.headers['webhook-signature'].split(' ')).to.have.length(2);
    expect(new Webhook(SECRET).verify(second.body, second.headers)).to.be.an('object');
    expect(new Webhook(OTHER).verify(second.body, second.headers)).to.be.an('object');
    expect(() => new Webhook(OTHER).verify(first.body, first.headers)).to.throw();
  });

  it('refuses plain http for a host not allowed, and a name resolving to a private, loopback, link-local or IPv4-mapped address, without connecting', async () => {
    const lookups: Record<string, string[]> = { 'lan.example.com': ['10.0.0.5'], 'meta.example.com': ['169.254.169.254'], 'mapped.example.com': ['::ffff:192.168.1.1'], 'six.example.com': ['fe80::1'] };
    const sender = webhookSender({ lookup: async (host) => lookups[host] ?? ['93.184.216.34'] });
    expect(await sender.send(request(receiver.url))).to.include({ kind: 'refused' });
    for (const host of Object.keys(lookups)) {
      const attempt = await sender.send(request(`https://${host}/in`));
      expect(attempt.kind, host).to.equal('refused');
      expect((attempt as { error: string }).error).to.match(/private, loopback, link-local or reserved/);
    }
    expect(await sender.checkTarget('https://127.0.0.1/in')).to.deep.include({ ok: false });
    expect(await sender.checkTarget('https://user:pw@hooks.example.com/in')).to.deep.include({ ok: false });
    expect(receiver.received).to.have.length(0);
  });

  it('connects to the address it checked, whatever the name resolves to later (DNS rebinding)', async () => {
    // given a name that resolves to the receiver (allowed) at the check, and elsewhere afterwards
    let calls = 0;
    const port = new URL(receiver.url).port;
    const sender = webhookSender({ allowedHosts: ['hooks.test'], lookup: async () => (++calls === 1 ? ['127.0.0.1'] : ['10.9.9.9']) });
    // when
    const attempt = await sender.send(request(`http://hooks.test:${port}/hooks`));
    // then the request went to the checked address, and the name was resolved once
    expect(attempt).to.include({ kind: 'answered', status: 200 });
    expect(calls).to.equal(1);
    expect(receiver.received[0].headers.host).to.equal(`hooks.test:${port}`);
  });

  it('does not follow a redirect: the attempt says so and the redirect\'s target gets nothing', async () => {
    const redirecting = await startServer((_req, res) => {
      res.writeHead(302, { location: receiver.url });
      res.end();
    });
    try {
      const attempt = await allowed.send(request(redirecting.url));
      expect(attempt.kind).to.equal('redirect');
      expect(receiver.received).to.have.length(0);
    } finally {
      await redirecting.stop();
    }
  });

  it('ends an attempt the receiver does not answer in time, and reads at most the bound of a long answer', async () => {
    const slow = await startServer(() => undefined);
    const big = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(16 * 1024, 'x');
      let sent = 0;
      const more = () => {
        while (sent < 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 1024 * 1024) res.once('drain', more);
        else res.end();
      };
      more();
    });
    try {
      const sender = webhookSender({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
      const timedOut = await sender.send(request(slow.url));
      expect(timedOut.kind).to.equal('timeout');
      expect(timedOut.durationMs).to.be.within(250, 2_000);
      const capped = await sender.send(request(big.url));
      expect(capped).to.include({ kind: 'answered', status: 200 });
      expect((capped as { bodyExcerpt: string }).bodyExcerpt.length).to.be.at.most(1_024);
    } finally {
      await slow.stop();
      await big.stop();
    }
  });

  it('answers the status of a 500 and a 404, and the Retry-After of a 429 in seconds or as a date', async () => {
    receiver.script.push({ status: 500 }, { status: 404 }, { status: 429, headers: { 'retry-after': '7' } }, { status: 503, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } });
    expect(await allowed.send(request(receiver.url))).to.include({ kind: 'answered', status: 500 });
    expect(await allowed.send(request(receiver.url))).to.include({ kind: 'answered', status: 404 });
    expect(await allowed.send(request(receiver.url))).to.include({ kind: 'answered', status: 429, retryAfterMs: 7_000 });
    const dated = await allowed.send(request(receiver.url));
    expect((dated as { retryAfterMs: number }).retryAfterMs).to.be.within(50_000, 61_000);
  });

  it('knows the forbidden ranges', () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(forbiddenAddress(a), a).to.be.a('string');
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(forbiddenAddress(a), a).to.equal(null);
  });
});
