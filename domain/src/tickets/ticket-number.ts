import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { TicketNumberEvent } from './events';

/**
 * Ticket numbers of an account (`ticket_number-<accountId>`): one event per ticket, numbers
 * increasing from 1 without repeats. The last event holds the state (the last number), so a
 * decision reads one event however many tickets the account has.
 */
type TicketNumberState = { readonly lastNumber: number };

/** Numbers for these tickets, in their order (a create asks for its own one). */
export type AssignTicketNumbers = { readonly type: 'AssignTicketNumbers'; readonly accountId: string; readonly ticketIds: readonly string[] };

export const ticketNumberDecider: Decider<AssignTicketNumbers, TicketNumberEvent, TicketNumberState, never> = {
  initialState: () => ({ lastNumber: 0 }),
  evolve: (state, event) => ({ lastNumber: Math.max(state.lastNumber, event.data.ticketNumber) }),
  decide: (command, state) =>
    E.right(command.ticketIds.map((ticketId, i) => ({
      type: 'TicketNumberAssigned' as const,
      data: { ticketId, accountId: command.accountId, ticketNumber: state.lastNumber + 1 + i },
    }))),
};
