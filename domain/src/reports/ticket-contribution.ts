import { bucketOf } from './histogram';
import { DayDurations, ReportTicket } from './report-ticket';

/** The histograms a report row keeps, each in calendar and in business time (docs/api/reports.md, Metrics). */
export const REPORT_HISTOGRAMS = [
  'firstResponse', 'firstResponseBusiness', 'replyWait', 'replyWaitBusiness',
  'firstResolution', 'firstResolutionBusiness', 'resolution', 'resolutionBusiness',
] as const;
export type ReportHistogramName = (typeof REPORT_HISTOGRAMS)[number];

/** A counter of a row: its path in the row's document (`created`, `h/firstResponse/412`, `sla/<policy>/met`, `csat/5`). */
export const COUNTER_PATH_SEPARATOR = '\u001f';
const path = (...parts: readonly string[]): string => parts.join(COUNTER_PATH_SEPARATOR);

/** A ticket's numbers on each day: day → counter path → amount. */
export type Contribution = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * What one ticket adds to the report rows of its dimensions, per day: created on its creation day;
 * resolved (with its resolution times and its handle count) on the day of the resolution it holds
 * now; ended (left the backlog) on that day, or on the day it was closed unresolved; each reopen on
 * its day; the first response and every reply wait on the day of the reply; each SLA outcome on its
 * day; its latest CSAT rating on the day it was given.
 */
export const ticketContribution = (t: ReportTicket): Contribution => {
  const days = new Map<string, Map<string, number>>();
  const add = (day: string, counter: string, n = 1) => {
    let counters = days.get(day);
    if (counters === undefined) days.set(day, (counters = new Map()));
    counters.set(counter, (counters.get(counter) ?? 0) + n);
  };
  const durations = (d: DayDurations, name: string) => {
    add(d.day, path('h', name, bucketOf(d.calendarMs)));
    add(d.day, path('h', `${name}Business`, bucketOf(d.businessMs)));
  };
  add(t.createdDay, 'created');
  if (t.resolution !== null) {
    add(t.resolution.day, 'resolved');
    add(t.resolution.day, 'ended');
    add(t.resolution.day, 'handled', t.agents.length);
    durations(t.resolution, 'resolution');
  } else if (t.closedDay !== null) add(t.closedDay, 'ended');
  if (t.firstResolution !== null) durations(t.firstResolution, 'firstResolution');
  for (const day of t.reopenDays) add(day, 'reopened');
  if (t.firstResponse !== null) durations(t.firstResponse, 'firstResponse');
  for (const wait of t.waits) durations(wait, 'replyWait');
  for (const outcome of Object.values(t.sla)) add(outcome.day, path('sla', outcome.policy, outcome.outcome));
  if (t.csat !== null) {
    add(t.csat.day, 'csatCount');
    add(t.csat.day, 'csatSum', t.csat.rating);
    add(t.csat.day, path('csat', String(t.csat.rating)));
  }
  return days;
};

/** What changes per day when a ticket's contribution goes from `before` to `after` (zero changes left out). */
export const contributionChange = (before: Contribution, after: Contribution): Contribution => {
  const out = new Map<string, Map<string, number>>();
  const put = (day: string, counter: string, n: number) => {
    if (n === 0) return;
    let counters = out.get(day);
    if (counters === undefined) out.set(day, (counters = new Map()));
    const next = (counters.get(counter) ?? 0) + n;
    if (next === 0) counters.delete(counter);
    else counters.set(counter, next);
  };
  for (const [day, counters] of after) for (const [c, n] of counters) put(day, c, n);
  for (const [day, counters] of before) for (const [c, n] of counters) put(day, c, -n);
  for (const [day, counters] of out) if (counters.size === 0) out.delete(day);
  return out;
};
