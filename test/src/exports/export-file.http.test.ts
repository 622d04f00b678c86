import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from './support/export-api';
import { ist, LIFECYCLE_TICKETS } from './support/lifecycle-tickets';
import { seedTickets } from './support/seed-tickets';

const TRICKY_SUMMARY = 'Line one\r\nline "two", with comma\rand a lone CR';

describe('ticket export: the file of lifecycle tickets, parsed back (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    // The service's clock reads mid-January 2027, after every ticket of the fixture (and after the 2026-12-25 holiday).
    const offsetMs = Date.parse('2027-01-15T06:00:00Z') - Date.now();
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), overrides: { clock: { now: () => new Date(Date.now() + offsetMs) } } });
    await seedTickets(svc.deps.readModels, [
      ...LIFECYCLE_TICKETS,
      { _id: 'rfc-4180', ticketNumber: 599, orderName: 'LIFE', summary: TRICKY_SUMMARY, customerName: 'Zoë Ångström', createdAt: ist('2026-11-23T09:00') },
    ]);
  });
  after(async () => svc?.stop());

  const exportLife = async (extra: Record<string, unknown> = {}) => {
    const { started, done } = await exportAndWait(svc, { orderName: 'LIFE', sortOrder: 'asc', ...extra });
    expect(done.body.job.status).to.equal('succeeded');
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.rows).to.have.length(started.body.total);
    return { csv, byNumber: (n: number) => csv.rows.find((r) => r['Ticket Number'] === String(n))! };
  };

  it('given the lifecycle cases, then FCR, Voice FCR, durations and SLA cells are as the spec\'s tables say', async () => {
    const { csv, byNumber } = await exportLife();
    expect(csv.rows).to.have.length(LIFECYCLE_TICKETS.length + 1);
    expect(csv.contentType).to.match(/^text\/csv/);
    expect(csv.text.startsWith('Ticket Number,Ticket Type,')).to.equal(true);
    expect(csv.text.endsWith('\r\n')).to.equal(true);
    expect([501, 502, 503, 504, 505, 506, 507].map((n) => byNumber(n).FCR)).to.deep.equal(['Yes', 'Yes', 'No', 'No', 'No', '', '']);
    expect([501, 503, 507, 508, 509, 502].map((n) => byNumber(n)['Voice FCR'])).to.deep.equal(['Yes', 'No', '', 'Unknown', 'No', '']);
    expect(byNumber(501)['Resolution Time']).to.equal('02:00'); // across a weekend
    expect(byNumber(502)['Response Time']).to.equal('02:00'); // across a holiday and a weekend
    expect(byNumber(501)['SLA: First Response']).to.equal('Met');
    expect(byNumber(510)['SLA: First Response']).to.equal('Breached');
    expect(byNumber(504)['SLA: Resolution']).to.equal('Breached'); // created Mon 23rd, not resolved, far past 24 business hours by mid-January
    expect(byNumber(507)['Ticket Type']).to.equal('Child');
    expect(byNumber(510).Source).to.equal('Manual');
  });

  it('given a field with CRLF, a lone CR, quotes, commas and non-ASCII letters, then it parses back exactly (RFC 4180, UTF-8)', async () => {
    const { byNumber } = await exportLife();
    expect(byNumber(599).Summary).to.equal(TRICKY_SUMMARY);
    expect(byNumber(599)['Customer Name']).to.equal('Zoë Ångström');
  });

  it('given each timestamp format in two time zones, then Created At is written that way', async () => {
    const created = (csv: { byNumber: (n: number) => Record<string, string> }) => csv.byNumber(501)['Created At']; // 2026-11-27 17:00 IST
    expect(created(await exportLife())).to.equal('27-11-26 17:00:00');
    expect(created(await exportLife({ timezone: 'America/New_York' }))).to.equal('27-11-26 06:30:00');
    expect(created(await exportLife({ timestampFormat: 'iso' }))).to.equal('2026-11-27T17:00:00+05:30');
    expect(created(await exportLife({ timestampFormat: 'iso', timezone: 'America/New_York' }))).to.equal('2026-11-27T06:30:00-05:00');
    expect(created(await exportLife({ timestampFormat: 'legacy', locale: 'de-DE', timezone: 'Europe/Berlin' }))).to.equal('27.11.2026, 12:30:00');
    expect(created(await exportLife({ timestampFormat: 'legacy', timezone: 'America/New_York' }))).to.match(/^11\/27\/2026, 6:30:00\sAM$/);
  });

  it('given the account timezone is invalid (globex), then local timestamps fall back to Asia/Kolkata', async () => {
    await seedTickets(svc.deps.readModels, [{ _id: 'globex-1', accountId: 'globex', ticketNumber: 1, createdAt: ist('2026-11-23T09:00') }]);
    const { done } = await exportAndWait(svc, {}, 'globex-admin-token-0001');
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.rows).to.have.length(1);
    expect(csv.rows[0]['Created At']).to.equal('23-11-26 09:00:00');
  });
});
