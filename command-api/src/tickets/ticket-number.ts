import * as E from 'fp-ts/Either';
import { CommandContext, CommandHandlerDeps, EventStore, handleCommand, ticketNumberDecider, ticketNumberStream } from '@support/domain';

interface Waiting {
  readonly ctx: CommandContext;
  readonly ticketId: string;
  readonly resolve: (n: number) => void;
  readonly reject: (e: unknown) => void;
}

/** Numbers for a batch of waiting requests: one decision, one append, each event with its own request's metadata. */
const assignBatch = async (deps: CommandHandlerDeps, accountId: string, batch: readonly Waiting[]): Promise<readonly number[]> => {
  const handled = await handleCommand(
    deps,
    ticketNumberStream(accountId),
    ticketNumberDecider,
    { type: 'AssignTicketNumbers', accountId, ticketIds: batch.map((w) => w.ticketId) },
    batch[0].ctx,
    { read: 'lastEvent', maxAttempts: 100, contextOf: (_e, i) => batch[i].ctx },
  );
  if (E.isLeft(handled)) throw new Error('ticket number allocation kept conflicting');
  return handled.right.newEvents.map((e) => e.data.ticketNumber);
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

const drain = async (deps: CommandHandlerDeps, accountId: string): Promise<void> => {
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
 * decides again on the newer state). Numbers increase and are never reused; a request that fails
 * after this step leaves a gap.
 */
export const allocateTicketNumber = (deps: CommandHandlerDeps, ctx: CommandContext, ticketId: string): Promise<number> => {
  const { waiting, running } = queuesOf(deps.eventStore);
  return new Promise<number>((resolve, reject) => {
    const list = waiting.get(ctx.accountId) ?? [];
    list.push({ ctx, ticketId, resolve, reject });
    waiting.set(ctx.accountId, list);
    if (!running.has(ctx.accountId)) void drain(deps, ctx.accountId);
  });
};
