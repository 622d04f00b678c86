import * as E from 'fp-ts/Either';
import {
  CommandContext, EventStore, evolveTicket, OpenTicketReleasedData, IdGenerator, initialTicketState, isOpenTicket, OpenTicketClaimedData, OpenTicketSlotEvent,
  openTicketStream, TicketEvent, TicketState, ticketStream,
} from '@support/domain';
import { loadStream } from '../shared/handle-command';
import { readLastEvent } from '../shared/stream-ends';
import { appendEvents, backoff, sleep } from './streams';

const MAX_ATTEMPTS = 50;
/**
 * A claim whose ticket does not exist yet belongs to a request still evaluating its task (data
 * point lookups, execute actions): wait for it this long before treating it as abandoned.
 */
export const CLAIM_WAIT_MS = 30_000;

export type SlotOutcome =
  | { readonly kind: 'claimed'; readonly stream: string; readonly revision: bigint }
  | { readonly kind: 'existing'; readonly ticket: TicketState };

const ticketDecider = { initialState: initialTicketState, evolve: evolveTicket };

export const loadTicket = async (eventStore: EventStore, ticketId: string): Promise<TicketState | null> =>
  (await loadStream<TicketEvent, TicketState | null>(eventStore, ticketStream(ticketId), ticketDecider)).state;

/** The ticket of a claim, waiting while its request is still creating it; null when it never came. */
const awaitTicket = async (eventStore: EventStore, ticketId: string, claimedAt: number): Promise<TicketState | null> => {
  const deadline = Math.max(Date.now(), claimedAt + CLAIM_WAIT_MS);
  for (;;) {
    const ticket = await loadTicket(eventStore, ticketId);
    if (ticket !== null || Date.now() >= deadline) return ticket;
    await sleep(15);
  }
};

/**
 * The reuse rule of spec 3.2 under concurrency. One slot stream per (account, customer, task) —
 * no task is the task value "none" — whose last event names the ticket holding it. A request
 * reads the slot: a holder that is an open ticket is reused; otherwise the request claims the slot
 * for its new ticket, appending with the revision it read, so of ten identical racing requests one
 * claims and nine read its ticket. With forceCreateTicket the new ticket takes the slot
 * unconditionally (later requests reuse the newest ticket).
 */
export const claimOpenTicketSlot = async (
  deps: { readonly eventStore: EventStore; readonly newId: IdGenerator },
  ctx: CommandContext,
  claim: OpenTicketClaimedData,
): Promise<SlotOutcome> => {
  const stream = openTicketStream(claim.accountId, claim.customerId, claim.taskId);
  const event: OpenTicketSlotEvent = { type: 'OpenTicketClaimed', data: claim };
  if (claim.forced) {
    const forced = await appendEvents(deps, stream, [event], 'any', ctx);
    if (E.isLeft(forced)) throw new Error('appending with any revision cannot conflict');
    return { kind: 'claimed', stream, revision: forced.right.nextExpectedRevision };
  }
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const last = await readLastEvent(deps.eventStore, stream);
    if (last !== null && last.type === 'OpenTicketClaimed') {
      const holder = (last.data as OpenTicketClaimedData).ticketId;
      const ticket = await awaitTicket(deps.eventStore, holder, last.created.getTime());
      if (ticket !== null && isOpenTicket(ticket)) return { kind: 'existing', ticket };
    }
    const appended = await appendEvents(deps, stream, [event], last === null ? 'no_stream' : last.revision, ctx);
    if (E.isRight(appended)) return { kind: 'claimed', stream, revision: appended.right.nextExpectedRevision };
    await backoff(attempt);
  }
  throw new Error('open-ticket slot kept conflicting');
};

/**
 * Frees a slot whose request failed before its ticket existed, so the next request does not wait
 * for a ticket that will never come. Only when the slot is still ours (expected revision).
 */
export const releaseOpenTicketSlot = async (
  deps: { readonly eventStore: EventStore; readonly newId: IdGenerator },
  ctx: CommandContext,
  claimed: { readonly stream: string; readonly revision: bigint },
  data: OpenTicketReleasedData,
): Promise<void> => {
  const event: OpenTicketSlotEvent = { type: 'OpenTicketReleased', data };
  await appendEvents(deps, claimed.stream, [event], claimed.revision, ctx);
};
