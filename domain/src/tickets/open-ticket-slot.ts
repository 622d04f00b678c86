import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { OpenTicketClaimedData, OpenTicketSlotEvent } from './events';
import { isOpenTicket, TicketState } from './ticket';

/**
 * The reuse slot of one (account, customer, requested task): its last event names the ticket
 * holding it (spec 3.2). Read from the last event alone.
 */
export type OpenTicketSlotState = { readonly holder: OpenTicketClaimedData | null };

export type OpenTicketSlotCommand =
  /**
   * Claim the slot for a new ticket, unless the holder (the ticket the slot names, as loaded for
   * this decision; null when there is none or it never came) is still open. A forced claim always
   * takes the slot.
   */
  | { readonly type: 'ClaimOpenTicketSlot'; readonly claim: OpenTicketClaimedData; readonly holderTicket: TicketState | null }
  /** The request that claimed failed before its ticket existed: free the slot, if it is still ours. */
  | { readonly type: 'ReleaseOpenTicketSlot'; readonly ticketId: string; readonly accountId: string; readonly reason: string };

export const openTicketSlotDecider: Decider<OpenTicketSlotCommand, OpenTicketSlotEvent, OpenTicketSlotState, never> = {
  initialState: () => ({ holder: null }),
  evolve: (_state, event) => ({ holder: event.type === 'OpenTicketClaimed' ? event.data : null }),
  decide: (command, state) => {
    if (command.type === 'ReleaseOpenTicketSlot') {
      if (state.holder?.ticketId !== command.ticketId) return E.right([]);
      const { type: _type, ...data } = command;
      return E.right([{ type: 'OpenTicketReleased', data }]);
    }
    if (!command.claim.forced && command.holderTicket !== null && isOpenTicket(command.holderTicket)) return E.right([]);
    return E.right([{ type: 'OpenTicketClaimed', data: command.claim }]);
  },
};
