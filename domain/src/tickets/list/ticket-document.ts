import { ReadDocument } from '../../ports/read-document';
import { SlaTarget } from '../../sla/sla-target';
import { SlaOutcomes, SlaWarnings } from '../../sla/sla-outcomes';
import { SlaStanding } from '../../sla/sla-standing';

/** Names of the ticket read model (projection and collection) that commands wait for (read your writes). */
export const TICKETS_PROJECTION = 'tickets';
export const TICKETS_COLLECTION = 'tickets';

/** Customer satisfaction given on a ticket. */
export interface TicketCsat {
  readonly rating: number | null;
  readonly comment: string | null;
}

type TicketType = 'ticket' | 'child' | 'interaction';

/**
 * Lifetime totals of a ticket family, kept on the root ticket's document. Distinct counts keep
 * their keys (message, thread, session and call ids) so that a webhook recorded twice, or on two
 * tickets of the family, counts once.
 */
export interface TicketFamilyMetrics {
  readonly childTickets: number;
  readonly interactionTickets: number;
  /** Distinct chat session ids across the family. */
  readonly chatSessionIds: readonly string[];
  /** Distinct email thread ids across the family, of every email provider. */
  readonly emailThreadIds: readonly string[];
  readonly emailClients: readonly string[];
  /** Distinct message ids of emails from addresses outside the account's mailboxes. */
  readonly customerEmailMessageIds: readonly string[];
  /** Distinct message ids of emails from the account's mailboxes, excluding AI- or system-generated ones. */
  readonly agentEmailMessageIds: readonly string[];
  readonly incomingCallIds: readonly string[];
  readonly outgoingCallIds: readonly string[];
  /**
   * The family's customer-contact channels (docs/api/exports.md (The file) FCR): every ticket source of the family, with `email` only
   * for a customer email and `voiceCall` only for an incoming call; `manual` when it is a current or involved source.
   */
  readonly channels: readonly string[];
  /** A child ticket of the family was worked by a human (assigned, or resolved by an agent): protected or delegated child work. */
  readonly delegatedChildWork: boolean;
  /** The latest customer-originated contact in the family (customer email or incoming call), or null. */
  readonly lastInboundContactAt: string | null;
}

/** Voice FCR: the stored evaluation of an incoming call's transcript (on the root ticket). */
export interface VoiceFcrDecision {
  readonly callId: string;
  readonly outcome: 'resolved_on_call' | 'unresolved' | 'delegated';
  readonly reason: string;
  readonly evaluatedAt: string;
  /** A customer email or a different incoming call reached the family after the decision. */
  readonly laterInboundContact: boolean;
}

/**
 * One ticket of the read model that the list and the export query. Timestamps are ISO strings in
 * `toISOString` form (UTC), so text order is time order in MongoDB and SQLite alike.
 * Documents of tickets created before a field existed lack it until an event sets it; readers
 * treat an absent field as its empty value.
 */
export interface TicketDocument extends ReadDocument {
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
  /** The log position of the ticket's creation (sortablePosition): an export's snapshot holds the tickets created up to its position. Internal. */
  readonly createdPosition?: string;
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

  /* ---- the ticket worked (ticket lifecycle; every field below is filled by the tickets projector) ---- */

