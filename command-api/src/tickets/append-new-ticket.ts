import * as E from 'fp-ts/Either';
import { CommandContext, Position, TaskEvaluatedData, TicketCreatedData, TicketState, ticketStream } from '@support/domain';
import { handleTicket, WriteDeps } from '@support/event-sourcing';

/** Appends a new ticket's TicketCreated (and its TaskEvaluated) through the ticket decider, on a stream that must not exist yet. */
export const appendNewTicket = async (
  deps: WriteDeps,
  ctx: CommandContext,
  ticket: TicketCreatedData,
  evaluation: TaskEvaluatedData | null,
): Promise<{ ticket: TicketState; position: Position }> => {
  const handled = await handleTicket(deps, ticketStream(ticket.ticketId), { type: 'CreateTicket', ticket, evaluation }, ctx, { newStream: true });
  if (E.isLeft(handled) || handled.right.appended === null || handled.right.state === null) {
    throw new Error(`a new ticket could not be appended (${E.isLeft(handled) ? handled.left.kind : 'nothing appended'})`);
  }
  return { ticket: handled.right.state, position: handled.right.appended.position };
};
