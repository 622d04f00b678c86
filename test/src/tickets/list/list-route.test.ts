import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';

const LIST = '/apis/task-runs/tickets/list';

describe('POST /apis/task-runs/tickets/list: validation and access (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  const list = (body?: unknown, token: string = TOKENS.acmeAdmin) => svc.api('POST', LIST, { token, body });

  it('given no body, then 200 with the first page of 10 in the docs/api/ticket-list.md shape', async () => {
    const res = await list();
    expect(res.status).to.equal(200);
    expect(res.body).to.have.all.keys('data', 'total', 'page', 'limit', 'totalPages');
    expect(res.body).to.include({ page: 1, limit: 10 });
    expect(res.body.data).to.be.an('array');
  });

  it('given an empty object, then 200 with the defaults', async () => {
    const res = await list({});
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ page: 1, limit: 10 });
  });

  it('given no Authorization header, then 401', async () => {
    const res = await svc.api('POST', LIST, { body: {} });
    expect(res.status).to.equal(401);
    expect(res.body).to.have.property('message').that.is.a('string');
  });

  it('given a token that is not valid, then 403 "Not authorized"', async () => {
    const res = await list({}, 'not-a-real-token');
    expect(res.status).to.equal(403);
    expect(res.body.message).to.equal('Not authorized');
  });

  it('given limit above 250, then 400 "Limit cannot be greater than 250"', async () => {
    const res = await list({ limit: 251 });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('Limit cannot be greater than 250');
    expect(res.body).to.have.property('error');
  });

  it('given limit 250, then 200', async () => {
    const res = await list({ limit: 250 });
    expect(res.status).to.equal(200);
    expect(res.body.limit).to.equal(250);
  });

  it('given limit below 1, then 400', async () => {
    const res = await list({ limit: 0 });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^limit must be at least 1/);
  });

  it('given page below 1, then 400', async () => {
    const res = await list({ page: 0 });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^page must be at least 1/);
  });

  it('given an unknown key, then 400 naming the key', async () => {
    const res = await list({ statuses: ['open'], colour: 'red' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^Unknown field "colour"/);
  });

  it('given a body that is not an object, then 400', async () => {
    const res = await svc.api('POST', LIST, { token: TOKENS.acmeAdmin, rawBody: '[1,2]' });
    expect(res.status).to.equal(400);
  });

  it('given an invalid startDate or endDate, then 400 naming the field', async () => {
    const start = await list({ startDate: 'last tuesday' });
    expect(start.status).to.equal(400);
    expect(start.body.message).to.match(/^startDate must be an ISO 8601 date-time/);
    const end = await list({ endDate: '2026-13-01T00:00:00Z' });
    expect(end.status).to.equal(400);
    expect(end.body.message).to.match(/^endDate must be an ISO 8601 date-time/);
  });

  it('given endDate before startDate, then 400 "endDate must be after startDate"', async () => {
    const res = await list({ startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.equal('endDate must be after startDate');
  });

  it('given ignoreDateRange without assigned or queued statuses only, then 400 "Invalid date range or status combination"', async () => {
    for (const body of [{ ignoreDateRange: true }, { ignoreDateRange: true, statuses: ['open', 'assigned'] }]) {
      const res = await list(body);
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/^Invalid date range or status combination: /);
    }
    const allowed = await list({ ignoreDateRange: true, statuses: ['assigned', 'queued'], startDate: '2026-01-01T00:00:00Z' });
    expect(allowed.status).to.equal(200);
  });

  it('given a wrongly typed field, then 400 naming it', async () => {
    const res = await list({ taskIds: 'task-refund' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/^taskIds must be an array of strings/);
  });
});

describe('POST /apis/task-runs/tickets/list: rate limit (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    const config = withoutRateLimits(exampleConfig());
    (config.accounts[0].rateLimits as { ticketList: { perHour: number } }).ticketList = { perHour: 3 };
    svc = await startTestService({ config });
  });
  after(async () => svc?.stop());

  it('given the hourly limit used up by one token, then 429 with Retry-After, and another token of the account is still served', async () => {
    // given
    for (let i = 0; i < 3; i++) expect((await svc.api('POST', LIST, { token: TOKENS.acmeAdmin, body: {} })).status).to.equal(200);
    // when
    const refused = await svc.api('POST', LIST, { token: TOKENS.acmeAdmin, body: {} });
    const otherToken = await svc.api('POST', LIST, { token: TOKENS.acmeAgent, body: {} });
    // then
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('x-ratelimit-limit')).to.equal('3');
    expect(refused.headers.get('x-ratelimit-remaining')).to.equal('0');
    expect(Number(refused.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(refused.body.message).to.be.a('string');
    expect(otherToken.status).to.equal(200);
  });
});
