import { TicketError } from './commands';

/** Why a ticket command was refused, as the single-ticket route answers it: its HTTP status, message and extra keys. */
export interface TicketRefusal {
  readonly status: number;
  readonly message: string;
  readonly field?: string;
  readonly currentStatus?: string;
  readonly ticketId?: string;
  readonly mergedIntoTicketId?: string;
}

/**
 * The refusal of a ticket command (docs/api/agent-workspace.md): the lifecycle routes answer it as
 * their error body, a bulk update records it as the ticket's outcome, so both say the same.
 */
export const ticketRefusal = (e: TicketError): TicketRefusal => {
  switch (e.kind) {
    case 'TicketNotFound':
      return { status: 404, message: 'Ticket not found' };
    case 'TicketExists':
      return { status: 409, message: `Ticket ${e.ticketId} already exists` };
    case 'StatusConflict':
      return { status: 409, message: e.message, currentStatus: e.currentStatus };
    case 'CallNotFound':
      return { status: 404, message: `Call "${e.callId}" is not recorded on this ticket: record it with POST .../calls first`, field: 'callId' };
    case 'InvalidTicketCommand':
      return { status: 400, message: e.message, field: e.field };
    case 'TicketMerged':
      return {
        status: 409, message: `Ticket ${e.ticketId} was merged into ticket ${e.mergedIntoTicketId}: send this to ticket ${e.mergedIntoTicketId}, the surviving ticket`,
        ticketId: e.ticketId, mergedIntoTicketId: e.mergedIntoTicketId,
      };
    case 'MergeSourceNotFound':
      return { status: 404, message: `Ticket ${e.ticketId} not found: every source of a merge must be a ticket of your account`, field: 'sourceTicketIds', ticketId: e.ticketId };
  }
};
