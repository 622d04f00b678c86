import * as E from 'fp-ts/Either';
import { CommandContext, EventStore, IdGenerator, ticketNumberStream, TicketNumberEvent } from '@support/domain';
import { toEventData } from '../shared/handle-command';
import { readLastEvent } from '../shared/stream-ends';
import { backoff } from './streams';

const MAX_ATTEMPTS = 100;

type NumberDeps = { readonly eventStore: EventStore; readonly newId: IdGenerator };

interface Waiting {
  readonly ctx: CommandContext;
  readonly ticketId: string;
  readonly resolve: (n: number) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Appends one TicketNumberAssigned per waiting request in a single append with the revision read
 * as the expected one; event i gets number revision + 1 of its own position. A conflict (another
 * process appended) reads again and retries the whole batch.
 */
const assignBatch = async (deps: NumberDeps, stream: string, batch: readonly Waiting[]): Promise<number[]> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const last = await readLastEvent(deps.eventStore, stream);
    const first = Number((last === null ? -1n : last.revision) + 2n);
    const numbers = batch.map((_, i) => first + i);
    const events = batch.map((w, i) => {
      const event: TicketNumberEvent = { type: 'TicketNumberAssigned', data: { ticketId: w.ticketId, accountId: w.ctx.accountId, ticketNumber: numbers[i] } };
      return toEventData(event, w.ctx, deps.newId);
    });
    const appended = await deps.eventStore.appendToStream(stream, events, { expectedRevision: last === null ? 'no_stream' : last.revision });
    if (E.isRight(appended)) return numbers;
    await backoff(attempt);
  }
  throw new Error('ticket number allocation kept conflicting');
};

/**
 * Per account stream in this process: requests that arrive while an append is under way wait and
 * go together in the next append (group allocation), so concurrent creates neither race nor queue
 * one fsync each.
 */
interface Queues {
  readonly waiting: Map<string, Waiting[]>;
  readonly running: Set<string>;
}
/** Per event store (several services may share a process, e.g. in tests), then per account stream. */
const queuesByStore = new WeakMap<EventStore, Queues>();
const queuesOf = (eventStore: EventStore): Queues => {
  let q = queuesByStore.get(eventStore);
  if (!q) {
    q = { waiting: new Map(), running: new Set() };
    queuesByStore.set(eventStore, q);
  }
  return q;
};

const drain = async (deps: NumberDeps, stream: string): Promise<void> => {
  const { waiting, running } = queuesOf(deps.eventStore);
  running.add(stream);
  try {
    for (;;) {
      const batch = waiting.get(stream) ?? [];
      waiting.delete(stream);
      if (batch.length === 0) return;
      try {
        const numbers = await assignBatch(deps, stream, batch);
        batch.forEach((w, i) => w.resolve(numbers[i]));
      } catch (e) {
        batch.forEach((w) => w.reject(e));
      }
    }
  } finally {
    running.delete(stream);
  }
};

/**
 * The next ticket number of the account: one event per ticket in `ticket_number-<accountId>`; the
 * number is the revision of its event + 1. Appends carry the revision read as the expected one, so
 * two processes can never hand out the same number (the loser reads again and takes the next ones).
 * Numbers increase and are never reused; a request that fails after this step leaves a gap.
 */
export const allocateTicketNumber = (deps: NumberDeps, ctx: CommandContext, ticketId: string): Promise<number> => {
  const stream = ticketNumberStream(ctx.accountId);
  const { waiting, running } = queuesOf(deps.eventStore);
  return new Promise<number>((resolve, reject) => {
    const list = waiting.get(stream) ?? [];
    list.push({ ctx, ticketId, resolve, reject });
    waiting.set(stream, list);
    if (!running.has(stream)) void drain(deps, stream);
  });
};
