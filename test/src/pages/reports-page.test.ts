import { expect } from 'chai';
import { Browser } from 'playwright-core';
import { ReportDesk, startReportDesk, workTwoDays } from '../reports/report-desk';
import { launchChromium, recordedPage, RecordedPage, screenshot, seriousAccessibilityViolations } from '../support/browser';
import { TOKENS } from '../support/example-config';
import {
  clickPoint, expectedRows, listedTickets, numbersOf, openReports, pixelsOf, shownRows, steadyReport, WEEK, workWeekBefore,
} from './reports-page';

const PERIOD = `?from=${WEEK.from}&to=${WEEK.to}`;
/** The week's tickets all counted: four created, two resolved (one after a reopen), two CSAT ratings, the SLA outcomes recorded. */
const settled = (body: any) => body.totals.created === 4 && body.totals.resolved === 2 && body.totals.reopened === 1 && body.totals.csat.count === 2
  && body.totals.sla.some((s: any) => s.met + s.breached > 0);

describe('GET /reports in Chromium: the report\'s charts and tables, each point and count listing its tickets', function () {
  this.timeout(90_000);
  let desk: ReportDesk;
  let browser: Browser | null;
  const reports: Record<string, any> = {};
  const tabs: RecordedPage[] = [];
  const tab = async () => {
    const t = await recordedPage(browser!, desk.svc.url);
    tabs.push(t);
    return t;
  };
  const list = async (body: unknown) => {
    const r = await desk.svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { ...(body as object), limit: 250 } });
    expect(r.status, r.text).to.equal(200);
    return { total: r.body.total as number, numbers: (r.body.data as any[]).map((t) => `#${t.ticketNumber}`) };
  };

  before(async function () {
    browser = await launchChromium();
    if (browser === null) return this.skip();
    // Given tickets made through the API on two days of the week (one answered the next morning,
    // resolved, reopened and resolved again; ratings 5 and 3) and two in the week before
    desk = await startReportDesk();
    await workWeekBefore(desk);
    await workTwoDays(desk);
    reports.day = await steadyReport(desk, `${PERIOD}&groupBy=day`, settled);
    reports.agent = await steadyReport(desk, `${PERIOD}&groupBy=agent`, settled);
    reports.team = await steadyReport(desk, `${PERIOD}&groupBy=team`, settled);
    reports.before = await steadyReport(desk, `?from=${reports.day.previous.from}&to=${reports.day.previous.to}&groupBy=month`, () => true);
  });
  afterEach(async () => {
    for (const t of tabs.splice(0)) await t.close();
  });
  after(async () => {
    await browser?.close();
    await desk?.svc.stop();
  });

  it('given a signed-in lead, when the week is shown, then the tables hold the API\'s numbers, this period\'s and the previous one\'s, and each chart is drawn', async () => {
    const t = await tab();
    await openReports(t.page, desk.svc.url, TOKENS.acmeAdmin);
    expect(await t.page.locator('#report-title').textContent()).to.equal(`Report: ${WEEK.from} to ${WEEK.to}`);
    // Then every table's numbers are the API's
    expect(await shownRows(t.page, '#over-time')).to.deep.equal(expectedRows(reports.day));
    expect(await shownRows(t.page, '#agents')).to.deep.equal(expectedRows(reports.agent));
    expect(await shownRows(t.page, '#teams')).to.deep.equal(expectedRows(reports.team));
    expect(await shownRows(t.page, '#totals')).to.deep.equal({ totals: numbersOf(reports.day.totals, reports.before.totals) });
    expect(Object.keys(await shownRows(t.page, '#agents'))).to.include.members(['u-agent', 'u-agent2', '']);
    // and the counts read as the API's (Monday: three created, one resolved; the week before: none that day)
    const monday = t.page.locator('#over-time tbody tr[data-key="2027-03-01"]');
    expect(await monday.locator('td[data-metric=created] button').innerText()).to.match(/^3\b/);
    expect(await monday.locator('td[data-metric=resolved] .was').textContent()).to.equal('was 0');
    expect(await monday.locator('td[data-metric=csat]').innerText()).to.match(/^5 \/ 5/);
    // and the five charts are drawn, each with its series' colours on its canvas, the previous period dashed beside
    expect(await t.page.locator('#charts canvas').count()).to.equal(5);
    for (const chart of ['volume', 'first-response', 'resolution', 'sla', 'csat']) {
      expect(await pixelsOf(t.page, chart), `${chart}: pixels of its series`).to.be.greaterThan(20);
    }
    expect(await t.page.locator('#chart-volume .u-legend').innerText()).to.include('Created, previous');
    expect(t.errors).to.deep.equal([]);
    expect(t.foreign()).to.deep.equal([]);
    // The token: in this tab's session storage, never in a URL or in local storage.
    expect(await t.page.evaluate<string | null>('sessionStorage.getItem("reports.token")')).to.equal(TOKENS.acmeAdmin);
    expect(await t.page.evaluate<number>('localStorage.length')).to.equal(0);
    expect(t.requests.filter((u) => u.includes(TOKENS.acmeAdmin))).to.deep.equal([]);
    expect(t.page.url()).to.not.include(TOKENS.acmeAdmin);
  });

  it('given the charts, when a day\'s point is clicked, then exactly the tickets of its row are listed, as many as the row counts', async () => {
    const t = await tab();
    await openReports(t.page, desk.svc.url, TOKENS.acmeAdmin);
    const rows = reports.day.rows as any[];
    const monday = rows.findIndex((r) => r.key === '2027-03-01');
    const tuesday = rows.findIndex((r) => r.key === '2027-03-02');
    // When Monday's created point (the highest there) is clicked on the volume chart
    await clickPoint(t.page, 'volume', monday, rows.length);
    await t.page.locator('#tickets-heading', { hasText: 'Tickets created (2027-03-01): 3' }).waitFor();
    // Then the list is the list body's tickets, its total the row's count
    const created = await listedTickets(t.page);
    const expected = await list(rows[monday].tickets.created);
    expect(created.total).to.equal(rows[monday].metrics.created).and.to.equal(3);
    expect(created.numbers).to.have.members(expected.numbers);
    // When Tuesday's point of the resolution chart is clicked: the tickets resolved that day
    await clickPoint(t.page, 'resolution', tuesday, rows.length);
    await t.page.locator('#tickets-heading', { hasText: 'Tickets resolved (2027-03-02): 1' }).waitFor();
    const resolved = await listedTickets(t.page);
    expect(resolved.total).to.equal(rows[tuesday].metrics.resolved);
    expect(resolved.numbers).to.have.members((await list(rows[tuesday].tickets.resolved)).numbers);
    expect(t.errors).to.deep.equal([]);
  });

  it('given the per-agent table, when a count is pressed from the keyboard, then that agent\'s tickets are listed and the list has the focus', async () => {
    const t = await tab();
    await openReports(t.page, desk.svc.url, TOKENS.acmeAdmin);
    const row = (reports.agent.rows as any[]).find((r) => r.key === 'u-agent2');
    await t.page.locator('#agents tbody tr[data-key="u-agent2"] td[data-metric=created] button').focus();
    await t.page.keyboard.press('Enter');
    await t.page.locator('#tickets-heading', { hasText: `Tickets created (u-agent2): ${row.metrics.created}` }).waitFor();
    const shown = await listedTickets(t.page);
    expect(shown.total).to.equal(row.metrics.created);
    expect(shown.numbers).to.have.members((await list(row.tickets.created)).numbers);
    expect(await t.page.evaluate<string | undefined>('document.activeElement?.id')).to.equal('tickets-heading');
    expect(t.errors).to.deep.equal([]);
  });

  it('given business time chosen, when the report is shown again, then the durations are the API\'s business percentiles and the address keeps the choice, not the token', async () => {
    const t = await tab();
    await openReports(t.page, desk.svc.url, TOKENS.acmeAdmin);
    await t.page.getByLabel('Times in').selectOption('business');
    await t.page.getByRole('button', { name: 'Show report' }).click();
    await t.page.getByText('times in business time').waitFor();
    const agents = await shownRows(t.page, '#agents');
    for (const row of reports.agent.rows as any[]) {
      const shown = agents[row.key ?? ''];
      expect(shown.firstResponseP50.value, `${row.key}`).to.equal(row.metrics.firstResponse.businessP50Ms === null ? '' : String(row.metrics.firstResponse.businessP50Ms));
      expect(shown.resolutionP90.value, `${row.key}`).to.equal(row.metrics.resolution.businessP90Ms === null ? '' : String(row.metrics.resolution.businessP90Ms));
    }
    // B, answered the next morning: 16.5 hours of calendar time, 1.5 of business time
    expect(await t.page.locator('#agents tr[data-key="u-agent2"] td[data-metric=firstResponseP50] .now').textContent()).to.equal('1.5 h');
    expect(new URL(t.page.url()).search).to.equal(`?from=${WEEK.from}&to=${WEEK.to}&over=day&clock=business`);
    expect(t.errors).to.deep.equal([]);
  });

  it('has no serious or critical accessibility violation (axe-core) signed out or showing a report and a list, and its screenshot is written', async () => {
    const t = await tab();
    await t.page.goto(`${desk.svc.url}/reports`);
    expect(await seriousAccessibilityViolations(t.page), 'signed out').to.deep.equal([]);
    await openReports(t.page, desk.svc.url, TOKENS.acmeAdmin);
    // The screenshot shows the report from its title: the totals and the charts.
    await t.page.locator('#report-title').evaluate((h) => h.scrollIntoView());
    await screenshot(t.page, 'reports');
    await t.page.locator('#over-time tbody tr[data-key="2027-03-01"] td[data-metric=created] button').click();
    await t.page.locator('#tickets-summary[data-total]').waitFor();
    expect(await seriousAccessibilityViolations(t.page), 'showing a report and a list').to.deep.equal([]);
  });

  it('opens cold, signed in, in a fresh browser context: first paint and charts drawn (the times are printed)', async () => {
    const t = await tab();
    // The tab's session already holds the token (as after signing in, then opening the page again)
    await t.context.addInitScript((token) => (globalThis as any).sessionStorage.setItem('reports.token', token), TOKENS.acmeAdmin);
    await t.page.goto(`${desk.svc.url}/reports?from=${WEEK.from}&to=${WEEK.to}`);
    await t.page.locator('#charts[data-drawn="true"]').waitFor();
    const paint = await t.page.evaluate<number>('performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1');
    const drawn = await t.page.evaluate<number>('performance.getEntriesByName("reports:charts-drawn")[0]?.startTime ?? -1');
    console.log(`      /reports cold: first paint ${Math.round(paint)} ms, charts drawn ${Math.round(drawn)} ms (from navigation start)`);
    expect(paint).to.be.greaterThan(0);
    expect(drawn).to.be.greaterThan(0);
    expect(t.errors).to.deep.equal([]);
    expect(t.foreign()).to.deep.equal([]);
  });
});
