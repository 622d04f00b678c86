import { TicketCriteria } from '@support/domain';
import { joinAnd, SqlPart } from './field-match-sql';
import { listTable, searchPendingTable } from './table-layout';
import { quoted, SqlValue } from './sql-values';

/** The ticket read model's table in SQLite (the tickets projection declares its columns). */
export const TICKETS_TABLE = 'tickets';

const col = (field: string): string => quoted(field);
const params = (n: number): string => new Array(n).fill('?').join(', ');

const oneOf = (column: string, values: readonly SqlValue[]): SqlPart =>
  values.length === 0 ? { sql: '0', params: [] } : values.length === 1 ? { sql: `${column} = ?`, params: values } : { sql: `${column} IN (${params(values.length)})`, params: values };

/** One of the values, where null stands for "no value". */
const oneOfOrNone = (column: string, values: readonly (string | null)[]): SqlPart => {
  const present = values.filter((v): v is string => v !== null);
  const some = present.length > 0 ? oneOf(column, present) : null;
  if (!values.includes(null)) return some ?? { sql: '0', params: [] };
  return some === null ? { sql: `${column} IS NULL`, params: [] } : { sql: `${some.sql} OR ${column} IS NULL`, params: some.params };
};

/** The ticket holds one of the values in a list field (its table of values). */
const listHolds = (field: string, values: readonly string[]): SqlPart => {
  const inner = oneOf('value', values);
  return { sql: `n IN (SELECT n FROM ${quoted(listTable(TICKETS_TABLE, field))} WHERE ${inner.sql})`, params: inner.params };
};

const listEmpty = (field: string): string => `NOT EXISTS (SELECT 1 FROM ${quoted(listTable(TICKETS_TABLE, field))} v WHERE v.n = ${quoted(TICKETS_TABLE)}.n)`;

/**
 * How a search looks a fragment of three characters or more up in the FTS5 trigram index:
 * `phrase`, the fragment as a phrase (exactly the tickets holding it); or `grams`, the tickets
 * holding all of these trigrams of it, each then checked against the whole fragment.
 */
export type SearchLookup = { readonly kind: 'phrase' } | { readonly kind: 'grams'; readonly grams: readonly string[] };
export type SearchPlan = (fragment: string) => SearchLookup;

/** The search index as a connection sees it: the FTS5 table of an account's texts (null while it has none), and how a fragment is looked up. */
export interface SearchIndex {
  readonly tableOf: (accountId: string) => string | null;
  readonly plan: SearchPlan;
}

/**
 * How the rows of a search are met: `probe`, the index's matches read by row number, then put in
 * the list's order (suits few matches); `walk`, the account's tickets read in the list's order from
 * an index of the table, each tested against the index's matches, read once (suits more);
 * `walkTexts`, the same walk testing each ticket's own text, no search index read (suits a
 * fragment so common that the walk passes fewer tickets than the index holds matches).
 */
export type SearchAccess = 'probe' | 'walk' | 'walkTexts';

/** An FTS5 string: the text in double quotes (its own doubled). */
export const ftsString = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** Fragments the trigram index can look up: three characters or more. */
export const indexable = (fragment: string): boolean => [...fragment].length >= 3;

/**
 * The search: each fragment of three characters or more from the account's FTS5 trigram index
 * (case-sensitive, over text and fragments both in lower case: a phrase of trigrams is exactly "the
 * text holds it") and from the text of the tickets not in that index yet (the pending ones, a few
 * thousand at most); shorter ones by looking in each candidate's text, as `walkTexts` does for all.
 */
const search = (fragments: readonly string[], accountId: string, index: SearchIndex, access: SearchAccess): SqlPart => {
  const n = access === 'walk' ? '+n' : 'n';
  const table = index.tableOf(accountId);
  const parts = fragments.map((f): SqlPart => {
    const holds = { sql: `instr(${col('searchText')}, ?) > 0`, params: [f] };
    if (!indexable(f) || access === 'walkTexts') return holds;
    const pending = `${n} IN (SELECT n FROM ${quoted(searchPendingTable(TICKETS_TABLE))})`;
    if (table === null) return { sql: `${pending} AND ${holds.sql}`, params: holds.params };
    const lookup = index.plan(f);
    const terms = lookup.kind === 'phrase' ? ftsString(f) : lookup.grams.map(ftsString).join(' AND ');
    // One test of the text after either set: (indexed ∧ holds) ∨ (pending ∧ holds) made the walk read every ticket's row.
    return { sql: `(${n} IN (SELECT rowid FROM ${quoted(table)} WHERE text MATCH ?) OR ${pending}) AND ${holds.sql}`, params: [terms, f] };
  });
  return parts.length === 1 ? parts[0] : { sql: parts.map((p) => `(${p.sql})`).join(' OR '), params: parts.flatMap((p) => p.params) };
};

