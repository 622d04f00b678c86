import * as E from 'fp-ts/Either';
import { CommandContext, TicketState } from '@support/domain';
import { claimUnique, ConcurrencyConflict, loadTicket, OPEN_TICKET_SLOT, OpenTicketSlotKey, releaseClaim, WriteDeps } from '@support/event-sourcing';

type SlotOutcome =
  | { readonly kind: 'claimed' }
  | { readonly kind: 'existing'; readonly ticket: TicketState };

/**
 * The reuse rule of docs/api/tickets.md (rule Reuse) under concurrency: the slot of (account, customer, requested task) is
 * a claim (OPEN_TICKET_SLOT) that names the ticket holding it. An open holder is reused; otherwise
 * the slot is claimed for the new ticket, so of ten identical racing requests one claims and nine
 * read its ticket. forceCreateTicket claims unconditionally (later requests reuse the newest ticket).
 */
export const claimOpenTicketSlot = async (
  deps: WriteDeps, ctx: CommandContext, key: OpenTicketSlotKey, ticketId: string,
): Promise<E.Either<ConcurrencyConflict, SlotOutcome>> => {
  const claim = await claimUnique(deps, OPEN_TICKET_SLOT, key, ticketId, ctx);
  if (E.isLeft(claim)) return claim;
  if (claim.right.mine) return E.right({ kind: 'claimed' });
  const ticket = await loadTicket(deps.eventStore, claim.right.holder);
  // The claim was decided on this ticket being open: it exists.
  if (ticket === null) throw new Error(`the open-ticket slot names ticket ${claim.right.holder}, which does not exist`);
  return E.right({ kind: 'existing', ticket });
};

/** Frees a slot whose request failed before its ticket existed, so the next request does not wait for it. Only while the slot is still ours. */
export const releaseOpenTicketSlot = async (deps: WriteDeps, ctx: CommandContext, key: OpenTicketSlotKey, ticketId: string, reason: string): Promise<void> => {
  await releaseClaim(deps, OPEN_TICKET_SLOT, key, ticketId, reason, ctx);
};
