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
  /** Lower-cased text of the ticket's own searched values (see ticketSearchText). Internal. */
  readonly searchText: string;
  /** Lower-cased text of its customer's searched values (see customerSearchText). Internal. */
  readonly customerSearchText: string;
}

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

const searchText = (values: readonly unknown[]): string =>
  values
    .filter((v) => v !== null && v !== undefined && String(v) !== '')
    .map((v) => String(v).toLowerCase())
    .join(SEARCH_SEPARATOR);

/**
 * The searched values lower-cased and joined, so that `search` is one case-insensitive substring
 * test per field rather than seven. Kept in two fields, the ticket's and its customer's, so that
 * a change of the customer updates all of their tickets with one updateMany.
 */
export const ticketSearchText = (t: SearchableTicket): string => searchText([t.summary, t.orderName, t.ticketName, t.ticketNumber]);

export const customerSearchText = (c: SearchableCustomer): string => searchText([c.name, ...(c.emails ?? []), ...(c.phones ?? [])]);