/** The WHERE of the criteria over the tickets table. */
export const criteriaWhere = (c: TicketCriteria, index: SearchIndex, access: SearchAccess = 'probe'): SqlPart => {
  const parts: SqlPart[] = [{ sql: `${col('accountId')} = ?`, params: [c.accountId] }];
  const stamp = col(c.timestampKey);
  if (c.from !== undefined) parts.push({ sql: `${stamp} >= ?`, params: [c.from] });
  if (c.to !== undefined) parts.push({ sql: `${stamp} <= ?`, params: [c.to] });
  if (c.createdAtMost !== undefined) parts.push({ sql: `${col('createdAt')} <= ?`, params: [c.createdAtMost] });
  if (c.createdUpTo !== undefined) parts.push({ sql: `coalesce(${col('createdPosition')}, '') <= ?`, params: [c.createdUpTo] });
  if (c.statuses !== undefined) parts.push(oneOf(col('status'), c.statuses));
  if (c.statusNot !== undefined) parts.push({ sql: `${col('status')} IS NOT ?`, params: [c.statusNot] });
  if (c.assignedToId !== undefined) parts.push({ sql: `${col('assignedToId')} = ?`, params: [c.assignedToId] });
  if (c.unassigned === true) parts.push({ sql: `${col('assignedToId')} IS NULL`, params: [] });
  if (c.involvedAgentId !== undefined) parts.push(listHolds('involvedAgentIds', [c.involvedAgentId]));
  if (c.agentInvolvement === 'only_ai') parts.push({ sql: listEmpty('involvedAgentIds'), params: [] });
  if (c.agentInvolvement === 'agents_involved') parts.push({ sql: `NOT ${listEmpty('involvedAgentIds')}`, params: [] });
  if (c.createdByUserId !== undefined) parts.push({ sql: `${col('createdByUserId')} = ?`, params: [c.createdByUserId] });
  if (c.taskIds !== undefined) parts.push(oneOfOrNone(col('taskId'), c.taskIds));
  if (c.taskTeamIds !== undefined) parts.push(oneOf(col('taskTeamId'), c.taskTeamIds));
  if (c.source !== undefined) parts.push({ sql: `${col('source')} = ?`, params: [c.source] });
  for (const label of c.manualSourceLabels ?? []) parts.push({ sql: `${col('manualSourceLabel')} = ?`, params: [label] });
  if (c.phones !== undefined) parts.push(listHolds('customerPhones', c.phones));
  if (c.orderNames !== undefined) parts.push(oneOf(col('orderName'), c.orderNames));
  if (c.ticketKeys !== undefined) parts.push(listHolds('ticketKeys', c.ticketKeys));
  if (c.category !== undefined) parts.push({ sql: `${col('category')} = ?`, params: [c.category] });
  if (c.subcategory !== undefined) parts.push({ sql: `${col('subcategory')} = ?`, params: [c.subcategory] });
  if (c.sentiments !== undefined) parts.push(oneOf(col('sentiment'), c.sentiments));
  if (c.withoutParent === true) parts.push({ sql: `${col('parentTicketId')} IS NULL`, params: [] });
  if (c.parentTicketId !== undefined) parts.push({ sql: `${col('parentTicketId')} = ?`, params: [c.parentTicketId] });
  if (c.searchFragments !== undefined) parts.push(c.searchFragments.length === 0 ? { sql: '0', params: [] } : search(c.searchFragments, c.accountId, index, access));
  return joinAnd(parts);
};

/** The ORDER BY of the criteria: the timestamp, then the id, both in the criteria's direction. */
export const criteriaOrder = (c: TicketCriteria): string => {
  const d = c.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return `${col(c.timestampKey)} ${d}, id ${d}`;
};

/** The fields the criteria condition besides the account and the status: none means the kept counts answer the total. */
export const NARROWING: readonly (keyof TicketCriteria)[] = [
  'from', 'to', 'createdAtMost', 'createdUpTo', 'assignedToId', 'unassigned', 'involvedAgentId', 'agentInvolvement', 'createdByUserId', 'taskIds', 'taskTeamIds',
  'source', 'manualSourceLabels', 'phones', 'orderNames', 'ticketKeys', 'category', 'subcategory', 'sentiments', 'withoutParent', 'parentTicketId',
  'searchFragments',
];

/**
 * The total from the counts kept per account and status, when the criteria condition nothing else;
 * null when they must be counted.
 */
export const countsQuery = (c: TicketCriteria): { readonly sql: string; readonly params: readonly SqlValue[]; readonly minus?: SqlPart } | null => {
  if (NARROWING.some((k) => c[k] !== undefined)) return null;
  const counts = quoted(`${TICKETS_TABLE}:counts`);
  const account = c.accountId;
  const base = `SELECT coalesce(sum(n), 0) AS total FROM ${counts} WHERE ${col('accountId')} = ?`;
  if (c.statuses !== undefined) {
    // statusNot narrows a list of statuses by leaving its status out of it.
    const statuses = c.statusNot === undefined ? c.statuses : c.statuses.filter((s) => s !== c.statusNot);
    if (statuses.length === 0) return { sql: 'SELECT 0 AS total', params: [] };
    return { sql: `${base} AND ${col('status')} IN (${params(statuses.length)})`, params: [account, ...statuses] };
  }
  if (c.statusNot !== undefined) {
    return { sql: base, params: [account], minus: { sql: `${base} AND ${col('status')} = ?`, params: [account, c.statusNot] } };
  }
  return { sql: base, params: [account] };
};
