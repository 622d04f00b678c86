import { DateTime } from 'luxon';
import { ReportGrouping } from './report-request';

/** A span of days, both included (YYYY-MM-DD). */
export interface DaySpan {
  readonly from: string;
  readonly to: string;
}

const day = (s: string) => DateTime.fromISO(s, { zone: 'utc' });
const iso = (d: DateTime) => d.toISODate() as string;

/** The period of the same length that ends the day before this one starts. */
export const previousPeriod = (p: DaySpan): DaySpan => {
  const days = day(p.to).diff(day(p.from), 'days').days;
  const to = day(p.from).minus({ days: 1 });
  return { from: iso(to.minus({ days })), to: iso(to) };
};

/** The period's days, ISO weeks (from Monday) or calendar months, each clipped to the period; the whole period for a dimension grouping. */
export const periodSpans = (p: DaySpan, groupBy: ReportGrouping): DaySpan[] => {
  if (groupBy !== 'day' && groupBy !== 'week' && groupBy !== 'month') return [p];
  const unit = groupBy === 'day' ? 'day' : groupBy === 'week' ? 'week' : 'month';
  const spans: DaySpan[] = [];
  let start = day(p.from);
  const last = day(p.to);
  while (start <= last) {
    const end = start.endOf(unit).startOf('day');
    spans.push({ from: iso(start), to: iso(end < last ? end : last) });
    start = end.plus({ days: 1 });
  }
  return spans;
};

/** The span's first instant and last millisecond in the zone, as UTC ISO strings (what the ticket list's dates take). */
export const spanInstants = (zone: string, s: DaySpan): { readonly startDate: string; readonly endDate: string } => ({
  startDate: DateTime.fromISO(s.from, { zone }).startOf('day').toUTC().toISO() as string,
  endDate: DateTime.fromISO(s.to, { zone }).plus({ days: 1 }).startOf('day').minus({ milliseconds: 1 }).toUTC().toISO() as string,
});
