/**
 * Events of a split (docs/api/merge-and-split.md): the ticket split records which of its
 * interactions went to which new ticket (TicketSplit); the new ticket records where they came from
 * (TicketSplitFrom), followed by the interactions themselves, recorded again on it.
 */

/** Interactions of a ticket by kind: email message ids, call ids, chat session ids. */
export interface SplitInteractions {
  readonly emailMessageIds: readonly string[];
  readonly callIds: readonly string[];
  readonly chatSessionIds: readonly string[];
}

interface OnTicket {
  readonly ticketId: string;
  readonly accountId: string;
}

/** On the ticket split: these interactions are the new ticket's from now on. */
export interface TicketSplitData extends OnTicket, SplitInteractions {
  readonly newTicketId: string;
  readonly splitById: string | null;
  readonly at: string;
}

/** On the new ticket, after its TicketCreated: the ticket it came from and the interactions it took. */
export interface TicketSplitFromData extends OnTicket, SplitInteractions {
  readonly fromTicketId: string;
  readonly at: string;
}

export type TicketSplit = { readonly type: 'TicketSplit'; readonly data: TicketSplitData };
export type TicketSplitFrom = { readonly type: 'TicketSplitFrom'; readonly data: TicketSplitFromData };
export type TicketSplitEvent = TicketSplit | TicketSplitFrom;

export const TICKET_SPLIT_EVENT_TYPES: readonly TicketSplitEvent['type'][] = ['TicketSplit', 'TicketSplitFrom'];

/** At most this many interactions move in one split. */
export const MAX_SPLIT_INTERACTIONS = 100;
