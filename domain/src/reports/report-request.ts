import * as E from 'fp-ts/Either';
import { DateTime } from 'luxon';

/** How a report's rows are made: by period (day, ISO week from Monday, calendar month) or by a dimension of the tickets. */
export const REPORT_GROUPINGS = ['day', 'week', 'month', 'agent', 'team', 'channel', 'task'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The filters a report takes: one value each, the ticket's dimension now. */
export const REPORT_FILTERS = ['agentId', 'teamId', 'channel', 'taskId'] as const;
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

const ACCEPTED = ['from', 'to', 'groupBy', ...REPORT_FILTERS, 'format'];
/** Without from and to: the 30 days that end today. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest period a report covers. */
export const MAX_REPORT_YEARS = 2;

export interface ReportRequest {
  /** The period's first and last day (YYYY-MM-DD, the account's days), both included. */
  readonly from: string;
  readonly to: string;
  readonly groupBy: ReportGrouping;
  readonly filters: Partial<Readonly<Record<ReportFilterName, string>>>;
  readonly format: 'json' | 'csv';
}

/** A report request the caller must fix: a 400 with this message, naming the parameter. */
export interface InvalidReportRequest {
  readonly kind: 'InvalidReportRequest';
  readonly field: string;
  readonly message: string;
}

const invalid = (field: string, message: string): E.Either<InvalidReportRequest, never> => E.left({ kind: 'InvalidReportRequest', field, message });

const isDay = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s) && DateTime.fromISO(s, { zone: 'utc' }).isValid;

const single = (query: Readonly<Record<string, unknown>>, key: string): E.Either<InvalidReportRequest, string | undefined> => {
  const v = query[key];
  if (v === undefined) return E.right(undefined);
  if (typeof v !== 'string') return invalid(key, `${key} must be given once`);
  if (v.trim() === '') return invalid(key, `${key} must not be empty: leave it out to take every value`);
  return E.right(v);
};

/**
 * Decodes `GET /apis/reports`' query (docs/api/reports.md, Asking): a period of at most 2 years
 * (`from` ≤ `to`, days; by default the 30 days to `today`, the account's day now), a grouping,
 * optional filters and the format. Anything else is named.
 */
export const decodeReportRequest = (query: Readonly<Record<string, unknown>>, today: string): E.Either<InvalidReportRequest, ReportRequest> => {
  const unknown = Object.keys(query).find((k) => !ACCEPTED.includes(k));
  if (unknown !== undefined) {
    return invalid(unknown, `Unknown parameter "${unknown}": accepted are ${ACCEPTED.join(', ')} (filters: ${REPORT_FILTERS.join(', ')})`);
  }
  const values: Record<string, string | undefined> = {};
  for (const key of ACCEPTED) {
    const v = single(query, key);
    if (E.isLeft(v)) return v;
    values[key] = v.right;
  }
  const to = values.to ?? today;
  if (!isDay(to)) return invalid('to', `to must be a day as YYYY-MM-DD (the account's calendar day), got "${to}"`);
  const from = values.from ?? (DateTime.fromISO(to, { zone: 'utc' }).minus({ days: DEFAULT_REPORT_DAYS - 1 }).toISODate() as string);
  for (const [field, day] of [['from', from], ['to', to]] as const) {
    if (!isDay(day)) return invalid(field, `${field} must be a day as YYYY-MM-DD (the account's calendar day), got "${day}"`);
  }
  if (from > to) return invalid('from', `from (${from}) is after to (${to}): give the earlier day as from`);
  const limit = DateTime.fromISO(from, { zone: 'utc' }).plus({ years: MAX_REPORT_YEARS }).toISODate() as string;
  if (to >= limit) return invalid('to', `The period from ${from} to ${to} is longer than ${MAX_REPORT_YEARS} years: end it before ${limit}, or ask for several periods`);
  const groupBy = values.groupBy ?? 'day';
  if (!(REPORT_GROUPINGS as readonly string[]).includes(groupBy)) return invalid('groupBy', `Unknown groupBy "${groupBy}": one of ${REPORT_GROUPINGS.join(', ')}`);
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'csv') return invalid('format', `Unknown format "${format}": json (default) or csv`);
  const filters = Object.fromEntries(REPORT_FILTERS.filter((f) => values[f] !== undefined).map((f) => [f, values[f] as string]));
  return E.right({ from, to, groupBy: groupBy as ReportGrouping, filters, format });
};
