import { DecidedAppend } from '../../shared/decider';
import { TicketCreated, TicketCreatedData, TicketEvent, TicketNumberAssigned, ticketStream } from '../events';
import { evolveTicket, TicketState } from '../ticket';

/** An account's ticket numbers as a decision reads them (`ticket_number-<accountId>`): the last one handed out. */
export interface NumbersRead {
  readonly streamName: string;
  readonly lastNumber: number;
  readonly revision: bigint | null;
}

/**
 * A new ticket with the account's next number: the number's event (expecting the numbers at the
 * revision read, so two decisions never hand out one number, and a number is used only if its ticket
 * is written with it: no gaps) and the ticket's stream (which must not exist), with any events that
 * follow its creation in the same decision.
 */
export const numberedTicket = (
  numbers: NumbersRead,
  made: (ticketNumber: number) => TicketCreatedData,
  after: (created: TicketState) => readonly TicketEvent[] = () => [],
): { readonly ticket: TicketState; readonly appends: readonly DecidedAppend[] } => {
  const data = made(numbers.lastNumber + 1);
  const numbered: TicketNumberAssigned = { type: 'TicketNumberAssigned', data: { ticketId: data.ticketId, accountId: data.accountId, ticketNumber: data.ticketNumber } };
  const created: TicketCreated = { type: 'TicketCreated', data };
  const fresh = evolveTicket(null, created);
  if (fresh === null) throw new Error(`ticket ${data.ticketId} has no state after its creation`);
  const following = after(fresh);
  const ticket = following.reduce(evolveTicket, fresh) ?? fresh;
  const events: TicketEvent[] = [created, ...following];
  return {
    ticket,
    appends: [
      { streamName: numbers.streamName, events: [numbered], expectedRevision: numbers.revision ?? 'no_stream' },
      { streamName: ticketStream(data.ticketId), events, expectedRevision: 'no_stream' },
    ],
  };
};
