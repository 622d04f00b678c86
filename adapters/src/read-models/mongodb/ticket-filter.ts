import { TICKETS_COLLECTION, type TicketCriteria } from '@support/domain';
import type { Document } from 'mongodb';
import { allOf } from './all-of';
import { fragmentsFilter } from './search-grams';

/** The ticket read model's collection, and its search field (the tickets projection declares it `search`). */
export { TICKETS_COLLECTION };
const TICKETS_SEARCH_FIELD = 'searchText';

const oneOf = (field: string, values: readonly (string | null)[]): Document => ({ [field]: { $in: [...values] } });

/**
 * The criteria as one MongoDB filter over the tickets (what compileTicketQuery produced for the old
 * read store, now from the typed criteria). Each condition keeps matchesCriteria's meaning under
 * MongoDB's semantics: equality to null and `$in` with null match a missing field too; `$in` of an
 * empty list matches nothing; a list field matches when it holds a value; comparisons of text never
 * match null or a missing timestamp; `'list.0': { $exists }` tells an empty (or missing) list. The
 * search is the account's part of the gram index plus the literal `$regex` (see search-grams). Pure.
 */
export const ticketFilter = (c: TicketCriteria): Document => {
  const clauses: Document[] = [{ accountId: c.accountId }];
  if (c.from !== undefined || c.to !== undefined) {
    clauses.push({ [c.timestampKey]: { ...(c.from !== undefined ? { $gte: c.from } : {}), ...(c.to !== undefined ? { $lte: c.to } : {}) } });
  }
  if (c.createdAtMost !== undefined) clauses.push({ createdAt: { $lte: c.createdAtMost } });
  if (c.createdUpTo !== undefined) clauses.push({ $or: [{ createdPosition: { $lte: c.createdUpTo } }, { createdPosition: null }] });
  if (c.statuses !== undefined) clauses.push(oneOf('status', c.statuses));
  if (c.statusNot !== undefined) clauses.push({ status: { $ne: c.statusNot } });
  if (c.assignedToId !== undefined) clauses.push({ assignedToId: c.assignedToId });
  if (c.unassigned === true) clauses.push({ assignedToId: null });
  if (c.involvedAgentId !== undefined) clauses.push({ involvedAgentIds: c.involvedAgentId });
  if (c.agentInvolvement === 'only_ai') clauses.push({ 'involvedAgentIds.0': { $exists: false } });
  if (c.agentInvolvement === 'agents_involved') clauses.push({ 'involvedAgentIds.0': { $exists: true } });
  if (c.createdByUserId !== undefined) clauses.push({ createdByUserId: c.createdByUserId });
  if (c.taskIds !== undefined) clauses.push(oneOf('taskId', c.taskIds));
  if (c.taskTeamIds !== undefined) clauses.push(oneOf('taskTeamId', c.taskTeamIds));
  if (c.source !== undefined) clauses.push({ source: c.source });
  // Every label must equal the ticket's one: two different labels match nothing.
  for (const label of new Set(c.manualSourceLabels ?? [])) clauses.push({ manualSourceLabel: label });
  if (c.phones !== undefined) clauses.push(oneOf('customerPhones', c.phones));
  if (c.orderNames !== undefined) clauses.push(oneOf('orderName', c.orderNames));
  if (c.ticketKeys !== undefined) clauses.push(oneOf('ticketKeys', c.ticketKeys));
  if (c.category !== undefined) clauses.push({ category: c.category });
  if (c.subcategory !== undefined) clauses.push({ subcategory: c.subcategory });
  if (c.sentiments !== undefined) clauses.push(oneOf('sentiment', c.sentiments));
  if (c.withoutParent === true) clauses.push({ parentTicketId: null });
  if (c.parentTicketId !== undefined) clauses.push({ parentTicketId: c.parentTicketId });
  if (c.searchFragments !== undefined) clauses.push(fragmentsFilter(TICKETS_SEARCH_FIELD, c.searchFragments, { accountId: c.accountId }));
  return allOf(clauses);
};

/**
 * The criteria's order: the timestamp, then the id, both in the criteria's direction (MongoDB puts
 * a missing or null timestamp before every time, as compareByCriteria does).
 */
export const ticketSort = (c: TicketCriteria): Record<string, 1 | -1> => {
  const direction = c.sortOrder === 'asc' ? 1 : -1;
  return { [c.timestampKey]: direction, _id: direction };
};
