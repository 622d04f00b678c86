import { expect } from 'chai';
import * as FakeTimers from '@sinonjs/fake-timers';
type InstalledClock = ReturnType<typeof FakeTimers.install>;
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS } from '../support/example-config';
import { probeFeature } from './probe-feature';

/**
 * docs/api/README.md (Rate limits) windows with a controllable clock: only Date is faked (rate-limiter-flexible's memory
 * store judges expiry by Date.now()), so time moves by minutes and hours without sleeping.
 */
describe('rate limits (docs/api/README.md, Rate limits)', () => {
  let svc: TestService;
  let clock: InstalledClock;

  beforeEach(async () => {
    clock = FakeTimers.install({ toFake: ['Date'], now: Date.parse('2026-11-02T00:00:00Z') });
    const config = exampleConfig();
    // A second acme token, to show limits count per token (and per account for execute actions).
    (config.accounts[0].accessTokens as object[]).push({ id: 'tok-admin-2', userId: 'u-admin', token: 'acme-admin-token-0002' });
    svc = await startTestService({ config, features: [probeFeature] });
  });
  afterEach(async () => {
    await svc.stop();
    clock.uninstall();
  });

  const hit = (op: string, token: string = TOKENS.acmeAdmin) => svc.api('POST', `/probe/limited/${op}`, { token, body: {} });
  const hitMany = async (op: string, n: number, token?: string) => {
    for (let i = 0; i < n; i++) {
      const res = await hit(op, token);
      if (res.status !== 200) throw new Error(`request ${i + 1} of ${n} answered ${res.status}`);
    }
  };
  const minutes = (n: number) => clock.tick(n * 60_000);

  const expect429 = (res: Awaited<ReturnType<typeof hit>>, limit: number, maxRetryAfter: number) => {
    expect(res.status).to.equal(429);
    expect(res.headers.get('x-ratelimit-limit')).to.equal(String(limit));
    expect(res.headers.get('x-ratelimit-remaining')).to.equal('0');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, maxRetryAfter);
    expect(res.body.retryAfter).to.equal(retryAfter);
    expect(res.body.error).to.be.a('string');
    expect(res.body.message).to.match(/Rate limit exceeded/);
  };

  it('manual ticket: the 6th request within a minute is refused, and the next minute is open again', async () => {
    await hitMany('manualTicket', 5);
    expect429(await hit('manualTicket'), 5, 60);
    minutes(1);
    expect((await hit('manualTicket')).status).to.equal(200);
  });

  it('manual ticket: 200 per hour, even when each minute stays under 5', async () => {
    for (let m = 0; m < 40; m++) {
      await hitMany('manualTicket', 5);
      minutes(1);
    }
    // 200 requests in 40 minutes: the minute window is fresh, the hour window is full.
    expect429(await hit('manualTicket'), 200, 3600);
    minutes(21);
    expect((await hit('manualTicket')).status).to.equal(200);
  });

  it('manual ticket: 1000 per day, even when each hour stays under 200', async () => {
    for (let h = 0; h < 5; h++) {
      for (let m = 0; m < 40; m++) {
        await hitMany('manualTicket', 5);
        minutes(1);
      }
      minutes(21);
    }
    expect429(await hit('manualTicket'), 1000, 86_400);
    minutes(24 * 60);
    expect((await hit('manualTicket')).status).to.equal(200);
  });

  it('a refused request does not use up the longer windows', async () => {
    await hitMany('manualTicket', 5);
    for (let i = 0; i < 20; i++) expect((await hit('manualTicket')).status).to.equal(429);
    // 20 refusals did not count: 195 more fit into the hour.
    for (let m = 0; m < 39; m++) {
      minutes(1);
      await hitMany('manualTicket', 5);
    }
    minutes(1);
    expect429(await hit('manualTicket'), 200, 3600);
  });

  it('ticket list: 200 per hour per token', async () => {
    await hitMany('ticketList', 200);
    expect429(await hit('ticketList'), 200, 3600);
    expect((await hit('ticketList', 'acme-admin-token-0002')).status).to.equal(200);
    minutes(60);
    expect((await hit('ticketList')).status).to.equal(200);
  });

  it('export start: 200 per hour per token', async () => {
    await hitMany('ticketExport', 200);
    expect429(await hit('ticketExport'), 200, 3600);
    minutes(60);
    expect((await hit('ticketExport')).status).to.equal(200);
  });

  it('execute action: 30 per hour per account, shared by the account\'s tokens', async () => {
    await hitMany('executeAction', 20);
    await hitMany('executeAction', 10, 'acme-admin-token-0002');
    expect429(await hit('executeAction'), 30, 3600);
    expect429(await hit('executeAction', 'acme-admin-token-0002'), 30, 3600);
    expect((await hit('executeAction', TOKENS.globexAdmin)).status).to.equal(200);
    minutes(60);
    expect((await hit('executeAction')).status).to.equal(200);
  });

  it('per-account overrides replace the defaults', async () => {
    await svc.stop();
    const config = exampleConfig();
    config.accounts[0].rateLimits = { manualTicket: { perMinute: 2 }, ticketList: { perHour: 3 } };
    svc = await startTestService({ config, features: [probeFeature] });
    await hitMany('manualTicket', 2);
    expect429(await hit('manualTicket'), 2, 60);
    await hitMany('ticketList', 3);
    expect429(await hit('ticketList'), 3, 3600);
  });

  it('successful answers carry the remaining allowance of the tightest window', async () => {
    const res = await hit('manualTicket');
    expect(res.headers.get('x-ratelimit-limit')).to.equal('5');
    expect(res.headers.get('x-ratelimit-remaining')).to.equal('4');
  });
});
