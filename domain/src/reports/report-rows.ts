import { mergedMetrics, ReportMetrics } from './report-metrics';
import { DaySpan, periodSpans, previousPeriod } from './report-periods';
import { ReportDayDocument, ReportDimensions } from './report-row';
import { ReportFilterName, ReportGrouping, ReportRequest } from './report-request';
import { rowTicketFilters, TicketListBody } from './row-ticket-filter';

/** One row of a report: its key, its days, its numbers, the previous period's beside them, and the list bodies of its tickets. */
export interface ReportRow {
  /** The row's first day (by period), or the dimension's value (null: none, e.g. unassigned). */
  readonly key: string | null;
  readonly from: string;
  readonly to: string;
  readonly metrics: ReportMetrics;
  readonly previous: { readonly from: string; readonly to: string; readonly metrics: ReportMetrics } | null;
  readonly tickets: { readonly created: TicketListBody; readonly resolved: TicketListBody };
}

export interface Report {
  readonly from: string;
  readonly to: string;
  readonly previous: DaySpan;
  readonly groupBy: ReportGrouping;
  readonly filters: ReportRequest['filters'];
  readonly timezone: string;
  readonly totals: ReportMetrics;
  readonly rows: readonly ReportRow[];
}

const DIMENSION: Partial<Record<ReportGrouping, keyof ReportDimensions>> = { agent: 'agentId', team: 'teamId', channel: 'channel', task: 'taskId' };

const FILTER_DIMENSION: Record<ReportFilterName, keyof ReportDimensions> = { agentId: 'agentId', teamId: 'teamId', channel: 'channel', taskId: 'taskId' };

const within = (s: DaySpan) => (d: ReportDayDocument) => d.day >= s.from && d.day <= s.to;

/** Tickets open at the end of the span's last day: created minus ended over every day up to it. */
const backlogAt = (docs: readonly ReportDayDocument[], lastDay: string): number =>
  docs.reduce((n, d) => (d.day <= lastDay ? n + (d.created ?? 0) - (d.ended ?? 0) : n), 0);

const metricsOf = (docs: readonly ReportDayDocument[], s: DaySpan) => mergedMetrics(docs.filter(within(s)), backlogAt(docs, s.to));

/**
 * A report from the account's rows up to the period's last day (every earlier day counts for the
 * backlog): the rows by period or by dimension value, each with the previous period beside it.
 */
export const buildReport = (
  request: ReportRequest, zone: string, accountDocs: readonly ReportDayDocument[], teamlessTasks: readonly string[],
): Report => {
  const fixed: Partial<ReportDimensions> = Object.fromEntries(
    Object.entries(request.filters).map(([f, v]) => [FILTER_DIMENSION[f as ReportFilterName], v]),
  );
  const docs = accountDocs.filter((d) => Object.entries(fixed).every(([k, v]) => d[k] === v));
  const period = { from: request.from, to: request.to };
  const before = previousPeriod(period);
  const dimension = DIMENSION[request.groupBy];
  let rows: ReportRow[];
  if (dimension === undefined) {
    const spans = periodSpans(period, request.groupBy);
    const previous = periodSpans(before, request.groupBy);
    rows = spans.map((s, i) => ({
      key: s.from, ...s, metrics: metricsOf(docs, s),
      previous: previous[i] === undefined ? null : { ...previous[i], metrics: metricsOf(docs, previous[i]) },
      tickets: rowTicketFilters(zone, s, fixed, teamlessTasks),
    }));
  } else {
    const seen = docs.filter((d) => (d.day >= before.from && d.day <= period.to) || within(period)(d));
    const keys = [...new Set(seen.map((d) => (d[dimension] ?? null) as string | null))].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
    rows = keys.map((key) => {
      const mine = docs.filter((d) => (d[dimension] ?? null) === key);
      return {
        key, ...period, metrics: metricsOf(mine, period), previous: { ...before, metrics: metricsOf(mine, before) },
        tickets: rowTicketFilters(zone, period, { ...fixed, [dimension]: key }, teamlessTasks),
      };
    });
  }
  return { ...period, previous: before, groupBy: request.groupBy, filters: request.filters, timezone: zone, totals: metricsOf(docs, period), rows };
};
