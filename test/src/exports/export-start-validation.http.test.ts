import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { EXPORT, startExport } from './support/export-api';

describe('POST /apis/task-runs/tickets/export: validation, access and limits (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  const expect400 = async (body: unknown, message: string | RegExp) => {
    const res = await startExport(svc, body);
    expect(res.status, res.text).to.equal(400);
    expect(res.body).to.include.keys('error', 'message');
    if (typeof message === 'string') expect(res.body.message).to.equal(message);
    else expect(res.body.message).to.match(message);
  };

  it('given no body, then 202 (every default)', async () => {
    const res = await svc.api('POST', EXPORT, { token: TOKENS.acmeAdmin });
    expect(res.status).to.equal(202);
    expect(res.body.total).to.equal(0);
  });

  it('given an invalid startDate or endDate, then 400 naming the field', async () => {
    await expect400({ startDate: 'yesterday' }, /^startDate must be an ISO 8601 date-time/);
    await expect400({ endDate: '2026-02-30T00:00:00Z' }, /^endDate must be an ISO 8601 date-time/);
  });

  it('given endDate before startDate, then 400 "endDate must be after startDate"', async () => {
    await expect400({ startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }, 'endDate must be after startDate');
  });

  it('given a range above 92 days, then 400 "Export is limited to a maximum date range of 92 days"', async () => {
    await expect400({ startDate: '2026-01-01T00:00:00Z', endDate: '2026-04-03T00:00:01Z' }, 'Export is limited to a maximum date range of 92 days');
  });

  it('given a range of exactly 92 days, or only one of the dates, then 202', async () => {
    expect((await startExport(svc, { startDate: '2026-01-01T00:00:00Z', endDate: '2026-04-03T00:00:00Z' })).status).to.equal(202);
    expect((await startExport(svc, { startDate: '2020-01-01T00:00:00Z' })).status).to.equal(202);
  });

  it('given an invalid timezone, then 400 naming it and saying what to send', async () => {
    await expect400({ timezone: 'Mars/Olympus' }, /^Invalid export timezone "Mars\/Olympus": send an IANA time zone name/);
  });

  it('given an invalid locale, then 400 naming it', async () => {
    await expect400({ locale: 'not a locale!' }, /^Invalid export locale "not a locale!"/);
  });

  it('given an unknown timestampFormat, then 400 naming the accepted values', async () => {
    await expect400({ timestampFormat: 'unix' }, /^timestampFormat must be "display", "legacy" or "iso"/);
  });

  it('given page or limit (list-only fields) or an unknown key, then 400 naming the key', async () => {
    await expect400({ page: 2 }, /^Unknown field "page"/);
    await expect400({ colour: 'red' }, /^Unknown field "colour"/);
  });

  it('given ignoreDateRange without assigned or queued statuses, then 400', async () => {
    await expect400({ ignoreDateRange: true }, /^Invalid date range or status combination/);
  });

  it('given no Authorization header, then 401; given an invalid token, then 403 "Not authorized"', async () => {
    expect((await svc.api('POST', EXPORT, { body: {} })).status).to.equal(401);
    const forbidden = await startExport(svc, {}, 'nope');
    expect(forbidden.status).to.equal(403);
    expect(forbidden.body.message).to.equal('Not authorized');
  });
});

describe('POST /apis/task-runs/tickets/export: rate limit (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    const config = withoutRateLimits(exampleConfig());
    (config.accounts[0].rateLimits as { ticketExport: { perHour: number } }).ticketExport = { perHour: 2 };
    svc = await startTestService({ config });
  });
  after(async () => svc?.stop());

  it('given 2 starts per hour used by one token, then the third is 429 with the limit headers, and another token is still served', async () => {
    expect((await startExport(svc, {})).status).to.equal(202);
    expect((await startExport(svc, {})).status).to.equal(202);
    const refused = await startExport(svc, {});
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('x-ratelimit-limit')).to.equal('2');
    expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(refused.body.retryAfter).to.be.a('number');
    expect((await startExport(svc, {}, TOKENS.acmeAgent)).status).to.equal(202);
  });
});
