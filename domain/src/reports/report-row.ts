import type { ReadDocument } from '../ports/read-document';
import { Histogram } from './histogram';
import { COUNTER_PATH_SEPARATOR } from './ticket-contribution';

export const REPORTS_PROJECTION = 'reports';
/** One document per account × day × agent × team × channel × task (docs/read-models.md, report_days). */
export const REPORT_DAYS_COLLECTION = 'report_days';
/** One document per ticket: its report facts (internal to the projection). */
export const REPORT_TICKETS_COLLECTION = 'report_tickets';

/** The dimensions of a report row: a ticket's now. */
export interface ReportDimensions {
  readonly agentId: string | null;
  readonly teamId: string | null;
  readonly channel: string;
  readonly taskId: string | null;
}

/** The numbers of one row, as stored. */
export type ReportDayDocument = ReadDocument & ReportDayFields;

interface ReportDayFields extends ReportDimensions {
  readonly accountId: string;
  readonly day: string;
  readonly created?: number;
  readonly resolved?: number;
  readonly reopened?: number;
  readonly ended?: number;
  readonly handled?: number;
  readonly csatCount?: number;
  readonly csatSum?: number;
  readonly csat?: Readonly<Record<string, number>>;
  readonly sla?: Readonly<Record<string, { readonly met?: number; readonly breached?: number }>>;
  readonly h?: Readonly<Record<string, Histogram>>;
}

export const reportDayId = (accountId: string, day: string, d: ReportDimensions): string =>
  [accountId, day, d.agentId ?? '', d.teamId ?? '', d.channel, d.taskId ?? ''].join('|');

export const sameDimensions = (a: ReportDimensions, b: ReportDimensions): boolean =>
  a.agentId === b.agentId && a.teamId === b.teamId && a.channel === b.channel && a.taskId === b.taskId;

type Tree = Record<string, unknown>;

const addAt = (tree: Tree, keys: readonly string[], n: number): Tree => {
  const [key, ...rest] = keys;
  if (rest.length === 0) {
    const next = ((tree[key] as number | undefined) ?? 0) + n;
    const out = { ...tree, [key]: next };
    if (next === 0 && typeof out[key] === 'number') delete out[key];
    return out;
  }
  const child = addAt((tree[key] as Tree | undefined) ?? {}, rest, n);
  const out = { ...tree, [key]: child };
  if (Object.keys(child).length === 0) delete out[key];
  return out;
};

const TOP_COUNTERS = ['created', 'resolved', 'reopened', 'ended', 'handled', 'csatCount', 'csatSum'];

/**
 * The row's fields after these counter changes (paths of ticketContribution), or null when nothing
 * is left in it. Top-level counts stay present (0) for the analysts' columns.
 */
export const changedRow = (row: Tree, changes: ReadonlyMap<string, number>): Tree | null => {
  let out: Tree = { ...row };
  for (const counter of TOP_COUNTERS) out[counter] = (out[counter] as number | undefined) ?? 0;
  for (const [path, n] of changes) out = addAt(out, path.split(COUNTER_PATH_SEPARATOR), n);
  for (const counter of TOP_COUNTERS) out[counter] = (out[counter] as number | undefined) ?? 0;
  const empty = TOP_COUNTERS.every((c) => out[c] === 0) && ['h', 'sla', 'csat'].every((k) => out[k] === undefined || out[k] === null);
  return empty ? null : out;
};
