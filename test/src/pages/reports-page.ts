import { Page } from 'playwright-core';
import { ReportDesk } from '../reports/report-desk';

/** The period the page tests read: a week of acme's desk, against the week before it. */
export const WEEK = { from: '2027-02-24', to: '2027-03-02' };

/** An instant of acme's clock (Asia/Kolkata) on a day of February or March 2027, at hh:mm. */
export const kolkata = (day: string, hhmm: string): number => Date.parse(`${day}T${hhmm}:00+05:30`);

/** Two tickets in the week before WEEK: one answered in 45 minutes and resolved, one left open. */
export const workWeekBefore = async (d: ReportDesk): Promise<void> => {
  d.at(kolkata('2027-02-20', '10:00')); await d.create('P1'); await d.assign('P1', 'u-agent');
  d.at(kolkata('2027-02-20', '10:45')); await d.reply('P1', 'u-agent');
  d.at(kolkata('2027-02-20', '14:00')); await d.status('P1', 'resolved');
  d.at(kolkata('2027-02-21', '11:00')); await d.create('P2');
};

/**
 * The report of `query` once nothing changes any more: the SLA watcher records its outcomes a
 * moment after the tickets' changes, so it is read until two answers a second apart are equal.
 */
export const steadyReport = async (d: ReportDesk, query: string, ready: (body: any) => boolean): Promise<any> => {
  let last = JSON.stringify(await d.reportWhen(query, ready));
  for (let tries = 0; tries < 30; tries++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = JSON.stringify(await d.reportWhen(query, ready));
    if (now === last) return JSON.parse(now);
    last = now;
  }
  throw new Error(`the report ${query} kept changing`);
};

/** Every number of the page's tables, as the API gives it: each metric's column by the API's field. */
export const API_NUMBERS: Readonly<Record<string, (m: any) => number | null>> = {
  created: (m) => m.created,
  resolved: (m) => m.resolved,
  reopened: (m) => m.reopened,
  backlog: (m) => m.backlog,
  firstResponseP50: (m) => m.firstResponse.p50Ms,
  firstResponseP90: (m) => m.firstResponse.p90Ms,
  resolutionP50: (m) => m.resolution.p50Ms,
  resolutionP90: (m) => m.resolution.p90Ms,
  slaMet: (m) => {
    const met = m.sla.reduce((n: number, s: any) => n + s.met, 0);
    const breached = m.sla.reduce((n: number, s: any) => n + s.breached, 0);
    return met + breached === 0 ? null : Math.round((1000 * met) / (met + breached)) / 10;
  },
  csat: (m) => m.csat.average,
  csatCount: (m) => m.csat.count,
};

type Numbers = Record<string, { value: string; previous: string }>;

/** The report's rows as the page's tables hold them: per row key, each metric's value and the previous period's. */
export const expectedRows = (report: any): Record<string, Numbers> =>
  Object.fromEntries(report.rows.map((row: any) => [row.key ?? '', numbersOf(row.metrics, row.previous?.metrics ?? null)]));

export const numbersOf = (metrics: any, previous: any): Numbers => Object.fromEntries(Object.entries(API_NUMBERS).map(([id, read]) => {
  const text = (v: number | null) => (v === null ? '' : String(v));
  return [id, { value: text(read(metrics)), previous: previous === null ? '' : text(read(previous)) }];
}));

/** The numbers of a table of the page (`#over-time`, `#agents`, `#teams`, `#totals`): per row key, each metric's data-value and data-previous. */
export const shownRows = async (page: Page, box: string): Promise<Record<string, Numbers>> =>
  page.locator(`${box} tbody tr`).evaluateAll((rows) => Object.fromEntries(rows.map((tr) => {
    const cells = [...tr.querySelectorAll('td[data-metric]')] as unknown as { dataset: Record<string, string> }[];
    const key = (tr as unknown as { dataset: Record<string, string> }).dataset.key ?? 'totals';
    return [key, Object.fromEntries(cells.map((c) => [c.dataset.metric, { value: c.dataset.value, previous: c.dataset.previous ?? '' }]))];
  })));

/** Opens /reports on `period`, signs in with `token` and waits until the charts are drawn. */
export const openReports = async (page: Page, url: string, token: string, period = WEEK): Promise<void> => {
  await page.goto(`${url}/reports?from=${period.from}&to=${period.to}`);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#charts[data-drawn="true"]').waitFor();
};

/** The page's colours of a chart's first two series (the previous period's lines are dashed in the same colours). */
export const SERIES_COLOURS: [number, number, number][] = [[0x1d, 0x4e, 0xd8], [0xb4, 0x53, 0x09]];

/** How many pixels of a chart's canvas are drawn in one of `colours` (within a little, for antialiasing). */
export const pixelsOf = async (page: Page, chartId: string, colours = SERIES_COLOURS): Promise<number> =>
  page.locator(`#chart-${chartId} canvas`).evaluate((canvas, wanted) => {
    const c = canvas as unknown as { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 200 && wanted.some((c) => Math.abs(data[i] - c[0]) < 40 && Math.abs(data[i + 1] - c[1]) < 40 && Math.abs(data[i + 2] - c[2]) < 40)) n++;
    }
    return n;
  }, colours);

/** Clicks the chart's point of row `index` of `count` rows, near the top of the plot (the highest series there). */
export const clickPoint = async (page: Page, chartId: string, index: number, count: number): Promise<void> => {
  const over = page.locator(`#chart-${chartId} .u-over`);
  const box = await over.boundingBox();
  if (box === null) throw new Error(`chart ${chartId} has no plot area`);
  // The x scale runs from -0.3 to count - 0.7 (the page's padding around the first and last rows).
  const x = ((index + 0.3) / (count - 1 + 0.6)) * box.width;
  await over.hover({ position: { x, y: box.height * 0.1 } });
  await over.click({ position: { x, y: box.height * 0.1 } });
};

/** The ticket numbers the page's list shows, and its total. */
export const listedTickets = async (page: Page): Promise<{ total: number; numbers: string[] }> => {
  const summary = page.locator('#tickets-summary[data-total]');
  await summary.waitFor();
  return {
    total: Number(await summary.getAttribute('data-total')),
    numbers: await page.locator('#tickets-scroll tbody tr td:first-child').allTextContents(),
  };
};
