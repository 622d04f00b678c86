import { Document } from '../../ports/read-store';

/** Names of the ticket read model (projection and collection) that commands wait for (read your writes). */
export const TICKETS_PROJECTION = 'tickets';
export const TICKETS_COLLECTION = 'tickets';

/** Customer satisfaction given on a ticket. */
export interface TicketCsat {
  readonly rating: number | null;
  readonly comment: string | null;
}

/**
 * One ticket of the read model that the list and the export query. Timestamps are ISO strings in
 * `toISOString` form (UTC), so text order is time order in MongoDB and the embedded store alike.
 * Fields no command fills yet (assignment, resolution, disposition...) are absent until events
 * carry them; every filter still has its field here.
 */
export interface TicketDocument extends Document {
  readonly accountId: string;
  readonly ticketNumber: number | string | null;
  /** The ticket's name: its short title (the subject it was created with), or null. */
  readonly ticketName?: string | null;
  readonly status: string;
  readonly summary: string | null;
  readonly orderName: string | null;
  readonly source: string | null;
  readonly manualSourceLabel: string | null;
  readonly customerId: string | null;
  readonly customerName?: string | null;
  /** Every email of the customer (trimmed, lower case). */
  readonly customerEmails?: readonly string[];
  /** Every phone number of the customer, E.164 as normalizePhone gives it. */
  readonly customerPhones?: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string | null;
  readonly resolvedAt?: string | null;
  readonly executedAt?: string | null;
  readonly assignedAt?: string | null;
  readonly assignedToId?: string | null;
  /** Every human agent who took part (assigned or acted); empty or absent: only the AI did. */
  readonly involvedAgentIds?: readonly string[];
  readonly createdByUserId?: string | null;
  readonly taskId?: string | null;
  /** Team of the ticket's task when the task was set. */
  readonly taskTeamId?: string | null;
  readonly category?: string | null;
  readonly subcategory?: string | null;
  readonly sentiment?: string | null;
  readonly parentTicketId?: string | null;
  readonly csat?: TicketCsat | null;
  /** The ticket's number (as text) and name: what the ticketNumber filter matches exactly (see ticketKeys). Internal. */
  readonly ticketKeys: readonly string[];
  /** Lower-cased text of every value `search` looks in (see ticketSearchText). Internal. */
  readonly searchText: string;
}

/**
 * What the ticketNumber filter matches, in one indexable array: the number as text and the name.
 * One field (rather than an $or over two) lets MongoDB and the embedded store seek an index.
 */
export const ticketKeys = (t: { readonly ticketNumber?: number | string | null; readonly ticketName?: string | null }): string[] =>
  [...new Set([t.ticketNumber, t.ticketName].filter((v) => v !== null && v !== undefined && String(v) !== '').map(String))];

/** The ticket's own values `search` looks in (spec 4.2.1): summary, order name, ticket name or number. */
export interface SearchableTicket {
  readonly summary?: string | null;
  readonly orderName?: string | null;
  readonly ticketName?: string | null;
  readonly ticketNumber?: number | string | null;
}

/** The customer's values `search` looks in: name, emails, phones. */
export interface SearchableCustomer {
  readonly name?: string | null;
  readonly emails?: readonly string[];
  readonly phones?: readonly string[];
}

/** Separates the searched values so that a search cannot match across two of them. */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * Every value `search` looks in, lower-cased and joined into one field, so that a search is one
 * case-insensitive substring test per ticket (rather than seven fields, or an $or over two, which
 * the embedded store's matcher runs at about a third of the speed). The projector rewrites it
 * whenever one of the values changes, also a change of the customer on each of their tickets.
 */
export const ticketSearchText = (t: SearchableTicket, c: SearchableCustomer): string =>
  [t.summary, t.orderName, t.ticketName, t.ticketNumber, c.name, ...(c.emails ?? []), ...(c.phones ?? [])]
    .filter((v) => v !== null && v !== undefined && String(v) !== '')
    .map((v) => String(v).toLowerCase())
    .join(SEARCH_SEPARATOR);
