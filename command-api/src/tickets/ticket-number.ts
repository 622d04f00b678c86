import * as E from 'fp-ts/Either';
import { CommandContext, EventStore, ticketNumberStream } from '@support/domain';
import { ConcurrencyConflict, handleTicketNumbers, WriteDeps } from '@support/event-sourcing';

type Numbered = E.Either<ConcurrencyConflict, number>;

interface Waiting {
  readonly ctx: CommandContext;
  readonly ticketId: string;
  readonly resolve: (n: Numbered) => void;
  readonly reject: (e: unknown) => void;
}

/** Numbers for a batch of waiting requests: one decision, one append, each event with its own request's metadata. */
const assignBatch = async (deps: WriteDeps, accountId: string, batch: readonly Waiting[]): Promise<readonly Numbered[]> => {
  const handled = await handleTicketNumbers(
    deps,
    ticketNumberStream(accountId),
    { type: 'AssignTicketNumbers', accountId, ticketIds: batch.map((w) => w.ticketId) },
    batch[0].ctx,
    { contextOf: (_e, i) => batch[i].ctx },
  );
  if (E.isLeft(handled)) return batch.map(() => handled);
  return handled.right.newEvents.map((e) => E.right(e.data.ticketNumber));
};

/**
 * Requests that arrive while an append is under way wait and go together in the next append
 * (group allocation), so concurrent creates neither race nor queue one fsync each. Per event store
 * (several services may share a process, e.g. in tests), then per account.
 */
interface Queues {
  readonly waiting: Map<string, Waiting[]>;
  readonly running: Set<string>;
}
const queuesByStore = new WeakMap<EventStore, Queues>();
const queuesOf = (eventStore: EventStore): Queues => {
  let q = queuesByStore.get(eventStore);
  if (!q) {
    q = { waiting: new Map(), running: new Set() };
    queuesByStore.set(eventStore, q);
  }
  return q;
};

const drain = async (deps: WriteDeps, accountId: string): Promise<void> => {
  const { waiting, running } = queuesOf(deps.eventStore);
  running.add(accountId);
  try {
    for (;;) {
      const batch = waiting.get(accountId) ?? [];
      waiting.delete(accountId);
      if (batch.length === 0) return;
      try {
        const numbers = await assignBatch(deps, accountId, batch);
        batch.forEach((w, i) => w.resolve(numbers[i]));
      } catch (e) {
        batch.forEach((w) => w.reject(e));
      }
    }
  } finally {
    running.delete(accountId);
  }
};

/**
 * The next ticket number of the account, decided by ticketNumberDecider on `ticket_number-<accountId>`
 * and appended with the revision read, so two processes never hand out the same number (the loser
 * decides again on the newer state, until the create's deadline). Numbers increase and
 * are never reused; a request that fails after this step leaves a gap.
 */
export const allocateTicketNumber = (deps: WriteDeps, ctx: CommandContext, ticketId: string): Promise<Numbered> => {
  const { waiting, running } = queuesOf(deps.eventStore);
  return new Promise<Numbered>((resolve, reject) => {
    const list = waiting.get(ctx.accountId) ?? [];
    list.push({ ctx, ticketId, resolve, reject });
    waiting.set(ctx.accountId, list);
    if (!running.has(ctx.accountId)) void drain(deps, ctx.accountId);
  });
};