  /** `ticket`: a customer-facing root ticket; `child`: a child ticket; `interaction`: an interaction ticket of a family. */
  readonly ticketType?: TicketType;
  /** The child-ticket parameter a child ticket was made with, or null. */
  readonly childTicketParam?: string | null;
  /** The subject and query the ticket was created with. */
  readonly subject?: string | null;
  readonly query?: string | null;
  /** Since when the customer has waited for an agent (a customer contact with no agent reply after it), or null. */
  readonly awaitingResponseSince?: string | null;
  /** The family's root ticket (the ticket itself for a root). */
  readonly rootTicketId?: string;
  /** The surviving ticket this one was merged into (docs/api/merge-and-split.md), or null. */
  readonly mergedIntoTicketId?: string | null;
  /** The tickets merged into this one. */
  readonly mergedTicketIds?: readonly string[];
  /** The ticket this one was split from (docs/api/merge-and-split.md), and the tickets split from this one. */
  readonly splitFromTicketId?: string | null;
  readonly splitTicketIds?: readonly string[];
  /** Task ids the ticket's evaluation passed through, in order (the final one is taskId). */
  readonly taskPath?: readonly string[];
  /** Execute actions run by the task evaluation: key and outcome. */
  readonly actions?: readonly { readonly actionKey: string; readonly status: string }[];
  /** Objective values of the final task, by parameter. */
  readonly objectives?: Readonly<Record<string, unknown>>;
  /** The payload as sent (a JSON document serialized as a string), or null. */
  readonly payload?: string | null;
  /** Who assigned the current assignee (a user id), or null. */
  readonly assignedById?: string | null;
  /** Every source the ticket was worked through: its own source and the channel of each interaction (email, voiceCall, liveChat...). */
  readonly involvedSources?: readonly string[];
  /** `agent` or `ai` once resolved, else null. */
  readonly resolvedBy?: 'agent' | 'ai' | null;
  /** The user who resolved it (agent resolutions), or null. */
  readonly resolvedByUserId?: string | null;
  /** The resolving status (resolved, resolved_by_agent, resolved_by_ai, closed, ...) of the latest resolution, or null. */
  readonly resolution?: string | null;
  readonly closedAt?: string | null;
  /** Every status the ticket entered, oldest first (creation included). */
  readonly statusHistory?: readonly { readonly status: string; readonly at: string }[];
  /** Every sentiment recorded on the ticket, oldest first: the text processor's, then those added by the processor or agents. */
  readonly sentiments?: readonly string[];
  /** The first agent reply on any channel (agent email, agent chat message, outgoing or answered call), recorded once. */
  readonly firstResponseAt?: string | null;
  readonly firstResponseChannel?: string | null;
  /** The latest agent reply, or null. */
  readonly latestResponseAt?: string | null;
  /**
   * Each wait of the customer for an agent: from a customer contact (creation, customer email, incoming call, chat
   * start) that had no pending wait, to the next agent reply. The export sums them on its business-hours clock.
   */
  readonly responseWaits?: readonly { readonly from: string; readonly to: string }[];
  /** CSAT: `sent` once sent, `submitted` once the customer answered, else null. */
  readonly csatStatus?: 'sent' | 'submitted' | null;
  readonly csatSentAt?: string | null;
  readonly csatSubmittedAt?: string | null;
  /** Values of the account's other disposition fields, by label. */
  readonly dispositions?: Readonly<Record<string, string>>;
  /** Email threads and email clients (providers) of the ticket's own emails. */
  readonly emailThreadIds?: readonly string[];
  readonly emailClients?: readonly string[];
  /** Resolved by the AI, or marked stale automatically. */
  readonly autoResolved?: boolean;
  /** Lifetime totals of the ticket's family (root, children, interaction tickets); on the root's document only, else null. */
  readonly family?: TicketFamilyMetrics | null;
  /** The Voice FCR decision stored on the root when one of its incoming calls was evaluated, or null. */
  readonly voiceFcr?: VoiceFcrDecision | null;
  /** The SLA targets recorded when the ticket was created; null for tickets created before targets were recorded (the account's policies apply). */
  readonly slaTargets?: readonly SlaTarget[] | null;
  /** Targets recorded met or breached, by their place in slaTargets. */
  readonly slaOutcomes?: SlaOutcomes | null;
  /** The due moment each target was last warned of, by its place in slaTargets. */
  readonly slaWarnings?: SlaWarnings | null;
  /** The next moment the SLA watcher records an outcome of this ticket (slaCheckAt), null when none is due. Internal. */
  readonly slaCheckAt?: string | null;
  /** The ticket's SLA standing (slaStanding) and the earliest due moment of its targets still waiting, for the agent's SLA queue. */
  readonly slaState?: SlaStanding | null;
  readonly slaNextDueAt?: string | null;
  /** The ticket's number (as text) and name: what the ticketNumber filter matches exactly (see ticketKeys). Internal. */
  readonly ticketKeys: readonly string[];
  /** Lower-cased text of every value `search` looks in (see ticketSearchText). Internal. */
  readonly searchText: string;
}

/**
 * What the ticketNumber filter matches, in one indexable array: the number as text and the name.
 * One field (rather than an $or over two) lets MongoDB and SQLite seek an index.
 */
export const ticketKeys = (t: { readonly ticketNumber?: number | string | null; readonly ticketName?: string | null }): string[] =>
  [...new Set([t.ticketNumber, t.ticketName].filter((v) => v !== null && v !== undefined && String(v) !== '').map(String))];

/** The ticket's own values `search` looks in (docs/api/ticket-list.md, Filters): summary, order name, ticket name or number. */
interface SearchableTicket {
  readonly summary?: string | null;
  readonly orderName?: string | null;
  readonly ticketName?: string | null;
  readonly ticketNumber?: number | string | null;
}

/** The customer's values `search` looks in: name, emails, phones. */
interface SearchableCustomer {
  readonly name?: string | null;
  readonly emails?: readonly string[];
  readonly phones?: readonly string[];
}

/** Separates the searched values so that a search cannot match across two of them. */
const SEARCH_SEPARATOR = '\u001f';

/**
 * Every value `search` looks in, lower-cased and joined into one field, so that a search is one
 * case-insensitive substring test per ticket rather than seven fields (and one column for the
 * read model's trigram search index). The projector rewrites it
 * whenever one of the values changes, also a change of the customer on each of their tickets.
 */
export const ticketSearchText = (t: SearchableTicket, c: SearchableCustomer): string =>
  [t.summary, t.orderName, t.ticketName, t.ticketNumber, c.name, ...(c.emails ?? []), ...(c.phones ?? [])]
    .filter((v) => v !== null && v !== undefined && String(v) !== '')
    .map((v) => String(v).toLowerCase())
    .join(SEARCH_SEPARATOR);
