import * as E from 'fp-ts/Either';
import { CommandContext, ticketNumberStream } from '@support/domain';
import { ConcurrencyConflict, handleTicketNumbers, WriteDeps } from '@support/event-sourcing';

/**
 * The next ticket number of the account, decided by ticketNumberDecider on `ticket_number-<accountId>`
 * and appended with the revision read, so two processes never hand out the same number (the loser
 * decides again on the newer state, until the create's deadline). The creates of a process that
 * arrive while a number is being appended wait and are numbered together in the stream's next turn
 * (one read, one append, each event with its own request's metadata: see the command handler), so
 * concurrent creates neither race nor queue one fsync each. Numbers increase and are never reused;
 * a request that fails after this step leaves a gap.
 */
export const allocateTicketNumber = async (deps: WriteDeps, ctx: CommandContext, ticketId: string): Promise<E.Either<ConcurrencyConflict, number>> => {
  const handled = await handleTicketNumbers(deps, ticketNumberStream(ctx.accountId), { type: 'AssignTicketNumbers', accountId: ctx.accountId, ticketIds: [ticketId] }, ctx);
  return E.isLeft(handled) ? handled : E.right(handled.right.newEvents[0].data.ticketNumber);
};
