import * as E from 'fp-ts/Either';
import { CommandContext, EventStore, IdGenerator, ticketNumberStream, TicketNumberEvent } from '@support/domain';
import { appendEvents, backoff, readLastEvent } from './streams';

const MAX_ATTEMPTS = 100;

/**
 * The next ticket number of the account: one event per ticket in `ticket_number-<accountId>`; the
 * number is the revision of the appended event + 1, appended with the revision read as the expected
 * one, so two racing requests can never get the same number (the loser reads again and takes the
 * next). Numbers increase and are never reused; a request that fails after this step leaves a gap.
 */
export const allocateTicketNumber = async (
  deps: { readonly eventStore: EventStore; readonly newId: IdGenerator },
  ctx: CommandContext,
  ticketId: string,
): Promise<number> => {
  const stream = ticketNumberStream(ctx.accountId);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const last = await readLastEvent(deps.eventStore, stream);
    const revision = last === null ? -1n : last.revision;
    const ticketNumber = Number(revision + 2n);
    const event: TicketNumberEvent = { type: 'TicketNumberAssigned', data: { ticketId, accountId: ctx.accountId, ticketNumber } };
    const appended = await appendEvents(deps, stream, [event], last === null ? 'no_stream' : last.revision, ctx);
    if (E.isRight(appended)) return ticketNumber;
    await backoff(attempt);
  }
  throw new Error('ticket number allocation kept conflicting');
};
