import { TicketDocument } from '../../tickets/list/ticket-document';

/** A ticket as the export reads it: any lifecycle field may be absent (older tickets): its cells are then blank. */
export type ExportTicket = Partial<TicketDocument> & { readonly _id: string };

/** Statuses in which a family counts as finished for FCR (docs/api/exports.md, The file, FCR table). */
export const FCR_TERMINAL_STATUSES: readonly string[] = ['closed', 'stale', 'stale_marked_automatically', 'resolved_by_agent', 'resolved_by_ai'];
/** Statuses in which a ticket has been resolved (Voice FCR: "the family was resolved"). */
export const RESOLVED_STATUSES: readonly string[] = ['resolved', 'resolved_by_agent', 'resolved_by_ai', 'closed'];

/**
 * A parent (customer-facing root) row: ticketType "ticket", or, on a document written before
 * ticket types existed, a ticket without a parent. Family columns are filled on these rows only.
 */
export const isParentRow = (t: ExportTicket): boolean => (t.ticketType === undefined ? !t.parentTicketId : t.ticketType === 'ticket');
