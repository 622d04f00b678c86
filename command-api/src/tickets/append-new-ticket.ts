import * as E from 'fp-ts/Either';
import {
  CommandContext, CommandHandlerDeps, handleCommand, Position, TaskEvaluatedData, TicketCreatedData, ticketDecider, TicketState, ticketStream,
} from '@support/domain';

/** Appends a new ticket's TicketCreated (and its TaskEvaluated) through the ticket decider, on a stream that must not exist yet. */
export const appendNewTicket = async (
  deps: CommandHandlerDeps,
  ctx: CommandContext,
  ticket: TicketCreatedData,
  evaluation: TaskEvaluatedData | null,
): Promise<{ ticket: TicketState; position: Position }> => {
  const handled = await handleCommand(deps, ticketStream(ticket.ticketId), ticketDecider, { type: 'CreateTicket', ticket, evaluation }, ctx);
  if (E.isLeft(handled) || handled.right.appended === null || handled.right.state === null) {
    throw new Error(`a new ticket could not be appended (${E.isLeft(handled) ? handled.left.kind : 'nothing appended'})`);
  }
  return { ticket: handled.right.state, position: handled.right.appended.position };
};
