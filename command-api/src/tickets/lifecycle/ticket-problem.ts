import { contention, HttpProblem, problem } from '@support/http-edge';
import { InvalidRequest, TicketError, TicketRequestProblem } from '@support/domain';
import { ConcurrencyConflict } from '@support/event-sourcing';

const TICKET_NOT_FOUND = 'Ticket not found';

/** The one mapping of ticket command failures to answers in the error shape of docs/api/README.md. */
export const ticketProblem = (e: TicketError | TicketRequestProblem | InvalidRequest | ConcurrencyConflict): HttpProblem => {
  switch (e.kind) {
    case 'TicketNotFound':
      return problem(404, TICKET_NOT_FOUND);
    case 'TicketExists':
      return problem(409, `Ticket ${e.ticketId} already exists`);
    case 'StatusConflict':
      return problem(409, e.message, { currentStatus: e.currentStatus });
    case 'CallNotFound':
      return problem(404, `Call "${e.callId}" is not recorded on this ticket: record it with POST .../calls first`, { field: 'callId' });
    case 'InvalidTicketCommand':
    case 'TicketRequestProblem':
      return problem(400, e.message, { field: e.field });
    case 'InvalidRequest':
      return problem(400, e.message, { problems: e.problems.map((p) => ({ path: p.path.join('.'), reason: p.reason })) });
    case 'TicketMerged':
      return problem(409, `Ticket ${e.ticketId} was merged into ticket ${e.mergedIntoTicketId}: send this to ticket ${e.mergedIntoTicketId}, the surviving ticket`, {
        ticketId: e.ticketId, mergedIntoTicketId: e.mergedIntoTicketId,
      });
    case 'MergeSourceNotFound':
      return problem(404, `Ticket ${e.ticketId} not found: every source of a merge must be a ticket of your account`, { field: 'sourceTicketIds', ticketId: e.ticketId });
    case 'ConcurrencyConflict':
      return contention('ticket');
    default:
      return problem(400, 'The request could not be applied to the ticket');
  }
};
