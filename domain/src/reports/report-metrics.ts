import { addToHistogram, Histogram, histogramCount, percentile } from './histogram';
import { ReportDayDocument } from './report-row';
import { slaPolicyOf } from './report-ticket';
import { REPORT_HISTOGRAMS } from './ticket-contribution';

/** A duration metric of a row: how many, and the median and 90th percentile in calendar and business milliseconds (within 1 %). */
export interface DurationMetric {
  readonly count: number;
  readonly p50Ms: number | null;
  readonly p90Ms: number | null;
  readonly businessP50Ms: number | null;
  readonly businessP90Ms: number | null;
}

export interface SlaMetric {
  readonly label: string;
  readonly metric: string;
  readonly targetMinutes: number;
  readonly met: number;
  readonly breached: number;
  /** met / (met + breached) × 100, one decimal; null when none was recorded. */
  readonly metPercent: number | null;
}

/** The numbers of one row (docs/api/reports.md, Rows). */
export interface ReportMetrics {
  readonly created: number;
  readonly resolved: number;
  readonly reopened: number;
  /** Tickets neither resolved nor closed at the end of the row's last day. */
  readonly backlog: number;
  readonly firstResponse: DurationMetric;
  readonly replyWait: DurationMetric;
  readonly firstResolution: DurationMetric;
  readonly resolution: DurationMetric;
  /** Agents who handled a resolved ticket, on average (2 decimals); null without resolutions. */
  readonly agentsPerResolvedTicket: number | null;
  readonly sla: readonly SlaMetric[];
  readonly csat: { readonly count: number; readonly average: number | null; readonly distribution: Readonly<Record<'1' | '2' | '3' | '4' | '5', number>> };
}

const round = (n: number, places: number): number => Math.round(n * 10 ** places) / 10 ** places;

const duration = (h: Readonly<Record<string, Histogram>>, name: string): DurationMetric => {
  const cal = h[name] ?? {};
  const biz = h[`${name}Business`] ?? {};
  return { count: histogramCount(cal), p50Ms: percentile(cal, 0.5), p90Ms: percentile(cal, 0.9), businessP50Ms: percentile(biz, 0.5), businessP90Ms: percentile(biz, 0.9) };
};

/** The numbers of the rows merged (counts summed, histograms merged), with the backlog worked out by the caller. */
export const mergedMetrics = (docs: readonly ReportDayDocument[], backlog: number): ReportMetrics => {
  const sum = (f: (d: ReportDayDocument) => number | undefined) => docs.reduce((a, d) => a + (f(d) ?? 0), 0);
  const h: Record<string, Histogram> = {};
  const sla = new Map<string, { met: number; breached: number }>();
  const csat: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const d of docs) {
    for (const name of REPORT_HISTOGRAMS) if (d.h?.[name] !== undefined) h[name] = addToHistogram(h[name], d.h[name]);
    for (const [policy, o] of Object.entries(d.sla ?? {})) {
      const s = sla.get(policy) ?? { met: 0, breached: 0 };
      sla.set(policy, { met: s.met + (o.met ?? 0), breached: s.breached + (o.breached ?? 0) });
    }
    for (const [rating, n] of Object.entries(d.csat ?? {})) csat[rating] = (csat[rating] ?? 0) + n;
  }
  const resolved = sum((d) => d.resolved);
  const csatCount = sum((d) => d.csatCount);
  return {
    created: sum((d) => d.created),
    resolved,
    reopened: sum((d) => d.reopened),
    backlog,
    firstResponse: duration(h, 'firstResponse'),
    replyWait: duration(h, 'replyWait'),
    firstResolution: duration(h, 'firstResolution'),
    resolution: duration(h, 'resolution'),
    agentsPerResolvedTicket: resolved === 0 ? null : round(sum((d) => d.handled) / resolved, 2),
    sla: [...sla].sort(([a], [b]) => a.localeCompare(b)).map(([policy, s]) => ({
      ...slaPolicyOf(policy), ...s, metPercent: s.met + s.breached === 0 ? null : round((100 * s.met) / (s.met + s.breached), 1),
    })),
    csat: {
      count: csatCount,
      average: csatCount === 0 ? null : round(sum((d) => d.csatSum) / csatCount, 2),
      distribution: csat as ReportMetrics['csat']['distribution'],
    },
  };
};
