import * as t from 'io-ts';
import { boundedText } from '../../shared/bounded-text';

/** Direction of the sort by the column chosen in timestampKey (docs/api/ticket-list.md, Filters). */
const SortOrder = t.keyof({ asc: null, desc: null }, '"asc" or "desc"');
type SortOrder = t.TypeOf<typeof SortOrder>;

/** Column used for sorting and for the date filters (docs/api/ticket-list.md, Filters). */
export const TimestampKey = t.keyof(
  { createdAt: null, updatedAt: null, resolvedAt: null, executedAt: null, assignedAt: null },
  'one of "createdAt", "updatedAt", "resolvedAt", "executedAt", "assignedAt"',
);
export type TimestampKey = t.TypeOf<typeof TimestampKey>;

const AgentInvolvement = t.keyof({ only_ai: null, agents_involved: null }, '"only_ai" or "agents_involved"');
type AgentInvolvement = t.TypeOf<typeof AgentInvolvement>;

const Strings = t.array(t.string, 'an array of strings');
/** Longest free-text filter (search, names, ids): a search becomes a regular expression, which has a size limit. */
const MAX_FILTER_TEXT = 1_000;
const Text = boundedText(MAX_FILTER_TEXT);
const YesNo = new t.Type<boolean, boolean, unknown>('true or false', t.boolean.is, t.boolean.validate, t.identity);
/** Ticket numbers are integers; a client may send one as a JSON number. */
const TicketNumberText = new t.Type<string, string, unknown>(
  'a string (ticket names or numbers, comma-separated)',
  t.string.is,
  (u, c) => (typeof u === 'string' ? t.success(u) : typeof u === 'number' && Number.isInteger(u) ? t.success(String(u)) : t.failure(u, c)),
  t.identity,
);

/**
 * The shared filters of docs/api/ticket-list.md (Filters), accepted by the ticket list and the ticket export alike.
 * Every field is optional; the request codecs add their own fields (page, limit, timezone...).
 */
export const ticketFilterProps = {
  sortOrder: SortOrder,
  timestampKey: TimestampKey,
  startDate: Text,
  endDate: Text,
  ignoreDateRange: YesNo,
  statuses: Strings,
  excludeInProgress: YesNo,
  agentId: Text,
  involvedAgentId: Text,
  agentInvolvement: AgentInvolvement,
  unassigned: YesNo,
  createdByUserId: Text,
  taskIds: Strings,
  noTaskIds: YesNo,
  taskTeamIds: Strings,
  search: Text,
  phoneNumber: Text,
  orderName: Text,
  ticketNumber: TicketNumberText,
  source: Text,
  manualSourceLabel: Text,
  category: Text,
  subcategory: Text,
  sentiments: Strings,
  excludeChildTickets: YesNo,
  parentTicketId: Text,
};

export const TicketFilters = t.partial(ticketFilterProps);
export type TicketFilters = t.TypeOf<typeof TicketFilters>;
