import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { WebhookAttempt, WebhookRequest } from '@support/domain';
import { forbiddenAddress, webhookSender } from '@support/adapters';
import { allowedHostsFor, startWebhookReceiver, WebhookReceiver } from './webhook-receiver';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = 'whsec_QkFTRTY0U0VDUkVUU0VDUkVUU0VDUkVUUw==';
const BODY = '{"type":"ticket.created","timestamp":"2026-01-01T00:00:00Z","data":{"ticketId":"t-1"}}';

const request = (url: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url, body: BODY, messageId: 'evt-1:ticket.created', timestamp: new Date(), secrets: [SECRET], ...extra,
});

const errorOf = (attempt: WebhookAttempt): string => (attempt.kind === 'answered' ? expect.fail(`expected no answer, got HTTP ${attempt.status}`) : attempt.error);
const answerOf = (attempt: WebhookAttempt) => (attempt.kind === 'answered' ? attempt : expect.fail(`expected an answer, got ${attempt.kind}: ${attempt.error}`));

/** A server on a loopback address whose handler the test writes; counts the connections it gets. */
const startServer = async (handler: http.RequestListener, host = '127.0.0.1', port = 0) => {
  const server = http.createServer(handler);
  const counted = { connections: 0, requests: 0 };
  server.on('connection', () => counted.connections++);
  server.on('request', () => counted.requests++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}`, port: bound, counted,
    stop: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
};

/** Every outgoing TCP/TLS connection this process starts while `watching` (both go through Socket#connect). */
const watchConnections = () => {
  const started: unknown[] = [];
  const original = Socket.prototype.connect;
  Socket.prototype.connect = function (this: Socket, ...args: unknown[]) {
    started.push(args[0]);
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof original;
  return { started, restore: () => { Socket.prototype.connect = original; } };
};

describe('webhook sender: Standard Webhooks signatures, target rules, redirects, timeouts, bounded answers', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => receiver.stop());

  /** A sender allowing these URLs' hosts, each on its port. */
  const allowing = (...urls: string[]) => webhookSender({ allowedHosts: allowedHostsFor(...urls) });

  describe('signing', () => {
    it('given one secret, when a delivery is sent, then the receiver verifies it with the standardwebhooks package', async () => {
      // when
      const attempt = await allowing(receiver.url).send(request(receiver.url));
      // then
      expect(answerOf(attempt)).to.include({ status: 200, bodyExcerpt: '{"ok":true}' });
      const [got] = receiver.received;
      expect(got.body).to.equal(BODY);
      expect(got.headers).to.include({ 'content-type': 'application/json', 'user-agent': 'support-webhooks/1', 'webhook-id': 'evt-1:ticket.created' });
      expect(got.headers['webhook-timestamp']).to.match(/^\d{10}$/);
      expect(got.headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(new Webhook(SECRET).verify(got.body, got.headers)).to.deep.equal(JSON.parse(BODY));
      expect(() => new Webhook(OTHER).verify(got.body, got.headers)).to.throw();
    });

    it('given two secrets during a rotation, when a delivery is sent, then it carries two signatures and each secret verifies it', async () => {
      // when
      const attempt = await allowing(receiver.url).send(request(receiver.url, { secrets: [SECRET, OTHER] }));
      // then
      expect(attempt).to.include({ kind: 'answered', status: 200 });
      const [got] = receiver.received;
      expect(got.headers['webhook-signature'].split(' ')).to.have.length(2);
      expect(new Webhook(SECRET).verify(got.body, got.headers)).to.deep.equal(JSON.parse(BODY));
      expect(new Webhook(OTHER).verify(got.body, got.headers)).to.deep.equal(JSON.parse(BODY));
    });

    it('given a malformed secret, when a delivery is sent, then it fails without naming the secret and sends nothing', async () => {
      const error = await allowing(receiver.url).send(request(receiver.url, { secrets: [SECRET, 'whsec_!!not base64!!'] })).then(() => null, (e: Error) => e);
      expect(error?.message).to.match(/secret #2 is not a valid/).and.not.include('not base64');
      expect(receiver.received).to.have.length(0);
    });
  });

  describe('target rules', () => {
    let connections: ReturnType<typeof watchConnections>;
    beforeEach(() => {
      connections = watchConnections();
    });
    afterEach(() => connections.restore());

    it('given a host the operator does not allow, when the target is plain http, then it is refused without resolving or connecting', async () => {
      // given
      const lookups: string[] = [];
      const sender = webhookSender({ lookup: async (host) => (lookups.push(host), ['93.184.216.34']) });
      // when
      const named = await sender.send(request('http://hooks.example.com/in'));
      const literal = await sender.send(request(receiver.url));
      // then
      expect(named.kind).to.equal('refused');
      expect(errorOf(named)).to.match(/not https/);
      expect(literal.kind).to.equal('refused');
      expect(await sender.checkTarget('http://hooks.example.com/in')).to.deep.include({ ok: false });
      expect(lookups).to.deep.equal([]);
      expect(connections.started).to.deep.equal([]);
      expect(receiver.received).to.have.length(0);
    });

    it('given names resolving to private, loopback, link-local, unspecified or IPv4-mapped addresses, when sent to, then each is refused without connecting', async () => {
      // given
      const answers: Record<string, string[]> = {
        'lan.hooks.test': ['10.0.0.5'], 'cgnat.hooks.test': ['100.64.1.1'], 'rfc1918.hooks.test': ['172.20.0.1'], 'home.hooks.test': ['192.168.1.10'],
        'loop.hooks.test': ['127.0.0.1'], 'meta.hooks.test': ['169.254.169.254'], 'zero.hooks.test': ['0.0.0.0'],
        'six-loop.hooks.test': ['::1'], 'six-link.hooks.test': ['fe80::1'], 'six-ula.hooks.test': ['fd12:3456::1'],
        'mapped.hooks.test': ['::ffff:192.168.1.1'], 'mapped-hex.hooks.test': ['::ffff:7f00:1'],
        // one bad address among public ones is enough
        'mixed.hooks.test': ['93.184.216.34', '10.1.2.3'],
      };
      const sender = webhookSender({ lookup: async (host) => answers[host] ?? [] });
      for (const host of Object.keys(answers)) {
        // when
        const attempt = await sender.send(request(`https://${host}/in`));
        const check = await sender.checkTarget(`https://${host}/in`);
        // then
        expect(attempt.kind, host).to.equal('refused');
        expect(errorOf(attempt), host).to.match(/resolves to .* is an? (private|loopback|link-local|unspecified) address/);
        expect(check, host).to.deep.include({ ok: false });
      }
      for (const literal of ['https://127.0.0.1/in', 'https://[::1]/in', 'https://[::ffff:10.0.0.1]/in', 'https://169.254.169.254/latest', 'https://0x7f.1/in']) {
        expect((await sender.send(request(literal))).kind, literal).to.equal('refused');
      }
      expect(connections.started).to.deep.equal([]);
    });

    it('given a URL with credentials, another scheme or a host that does not resolve, then checkTarget refuses it, and a delivery to the unresolved host is a network failure', async () => {
      const sender = webhookSender({ lookup: async (host) => (host === 'gone.hooks.test' ? Promise.reject(new Error('ENOTFOUND')) : ['93.184.216.34']) });
      expect(await sender.checkTarget('https://user:pw@hooks.example.com/in')).to.deep.equal({ ok: false, reason: 'the URL carries credentials' });
      expect(await sender.checkTarget('ftp://hooks.example.com/in')).to.deep.include({ ok: false });
      expect(await sender.checkTarget('/relative')).to.deep.include({ ok: false });
      expect(await sender.checkTarget('https://gone.hooks.test/in')).to.deep.include({ ok: false });
      expect(await sender.checkTarget('https://hooks.example.com/in')).to.deep.equal({ ok: true });
      const attempt = await sender.send(request('https://gone.hooks.test/in'));
      expect(attempt.kind).to.equal('network');
      expect(errorOf(attempt)).to.match(/does not resolve/);
      expect(connections.started).to.deep.equal([]);
    });

    it('given an allowed name, when it is plain http and resolves to loopback, then the delivery is made', async () => {
      const named = receiver.url.replace('127.0.0.1', 'localhost');
      const sender = webhookSender({ allowedHosts: allowedHostsFor(named), lookup: async () => ['127.0.0.1'] });
      expect(await sender.checkTarget(named)).to.deep.equal({ ok: true });
      expect(await sender.send(request(named))).to.include({ kind: 'answered', status: 200 });
      expect(receiver.received[0].headers.host).to.match(/^localhost:\d+$/);
    });
  });

  describe('DNS rebinding', () => {
    /** The receiver's port on a second loopback address: where a rebound name would lead. */
    const trapOnSecondLoopback = async (ctx: Mocha.Context, port: number) => {
      try {
        return await startServer((_req, res) => res.end('trap'), '127.0.0.2', port);
      } catch {
        return ctx.skip();
      }
    };

    it('given a name that resolves to the checked address and to another one afterwards, when sent to, then the request reaches only the checked address', async function () {
      // given the name answers 127.0.0.1 at the check and 127.0.0.2 (a trap on the same port) to any later lookup
      const port = Number(new URL(receiver.url).port);
      const trap = await trapOnSecondLoopback(this, port);
      try {
        let calls = 0;
        const sender = webhookSender({ allowedHosts: [{ host: 'hooks.test', port }], lookup: async () => (++calls === 1 ? ['127.0.0.1'] : ['127.0.0.2']) });
        // when
        const attempt = await sender.send(request(`http://hooks.test:${port}/hooks`));
        // then
        expect(attempt).to.include({ kind: 'answered', status: 200 });
        expect(calls).to.equal(1);
        expect(receiver.received).to.have.length(1);
        expect(receiver.received[0].headers.host).to.equal(`hooks.test:${port}`);
        expect(trap.counted.connections).to.equal(0);
      } finally {
        await trap.stop();
      }
    });

    it('given a kept-alive connection to the first resolution, when the name resolves elsewhere at the next delivery, then that delivery connects to its own checked address', async function () {
      const port = Number(new URL(receiver.url).port);
      const trap = await trapOnSecondLoopback(this, port);
      try {
        const answers = [['127.0.0.1'], ['127.0.0.2']];
        const sender = webhookSender({ allowedHosts: [{ host: 'hooks.test', port }], lookup: async () => answers.shift() ?? [] });
        expect(await sender.send(request(`http://hooks.test:${port}/hooks`))).to.include({ status: 200 });
        expect(answerOf(await sender.send(request(`http://hooks.test:${port}/hooks`))).bodyExcerpt).to.equal('trap');
        expect(receiver.received).to.have.length(1);
        expect(trap.counted.requests).to.equal(1);
      } finally {
        await trap.stop();
      }
    });
  });

  describe('answers', () => {
    it('given a receiver that redirects, when sent to, then the redirect is not followed and its target gets nothing', async () => {
      // given
      const redirecting = await startServer((_req, res) => {
        res.writeHead(307, { location: `${receiver.url}?token=abc` });
        res.end();
      });
      try {
        // when
        const attempt = await allowing(redirecting.url).send(request(redirecting.url));
        // then
        expect(attempt.kind).to.equal('redirect');
        expect(errorOf(attempt)).to.include('HTTP 307').and.include(new URL(receiver.url).origin).and.not.include('token');
        expect(receiver.received).to.have.length(0);
      } finally {
        await redirecting.stop();
      }
    });

    it('given a receiver that never answers, when the timeout passes, then the attempt is a timeout', async () => {
      // given
      const silent = await startServer(() => undefined);
      const trickling = await startServer((_req, res) => {
        res.writeHead(200);
        res.write('a');
      });
      try {
        const sender = webhookSender({ allowedHosts: allowedHostsFor(silent.url, trickling.url), timeoutMs: 300 });
        // when
        const noAnswer = await sender.send(request(silent.url));
        const noEnd = await sender.send(request(trickling.url));
        // then
        for (const attempt of [noAnswer, noEnd]) {
          expect(attempt.kind).to.equal('timeout');
          expect(attempt.durationMs).to.be.within(290, 1_500);
          expect(errorOf(attempt)).to.match(/within 300 ms/).and.not.include(SECRET.slice(6));
        }
      } finally {
        await silent.stop();
        await trickling.stop();
      }
    });

    it('given a DNS lookup that hangs, when the timeout passes, then the attempt is a timeout too', async () => {
      const sender = webhookSender({ timeoutMs: 200, lookup: () => new Promise(() => undefined) });
      const attempt = await sender.send(request('https://slow-dns.hooks.test/in'));
      expect(attempt.kind).to.equal('timeout');
      expect(attempt.durationMs).to.be.within(190, 1_000);
    });

    it('given a receiver that streams 1 MB and keeps the answer open, when sent to, then the answer is read only up to the bound and counted promptly by its status', async () => {
      // given: 1 MB of body, then the response is never ended
      const big = await startServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(16 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 1024 * 1024) res.once('drain', () => { sent += chunk.length; more(); });
        };
        more();
      });
      try {
        const sender = webhookSender({ allowedHosts: allowedHostsFor(big.url), timeoutMs: 5_000 });
        // when
        const attempt = answerOf(await sender.send(request(big.url)));
        // then
        expect(attempt.status).to.equal(200);
        expect(attempt.durationMs).to.be.below(2_000);
        expect(attempt.bodyExcerpt).to.equal('x'.repeat(1_024));
      } finally {
        await big.stop();
      }
    });

    it('given a long answer of multi-byte characters, then the excerpt holds at most 1 KB and no cut character', async () => {
      const accented = await startServer((_req, res) => res.end('é'.repeat(2_000)));
      try {
        const attempt = answerOf(await allowing(accented.url).send(request(accented.url)));
        expect(Buffer.byteLength(attempt.bodyExcerpt)).to.be.at.most(1_024);
        expect(attempt.bodyExcerpt).to.equal('é'.repeat(512));
      } finally {
        await accented.stop();
      }
    });

    it('given a 500 and a 404, then each is answered with its status', async () => {
      receiver.script.push({ status: 500 }, { status: 404 });
      expect(await allowing(receiver.url).send(request(receiver.url))).to.include({ kind: 'answered', status: 500, bodyExcerpt: '{"ok":true}' });
      expect(await allowing(receiver.url).send(request(receiver.url))).to.include({ kind: 'answered', status: 404 });
    });

    it('given a Retry-After in seconds or as an HTTP date, then the attempt carries it in ms', async () => {
      receiver.script.push(
        { status: 429, headers: { 'retry-after': '7' } },
        { status: 503, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } },
        { status: 503, headers: { 'retry-after': 'soon' } },
      );
      expect(await allowing(receiver.url).send(request(receiver.url))).to.include({ kind: 'answered', status: 429, retryAfterMs: 7_000 });
      expect(answerOf(await allowing(receiver.url).send(request(receiver.url))).retryAfterMs).to.be.within(55_000, 60_000);
      expect(answerOf(await allowing(receiver.url).send(request(receiver.url))).retryAfterMs).to.equal(undefined);
    });

    it('given an aborted signal, then nothing is sent', async () => {
      const attempt = await allowing(receiver.url).send(request(receiver.url, { signal: AbortSignal.abort() }));
      expect(attempt.kind).to.equal('network');
      expect(receiver.received).to.have.length(0);
    });
  });

  it('given addresses, then the forbidden ranges are known and public addresses pass', () => {
    for (const a of [
      '10.1.2.3', '172.16.0.1', '192.168.0.1', '100.64.0.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::', '::1', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:a00:1', '::127.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1',
    ]) expect(forbiddenAddress(a), a).to.be.a('string');
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2606:4700::1111']) expect(forbiddenAddress(a), a).to.equal(null);
  });
});
