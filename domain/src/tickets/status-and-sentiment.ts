/**
 * A ticket's status and sentiment words, apart from the events that carry them, so the lifecycle's
 * events and the creation's events both use them without importing each other.
 */

/** The statuses of a ticket (docs/api/ticket-list.md); a new manual ticket starts `open`. */
export type TicketStatus =
  | 'open' | 'assigned' | 'resolved' | 'in_progress' | 'queued' | 'closed' | 'stale' | 'stale_marked_automatically'
  | 'resolved_by_agent' | 'resolved_by_ai';

export type TicketSentiment = 'positive' | 'neutral' | 'negative';
