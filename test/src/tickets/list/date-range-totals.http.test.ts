import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';

/**
 * Date ranges over tickets made through the API (issue 58): the list's total comes from the counts
 * kept per day, hour and minute and from the tickets of its first and last minute; each total must
 * be the number of tickets the list's own filter keeps, wherever a range's edges fall.
 */
describe('POST /apis/task-runs/tickets/list: totals over date ranges of tickets made through the API', () => {
  let svc: TestService;
  let now = Date.parse('2026-03-01T10:05:10.000Z');
  const made: { id: string; createdAt: string; status: string; resolvedAt?: string }[] = [];

  const at = (iso: string) => {
    now = Date.parse(iso);
  };
  const create = async (i: number) => {
    const r = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(3000 + i)}` }, query: `range ticket ${i}` } });
    expect(r.status, r.text).to.equal(200);
    made.push({ id: r.body.ticketId, createdAt: new Date(now).toISOString(), status: 'open' });
  };
  const listed = async (body: Record<string, unknown>) => {
    const r = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body });
    expect(r.status, r.text).to.equal(200);
    return r.body as { total: number; data: { id: string }[] };
  };
  /** The total from a page of one (a page that is not full would hold every match and need no count) and every id from a page of 250. */
  const list = async (body: Record<string, unknown>) => ({
    total: (await listed({ ...body, limit: 1 })).total,
    ids: (await listed({ ...body, limit: 250 })).data.map((t) => t.id).sort(),
  });

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), overrides: { clock: { now: () => new Date(now) } } });
    // Tickets in the same minute, in neighbouring minutes and hours, across midnight and days apart.
    const times = [
      '2026-03-01T10:05:10.000Z', '2026-03-01T10:05:50.000Z', '2026-03-01T10:06:00.000Z', '2026-03-01T10:59:59.999Z', '2026-03-01T11:30:00.000Z',
      '2026-03-01T23:59:59.999Z', '2026-03-02T00:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-05T12:00:00.000Z', '2026-05-20T08:15:00.000Z',
    ];
    for (const [i, time] of times.entries()) {
      at(time);
      await create(i);
    }
    // Two resolved later, at other times.
    for (const [i, time] of [[1, '2026-03-02T09:00:00.000Z'], [7, '2026-03-06T18:30:00.000Z']] as const) {
      at(time);
      const r = await svc.api('POST', `/apis/tickets/${made[i].id}/status`, { token: TOKENS.acmeAdmin, body: { status: 'resolved' } });
      expect(r.status, r.text).to.equal(200);
      Object.assign(made[i], { status: 'resolved', resolvedAt: time });
    }
  });
  after(() => svc?.stop());

  const ranges: [string | undefined, string | undefined][] = [
    ['2026-03-01T10:05:30.000Z', '2026-03-02T10:00:00.000Z'],
    ['2026-03-01T10:05:00.000Z', '2026-03-01T10:05:59.999Z'],
    ['2026-03-01T10:00:00.000Z', '2026-03-01T10:59:59.999Z'],
    ['2026-03-01T00:00:00.000Z', '2026-03-31T23:59:59.999Z'],
    ['2026-03-01T11:00:00.000Z', undefined],
    [undefined, '2026-03-02T00:00:00.000Z'],
  ];

  it('given tickets across minutes, hours and days, when ranges of createdAt are listed, then each total and page are the tickets made in the range', async () => {
    for (const [from, to] of ranges) {
      const expected = made.filter((t) => (from === undefined || t.createdAt >= from) && (to === undefined || t.createdAt <= to)).map((t) => t.id).sort();
      const got = await list({ ...(from ? { startDate: from } : {}), ...(to ? { endDate: to } : {}) });
      expect(got, `${from} .. ${to}`).to.deep.equal({ total: expected.length, ids: expected });
    }
  });

  it('given two tickets resolved later, when ranges of createdAt are listed by status and ranges of resolvedAt by any status, then each total is exact', async () => {
    for (const [from, to] of ranges) {
      const inRange = (stamp: string | undefined) => stamp !== undefined && (from === undefined || stamp >= from) && (to === undefined || stamp <= to);
      const bounds = { ...(from ? { startDate: from } : {}), ...(to ? { endDate: to } : {}) };
      expect((await list({ ...bounds, statuses: ['open'] })).total, `open ${from} .. ${to}`).to.equal(made.filter((t) => t.status === 'open' && inRange(t.createdAt)).length);
      expect((await list({ ...bounds, timestampKey: 'resolvedAt' })).total, `resolved ${from} .. ${to}`).to.equal(made.filter((t) => inRange(t.resolvedAt)).length);
    }
  });
});
