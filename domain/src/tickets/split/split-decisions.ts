import * as E from 'fp-ts/Either';
import type { TicketEvent } from '../events';
import type { TicketState } from '../ticket';
import type { TicketCommand, TicketError } from '../lifecycle/commands';
import { interactionsOf } from './split-interactions';

type SplitCommand = Extract<TicketCommand, { type: 'SplitOff' | 'TakeSplitInteractions' }>;

export const isSplitCommand = (c: TicketCommand): c is SplitCommand => c.type === 'SplitOff' || c.type === 'TakeSplitInteractions';

/**
 * A split's commands. SplitOff, on the ticket split, is decided on its latest state: an id that is
 * not (or no longer) one of its interactions is refused, so of two splits racing for one
 * interaction one takes it. TakeSplitInteractions, on the new ticket, records them once.
 */
export const decideSplit = (t: TicketState, c: SplitCommand): E.Either<TicketError, readonly TicketEvent[]> => {
  const ids = { ticketId: t.ticketId, accountId: t.accountId };
  switch (c.type) {
    case 'SplitOff': {
      const twice = c.interactionIds.find((id, i) => c.interactionIds.indexOf(id) !== i);
      if (twice !== undefined) return E.left({ kind: 'InvalidTicketCommand', field: 'interactionIds', message: `interactionIds names "${twice}" twice: name each interaction once` });
      const named = interactionsOf(t, c.interactionIds);
      if ('unknown' in named) {
        return E.left({
          kind: 'InvalidTicketCommand', field: 'interactionIds',
          message: `"${named.unknown}" is not an email message id, call id or chat session id of ticket ${t.ticketId} (or it was split off already): name interactions recorded on this ticket`,
        });
      }
      return E.right([{ type: 'TicketSplit', data: { ...ids, ...named.found, newTicketId: c.newTicketId, splitById: c.byUserId, at: c.at } }]);
    }
    case 'TakeSplitInteractions': {
      if (t.splitFromTicketId !== null) return E.right([]);
      return E.right([{ type: 'TicketSplitFrom', data: { ...ids, ...c.moved, fromTicketId: c.fromTicketId, at: c.at } }, ...c.interactions]);
    }
    default:
      return E.right([]);
  }
};
