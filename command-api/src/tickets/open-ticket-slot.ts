import * as E from 'fp-ts/Either';
import {
  backoff, CommandContext, CommandHandlerDeps, EventStore, handleCommand, loadStream, OpenTicketClaimedData, openTicketSlotDecider, openTicketStream,
  sleep, ticketDecider, TicketState, ticketStream,
} from '@support/domain';

/**
 * A claim whose ticket does not exist yet belongs to a request still evaluating its task (data
 * point lookups, execute actions): wait for it this long before treating it as abandoned.
 */
export const CLAIM_WAIT_MS = 30_000;

export type SlotOutcome =
  | { readonly kind: 'claimed'; readonly stream: string }
  | { readonly kind: 'existing'; readonly ticket: TicketState };

export const loadTicket = async (eventStore: EventStore, ticketId: string): Promise<TicketState | null> =>
  (await loadStream(eventStore, ticketStream(ticketId), ticketDecider)).state;

/** The ticket of a claim, waiting while its request is still creating it; null when it never came. */
const awaitTicket = async (eventStore: EventStore, ticketId: string, claimedAt: number): Promise<TicketState | null> => {
  const deadline = Math.max(Date.now(), claimedAt + CLAIM_WAIT_MS);
  for (let attempt = 1; ; attempt++) {
    const ticket = await loadTicket(eventStore, ticketId);
    if (ticket !== null || Date.now() >= deadline) return ticket;
    await (attempt < 4 ? backoff(attempt) : sleep(15));
  }
};

/**
 * The reuse rule of spec 3.2 under concurrency, as a decision on the slot stream of (account,
 * customer, requested task) through the command handler: the holder the slot names is loaded for
 * each decision; an open holder is reused, otherwise the slot is claimed for the new ticket with
 * the revision read, so of ten identical racing requests one claims and nine read its ticket.
 * forceCreateTicket claims unconditionally (later requests reuse the newest ticket).
 */
export const claimOpenTicketSlot = async (deps: CommandHandlerDeps, ctx: CommandContext, claim: OpenTicketClaimedData): Promise<SlotOutcome> => {
  const stream = openTicketStream(claim.accountId, claim.customerId, claim.taskId);
  let holderTicket: TicketState | null = null;
  const handled = await handleCommand(deps, stream, openTicketSlotDecider, { type: 'ClaimOpenTicketSlot', claim, holderTicket: null }, ctx, {
    read: 'lastEvent',
    prepare: async (state, last) => {
      holderTicket = state.holder === null || claim.forced || last === null ? null : await awaitTicket(deps.eventStore, state.holder.ticketId, last.created.getTime());
      return { type: 'ClaimOpenTicketSlot' as const, claim, holderTicket };
    },
  });
  if (E.isLeft(handled)) throw new Error('open-ticket slot kept conflicting');
  if (handled.right.newEvents.length > 0) return { kind: 'claimed', stream };
  if (holderTicket === null) throw new Error('open-ticket slot decided to reuse without a holder');
  return { kind: 'existing', ticket: holderTicket };
};

/** Frees a slot whose request failed before its ticket existed, so the next request does not wait for it. Only while the slot is still ours. */
export const releaseOpenTicketSlot = async (deps: CommandHandlerDeps, ctx: CommandContext, stream: string, ticketId: string, reason: string): Promise<void> => {
  await handleCommand(deps, stream, openTicketSlotDecider, { type: 'ReleaseOpenTicketSlot', ticketId, accountId: ctx.accountId, reason }, ctx, { read: 'lastEvent' });
};
