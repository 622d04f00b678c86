import * as E from 'fp-ts/Either';
import {
  AppendResult, BackoffPolicy, backoffDelayMs, COMMAND_RETRY, CommandContext, Decider, DomainEvent, EventData, EventStore, EVENT_SCHEMA_VERSION, IdGenerator, RecordedEvent,
} from '@support/domain';
import { KeyedQueue } from './keyed-queue';
import { sleep } from './timers';

/**
 * The command handler (Emmett's CommandHandler): bound once per decider, it loads the stream,
 * decides, and appends with the revision it read.
 *
 * The commands of one stream in one process are decided one after another, in the order they
 * came (one queue per stream name, shared by every handler of the process), so they never race
 * each other. Only another process can append in between: then the append is refused for its
 * expected revision, and the handler waits a short jittered backoff, reads again and decides
 * again, for as long as the command's deadline allows. A command whose deadline runs out first
 * ends as a ConcurrencyConflict, which a route answers with 503 and Retry-After. No retry loop
 * wraps it anywhere.
 */

export interface WriteDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
}

/**
 * How long a command whose context has no deadline (a worker's) keeps deciding again while other
 * processes keep appending to its stream: as long as a request may take.
 */
export const DECISION_BUDGET_MS = 10_000;

/** The stream kept changing under the decision until the command's deadline (or the deadline passed while it waited its turn). */
export interface ConcurrencyConflict {
  readonly kind: 'ConcurrencyConflict';
  readonly streamName: string;
}

export interface Handled<Event extends DomainEvent, State> {
  /** Events this command appended (empty when the decision was to do nothing). */
  readonly newEvents: readonly Event[];
  /** Stream state after the new events. */
  readonly state: State;
  /** Append result, or null when nothing was appended. */
  readonly appended: AppendResult | null;
}

/**
 * The command, or how to make it from the state just read (with any I/O it needs, for example
 * another stream the state points to): made again at every try, so it always sees the latest state.
 */
export type CommandOf<Command, State> = Command | ((state: State, last: RecordedEvent | null) => Promise<Command>);

export interface HandlerOptions {
  /**
   * `stream` (default) folds every event of the stream. `lastEvent` folds only the last one: for
   * streams whose last event holds all the state a decision needs (claims, sequences), so a
   * decision costs one read however long the stream is.
   */
  readonly read?: 'stream' | 'lastEvent';
  /** The wait before deciding again after another process appended first (default COMMAND_RETRY). */
  readonly backoff?: BackoffPolicy;
}

export interface CallOptions<Event extends DomainEvent> {
  /** Metadata context of each new event (default: the command's context for all of them). */
  readonly contextOf?: (event: Event, index: number) => CommandContext;
  /**
   * The stream is new (its name holds an id just made): the first decision is taken on the initial
   * state without reading it, and appended with 'no_stream'; should it exist after all, the next
   * try reads it as usual.
   */
  readonly newStream?: boolean;
}

export type CommandHandler<Command, Event extends DomainEvent, State, Err> = (
  deps: WriteDeps,
  streamName: string,
  command: CommandOf<Command, State>,
  ctx: CommandContext,
  options?: CallOptions<Event>,
) => Promise<E.Either<Err | ConcurrencyConflict, Handled<Event, State>>>;

export const toEventData = (event: DomainEvent, ctx: CommandContext, newId: IdGenerator): EventData => ({
  id: newId(),
  type: event.type,
  data: event.data,
  metadata: {
    version: EVENT_SCHEMA_VERSION,
    accountId: ctx.accountId,
    userId: ctx.userId,
    requestId: ctx.requestId,
    correlationId: ctx.correlationId ?? ctx.requestId,
    ...(ctx.causationId ? { causationId: ctx.causationId } : {}),
    occurredAt: ctx.now.toISOString(),
  },
});

export interface LoadedStream<State> {
  readonly state: State;
  /** Revision of the last event, or null: no stream. */
  readonly revision: bigint | null;
  readonly last: RecordedEvent | null;
}

/** Folds a stream (or only its last event) into state. */
export const loadStream = async <Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State, unknown>, 'initialState' | 'evolve'>,
  read: 'stream' | 'lastEvent' = 'stream',
): Promise<LoadedStream<State>> => {
  let state = decider.initialState();
  let last: RecordedEvent | null = null;
  const events = read === 'stream'
    ? eventStore.readStream(streamName)
    : eventStore.readStream(streamName, { direction: 'backwards', fromRevision: 'end', maxCount: 1 });
  for await (const e of events) {
    state = decider.evolve(state, { type: e.type, data: e.data } as Event);
    last = e;
  }
  return { state, revision: last?.revision ?? null, last };
};

/** The commands of each stream, one after another: per process, whichever handler decides them. */
const streamQueue = new KeyedQueue();

export const commandHandler = <Command, Event extends DomainEvent, State, Err>(
  decider: Decider<Command, Event, State, Err>,
  options: HandlerOptions = {},
): CommandHandler<Command, Event, State, Err> => {
  const read = options.read ?? 'stream';
  const backoff = options.backoff ?? COMMAND_RETRY;
  return (deps, streamName, command, ctx, call = {}) => {
    const deadline = ctx.deadline ?? Date.now() + DECISION_BUDGET_MS;
    const conflict: ConcurrencyConflict = { kind: 'ConcurrencyConflict', streamName };
    return streamQueue.run(streamName, async (): Promise<E.Either<Err | ConcurrencyConflict, Handled<Event, State>>> => {
      // Its request was answered while it waited its turn: it is not decided any more.
      if (Date.now() >= deadline) return E.left(conflict);
      for (let attempt = 1; ; attempt++) {
        const { state, revision, last } = attempt === 1 && call.newStream === true
          ? { state: decider.initialState(), revision: null, last: null }
          : await loadStream(deps.eventStore, streamName, decider, read);
        const made = typeof command === 'function' ? await (command as (s: State, l: RecordedEvent | null) => Promise<Command>)(state, last) : command;
        const decided = decider.decide(made, state);
        if (E.isLeft(decided)) return decided;
        const newEvents = decided.right;
        if (newEvents.length === 0) return E.right({ newEvents, state, appended: null });
        const appended = await deps.eventStore.appendToStream(
          streamName,
          newEvents.map((e, i) => toEventData(e, call.contextOf ? call.contextOf(e, i) : ctx, deps.newId)),
          { expectedRevision: revision ?? 'no_stream' },
        );
        if (E.isRight(appended)) return E.right({ newEvents, state: newEvents.reduce(decider.evolve, state), appended: appended.right });
        // Another process appended since the read: decide again on what it wrote, if there is time.
        const delay = backoffDelayMs(attempt, backoff);
        if (Date.now() + delay >= deadline) return E.left(conflict);
        await sleep(delay);
      }
    });
  };
};
