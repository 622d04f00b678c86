import { DurationMetric, Report, ReportMetrics, spreadsheetSafe } from '@support/domain';

const CRLF = '\r\n';
const DURATIONS = ['firstResponse', 'replyWait', 'firstResolution', 'resolution'] as const;
const PARTS = ['p50Ms', 'p90Ms', 'businessP50Ms', 'businessP90Ms'] as const;

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const quoted = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
/** A cell as the export writes it: spreadsheet-safe (a formula-like cell is read as text), then quoted when it must be. */
const cell = (value: unknown): string => quoted(spreadsheetSafe(value === null || value === undefined ? '' : String(value)));

const metricHeaders = (prefix: string): string[] => [
  'created', 'resolved', 'reopened', 'backlog',
  ...DURATIONS.flatMap((d) => ['count', ...PARTS].map((p) => `${d} ${p}`)),
  'agentsPerResolvedTicket', 'slaMet', 'slaBreached', 'csatCount', 'csatAverage',
].map((h) => `${prefix}${h}`);

const metricCells = (m: ReportMetrics | null): unknown[] => {
  if (m === null) return metricHeaders('').map(() => null);
  const d = (x: DurationMetric) => [x.count, ...PARTS.map((p) => x[p])];
  return [
    m.created, m.resolved, m.reopened, m.backlog, ...DURATIONS.flatMap((name) => d(m[name])),
    m.agentsPerResolvedTicket, m.sla.reduce((a, s) => a + s.met, 0), m.sla.reduce((a, s) => a + s.breached, 0), m.csat.count, m.csat.average,
  ];
};

/** The report as CSV (docs/api/reports.md, CSV): a header, then one record per row with the previous period's numbers after its own. */
export const reportCsv = (report: Report): string => {
  const header = ['key', 'from', 'to', ...metricHeaders(''), 'previous from', 'previous to', ...metricHeaders('previous ')];
  const records = report.rows.map((r) => [r.key, r.from, r.to, ...metricCells(r.metrics), r.previous?.from ?? null, r.previous?.to ?? null, ...metricCells(r.previous?.metrics ?? null)]);
  return [header, ...records].map((cells) => cells.map(cell).join(',') + CRLF).join('');
};
