import { TicketDocument } from './ticket-document';
import { TimestampKey } from './ticket-filters';

/**
 * Which tickets a list or an export wants, and in which order: the shared filters of docs/api/ticket-list.md (Filters)
 * after validation, as one typed value that each read-model engine compiles (MongoDB to a filter
 * and sort document, SQLite to SQL). Every condition present must hold; an absent one does not
 * narrow. Values are normalized already (phones in E.164, sources in their stored casing, search
 * fragments in lower case), so an engine only compares.
 */
export interface TicketCriteria {
  /** Always scoped to one account. */
  readonly accountId: string;
  /** The timestamp the tickets are sorted by (then by id, the tie-break) and the date range applies to. */
  readonly timestampKey: TimestampKey;
  readonly sortOrder: 'asc' | 'desc';
  /** ISO 8601 UTC bounds on timestampKey, both inclusive; a ticket without that timestamp is outside any range. */
  readonly from?: string;
  readonly to?: string;
  /** An export's snapshot: only tickets created at or before this time (ISO 8601 UTC). */
  readonly createdAtMost?: string;
  /**
   * An export's snapshot: only tickets created at or before this log position (sortablePosition);
   * a ticket whose document holds no position (written by a tool, not projected) counts as created
   * before any, and '' stands for "before the first event".
   */
  readonly createdUpTo?: string;
  /** Status is one of these (an empty list matches nothing). */
  readonly statuses?: readonly string[];
  /** Status is not this one. */
  readonly statusNot?: string;
  readonly assignedToId?: string;
  /** True: no one is assigned. */
  readonly unassigned?: boolean;
  /** This agent is among the ticket's involved agents. */
  readonly involvedAgentId?: string;
  /** `only_ai`: no human agent took part; `agents_involved`: at least one did. */
  readonly agentInvolvement?: 'only_ai' | 'agents_involved';
  readonly createdByUserId?: string;
  /** The ticket's task is one of these; null stands for "no task". */
  readonly taskIds?: readonly (string | null)[];
  readonly taskTeamIds?: readonly string[];
  readonly source?: string;
  /** Each of these equals the ticket's manual source label (two different labels match nothing). */
  readonly manualSourceLabels?: readonly string[];
  /** One of the customer's phones is one of these. */
  readonly phones?: readonly string[];
  readonly orderNames?: readonly string[];
  /** The ticket's number (as text) or name is one of these. */
  readonly ticketKeys?: readonly string[];
  readonly category?: string;
  readonly subcategory?: string;
  readonly sentiments?: readonly string[];
  /** True: only tickets without a parent. */
  readonly withoutParent?: boolean;
  readonly parentTicketId?: string;
  /** The ticket's search text (lower case) holds at least one of these fragments. */
  readonly searchFragments?: readonly string[];
}

/** The fields of a ticket document the criteria read. */
type CriteriaField =
  | 'status' | 'assignedToId' | 'involvedAgentIds' | 'createdByUserId' | 'taskId' | 'taskTeamId' | 'source' | 'manualSourceLabel' | 'customerPhones'
  | 'orderName' | 'ticketKeys' | 'category' | 'subcategory' | 'sentiment' | 'parentTicketId' | 'searchText' | 'createdPosition' | TimestampKey;

/** A ticket of the read model as the criteria see it: its account, and any of the fields they read. */
export type CriteriaTicket = Pick<TicketDocument, 'accountId'> & Partial<Pick<TicketDocument, CriteriaField>>;

const isIn = <A>(value: A, list: readonly A[]): boolean => list.includes(value);
const orNull = <A>(v: A | null | undefined): A | null => (v === undefined ? null : v);

/**
 * The criteria as a test of one ticket: the meaning every engine's compilation must keep (the
 * contract suite compares each engine's answers with it).
 */
export const matchesCriteria = (c: TicketCriteria, t: CriteriaTicket): boolean => {
  if (t.accountId !== c.accountId) return false;
  const stamp = orNull(t[c.timestampKey]);
  if (c.from !== undefined && (stamp === null || stamp < c.from)) return false;
  if (c.to !== undefined && (stamp === null || stamp > c.to)) return false;
  if (c.createdAtMost !== undefined && (orNull(t.createdAt) === null || (t.createdAt as string) > c.createdAtMost)) return false;
  if (c.createdUpTo !== undefined && (t.createdPosition ?? '') > c.createdUpTo) return false;
  const status = orNull(t.status);
  if (c.statuses !== undefined && (status === null || !isIn(status, c.statuses))) return false;
  if (c.statusNot !== undefined && status === c.statusNot) return false;
  if (c.assignedToId !== undefined && t.assignedToId !== c.assignedToId) return false;
  if (c.unassigned === true && orNull(t.assignedToId) !== null) return false;
  const agents = t.involvedAgentIds ?? [];
  if (c.involvedAgentId !== undefined && !agents.includes(c.involvedAgentId)) return false;
  if (c.agentInvolvement === 'only_ai' && agents.length > 0) return false;
  if (c.agentInvolvement === 'agents_involved' && agents.length === 0) return false;
  if (c.createdByUserId !== undefined && t.createdByUserId !== c.createdByUserId) return false;
  if (c.taskIds !== undefined && !isIn(orNull(t.taskId), c.taskIds)) return false;
  if (c.taskTeamIds !== undefined && !isIn(orNull(t.taskTeamId), c.taskTeamIds)) return false;
  if (c.source !== undefined && t.source !== c.source) return false;
  if (c.manualSourceLabels !== undefined && !c.manualSourceLabels.every((l) => t.manualSourceLabel === l)) return false;
  if (c.phones !== undefined && !(t.customerPhones ?? []).some((p) => isIn(p, c.phones as readonly string[]))) return false;
  if (c.orderNames !== undefined && !isIn(orNull(t.orderName), c.orderNames)) return false;
  if (c.ticketKeys !== undefined && !(t.ticketKeys ?? []).some((k) => isIn(k, c.ticketKeys as readonly string[]))) return false;
  if (c.category !== undefined && t.category !== c.category) return false;
  if (c.subcategory !== undefined && t.subcategory !== c.subcategory) return false;
  if (c.sentiments !== undefined && !isIn(orNull(t.sentiment), c.sentiments)) return false;
  if (c.withoutParent === true && orNull(t.parentTicketId) !== null) return false;
  if (c.parentTicketId !== undefined && t.parentTicketId !== c.parentTicketId) return false;
  if (c.searchFragments !== undefined && !c.searchFragments.some((f) => (t.searchText ?? '').includes(f))) return false;
  return true;
};

/**
 * The criteria's order as a comparison of two tickets: the timestamp (a missing one before every
 * time, as both engines order nulls), then the id.
 */
export const compareByCriteria = (c: TicketCriteria) => {
  const direction = c.sortOrder === 'asc' ? 1 : -1;
  return (a: CriteriaTicket & { readonly _id: string }, b: CriteriaTicket & { readonly _id: string }): number => {
    const x = orNull(a[c.timestampKey]);
    const y = orNull(b[c.timestampKey]);
    const byStamp = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    if (byStamp !== 0) return byStamp * direction;
    return (a._id < b._id ? -1 : a._id > b._id ? 1 : 0) * direction;
  };
};

/** The same criteria, in the other order (a page near the end is read backwards). */
export const reversedCriteria = (c: TicketCriteria): TicketCriteria => ({ ...c, sortOrder: c.sortOrder === 'asc' ? 'desc' : 'asc' });
