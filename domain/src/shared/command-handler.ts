import * as E from 'fp-ts/Either';
import { AppendResult, EventData, EventStore, RecordedEvent } from '../ports/event-store';
import { IdGenerator } from '../ports/clock';
import { backoff } from './backoff';
import { CommandContext, Decider, DomainEvent, EVENT_SCHEMA_VERSION } from './decider';

/**
 * The one command handler of the service (Emmett's shape): load the stream, decide, append with
 * the revision that was read; a lost race (wrong expected revision) backs off, re-reads and decides
 * again. The HTTP gateways and the workers write every event through it. It is the application
 * layer over the ports, kept beside the deciders so that every package can use it; the deciders
 * themselves stay pure.
 */

export interface CommandHandlerDeps {
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
}

export interface Handled<Event extends DomainEvent, State> {
  /** Events this command appended (empty when the decision was to do nothing). */
  readonly newEvents: readonly Event[];
  /** Stream state after the new events. */
  readonly state: State;
  /** Append result, or null when nothing was appended. */
  readonly appended: AppendResult | null;
}

/** The stream kept changing under us: every retry lost the race. */
export interface ConcurrencyConflict {
  readonly kind: 'ConcurrencyConflict';
  readonly streamName: string;
}

export const DEFAULT_MAX_ATTEMPTS = 40;

export interface HandleOptions<Command, Event extends DomainEvent, State> {
  /**
   * `stream` (default) folds every event of the stream. `lastEvent` folds only the last one: for
   * streams whose last event holds all the state a decision needs (uniqueness claims, sequences),
   * so a decision costs one read however long the stream is.
   */
  readonly read?: 'stream' | 'lastEvent';
  readonly maxAttempts?: number;
  /**
   * Completes the command from the state just read, with any I/O it needs (for example the state of
   * another stream the state points to); run again on every retry, so it always sees the latest state.
   */
  readonly prepare?: (state: State, last: RecordedEvent | null) => Promise<Command>;
  /** Metadata context of each new event (default: the command's context for all of them). */
  readonly contextOf?: (event: Event, index: number) => CommandContext;
}

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

export const handleCommand = async <Command, Event extends DomainEvent, State, Err>(
  deps: CommandHandlerDeps,
  streamName: string,
  decider: Decider<Command, Event, State, Err>,
  command: Command,
  ctx: CommandContext,
  options: HandleOptions<Command, Event, State> = {},
): Promise<E.Either<Err | ConcurrencyConflict, Handled<Event, State>>> => {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { state, revision, last } = await loadStream(deps.eventStore, streamName, decider, options.read);
    const prepared = options.prepare ? await options.prepare(state, last) : command;
    const decided = decider.decide(prepared, state);
    if (E.isLeft(decided)) return decided;
    const newEvents = decided.right;
    if (newEvents.length === 0) return E.right({ newEvents, state, appended: null });
    const appended = await deps.eventStore.appendToStream(
      streamName,
      newEvents.map((e, i) => toEventData(e, options.contextOf ? options.contextOf(e, i) : ctx, deps.newId)),
      { expectedRevision: revision ?? 'no_stream' },
    );
    if (E.isRight(appended)) {
      return E.right({ newEvents, state: newEvents.reduce(decider.evolve, state), appended: appended.right });
    }
    await backoff(attempt);
  }
  return E.left({ kind: 'ConcurrencyConflict', streamName });
};
