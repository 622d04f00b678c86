import { contention, HttpProblem, problem } from '@support/http-edge';
import { InvalidRequest, TicketError, TicketRequestProblem, ticketRefusal } from '@support/domain';
import { ConcurrencyConflict } from '@support/event-sourcing';

/** The one mapping of ticket command failures to answers in the error shape of docs/api/README.md. */
export const ticketProblem = (e: TicketError | TicketRequestProblem | InvalidRequest | ConcurrencyConflict): HttpProblem => {
  switch (e.kind) {
    case 'TicketNotFound':
    case 'TicketExists':
    case 'StatusConflict':
    case 'CallNotFound':
    case 'InvalidTicketCommand':
    case 'TicketMerged':
    case 'MergeSourceNotFound': {
      const { status, message, ...extra } = ticketRefusal(e);
      return problem(status, message, extra);
    }
    case 'TicketRequestProblem':
      return problem(400, e.message, { field: e.field });
    case 'InvalidRequest':
      return problem(400, e.message, { problems: e.problems.map((p) => ({ path: p.path.join('.'), reason: p.reason })) });
    case 'ConcurrencyConflict':
      return contention('ticket');
    default:
      return problem(400, 'The request could not be applied to the ticket');
  }
};
