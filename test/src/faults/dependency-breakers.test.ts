import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { BreakerKey, BreakerState, breakingChatApp, DependencyBreakers } from '@support/adapters';
import * as E from 'fp-ts/Either';
import { ChatApp, ChatAppClient, ChatAppFailure } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService } from '../support/test-service';

const key: BreakerKey = { dependency: 'store', accountId: 'acme', target: 'http://127.0.0.1:4040' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('circuit breakers per dependency, account and target (cockatiel)', () => {
  const make = () => {
    const told: [string, BreakerState][] = [];
    const breakers = new DependencyBreakers((k, state) => told.push([`${k.dependency}/${k.accountId}`, state]), { failuresToOpen: 3, coolDownMs: 60 });
    let calls = 0;
    const call = (answer: 'ok' | 'fail' | 'throw', k: BreakerKey = key) => breakers.run(k, async () => {
      calls++;
      if (answer === 'throw') throw new Error('connection refused');
      return answer;
    }, (a) => a === 'fail', () => 'open' as const);
    return { told, call, calls: () => calls };
  };

  it('given calls that fail in a row (answers that count as failures, or thrown errors), when as many as the limit have failed, then the next calls answer at once without calling, and the opening is told', async () => {
    const { told, call, calls } = make();
    expect(await call('fail')).to.equal('fail');
    await call('throw').catch(() => undefined);
    expect(await call('fail')).to.equal('fail');
    expect(await call('ok')).to.equal('open');
    expect(await call('ok')).to.equal('open');
    expect(calls()).to.equal(3);
    expect(told).to.deep.equal([['store/acme', 'open']]);
  });

  it('given an open breaker, when its cool-down has passed, then one call is let through (half-open), and its success closes the breaker', async () => {
    const { told, call, calls } = make();
    for (let i = 0; i < 3; i++) await call('fail');
    await sleep(80);
    expect(await call('ok')).to.equal('ok');
    expect(await call('ok')).to.equal('ok');
    expect(calls()).to.equal(5);
    expect(told.map(([, s]) => s)).to.deep.equal(['open', 'half-open', 'closed']);
  });

  it('given a half-open breaker, when the call let through fails, then it opens again', async () => {
    const { told, call } = make();
    for (let i = 0; i < 3; i++) await call('fail');
    await sleep(80);
    expect(await call('fail')).to.equal('fail');
    expect(await call('ok')).to.equal('open');
    expect(told.map(([, s]) => s)).to.deep.equal(['open', 'half-open', 'open']);
  });

  it('given one account\'s store failing, then another account\'s calls to the same store, and the first account\'s other targets, go on', async () => {
    const { call } = make();
    for (let i = 0; i < 3; i++) await call('fail');
    expect(await call('ok')).to.equal('open');
    expect(await call('ok', { ...key, accountId: 'globex' })).to.equal('ok');
    expect(await call('ok', { ...key, target: 'http://127.0.0.1:4041' })).to.equal('ok');
  });
});

describe('circuit breakers in the service: a store that answers 500', function () {
  this.timeout(60_000);

  it('given a store that keeps answering 500, when agents keep looking up orders, then after five failed lookups the store is not called any more, the lookups answer 503 at once, and /metrics shows the breaker open', async () => {
    // given
    let storeCalls = 0;
    const store = http.createServer((_req, res) => {
      storeCalls++;
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom"}');
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
    const port = (store.address() as AddressInfo).port;
    const config = JSON.parse(JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:4040/g, `http://127.0.0.1:${port}`));
    const svc = await startTestService({ config });
    try {
      // when
      const lookup = () => svc.api('GET', '/apis/orders?phone=%2B14155550199', { token: TOKENS.acmeAdmin });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await lookup());
      const callsWhenOpen = storeCalls;
      const started = Date.now();
      const fast = await lookup();
      const ms = Date.now() - started;
      // then
      expect(answers.map((a) => a.status)).to.deep.equal([503, 503, 503, 503, 503]);
      expect(fast.status).to.equal(503);
      expect(fast.body.code).to.equal('store_unavailable');
      expect(storeCalls).to.equal(callsWhenOpen);
      expect(ms).to.be.below(200);
      const metrics = await svc.api('GET', '/metrics');
      expect(metrics.text).to.match(/support_dependency_breaker_state\{dependency="store",account="acme"\} 1/);
    } finally {
      await svc.stop();
      store.close();
    }
  });
});

describe('the chat app behind its breaker', () => {
  const chatApp = { apiBaseUrl: 'http://127.0.0.1:4020', apiVersion: 'v21.0', businessAccountId: 'waba-acme', phoneNumberId: 'pn-acme', accessToken: 'secret', senderPhone: '+919800000001' } as ChatApp;
  const failing = (failure: ChatAppFailure): { client: ChatAppClient; calls: () => number } => {
    let calls = 0;
    return {
      client: {
        listTemplates: async () => { calls++; return E.left(failure); },
        sendTemplate: async () => { calls++; return E.left(failure); },
      },
      calls: () => calls,
    };
  };
  const message = { to: '+14155550123', template: { name: 'x', language: { code: 'en_US' }, components: [] } };

  it('given sends that keep failing with no answer or a 5xx, when five have failed, then the next answers at once with a retryable failure that says the breaker is open', async () => {
    const { client, calls } = failing({ kind: 'timeout', code: 'timeout', message: 'no answer', retryable: true, calls: 3 });
    const told: BreakerState[] = [];
    const guarded = breakingChatApp(client, new DependencyBreakers((_k, s) => told.push(s)));
    for (let i = 0; i < 5; i++) await guarded.sendTemplate(chatApp, message);
    const fast = await guarded.sendTemplate(chatApp, message);
    expect(calls()).to.equal(5);
    expect(E.isLeft(fast) && fast.left).to.include({ kind: 'network', retryable: true, calls: 0 });
    expect(E.isLeft(fast) && fast.left.message).to.match(/circuit breaker open/);
    expect(told).to.deep.equal(['open']);
  });

  it('given the platform pacing us (429), then the breaker stays closed', async () => {
    const { client, calls } = failing({ kind: 'platform', code: '130429', message: 'Rate limit hit', httpStatus: 429, retryable: true, calls: 1 });
    const guarded = breakingChatApp(client, new DependencyBreakers(() => undefined));
    for (let i = 0; i < 8; i++) await guarded.sendTemplate(chatApp, message);
    expect(calls()).to.equal(8);
  });
});

