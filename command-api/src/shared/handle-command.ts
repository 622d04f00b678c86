import * as E from 'fp-ts/Either';
import {
  AppendResult, CommandContext, Decider, DomainEvent, EVENT_SCHEMA_VERSION, EventData, EventStore, IdGenerator,
} from '@support/domain';

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

export const MAX_ATTEMPTS = 8;

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

/** Folds a whole stream into state and answers the revision of its last event. */
export const loadStream = async <Event extends DomainEvent, State>(
  eventStore: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State, unknown>, 'initialState' | 'evolve'>,
): Promise<{ state: State; revision: bigint | null }> => {
  let state = decider.initialState();
  let revision: bigint | null = null;
  for await (const e of eventStore.readStream(streamName)) {
    state = decider.evolve(state, { type: e.type, data: e.data } as Event);
    revision = e.revision;
  }
  return { state, revision };
};

const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.floor(Math.random() * 5 * attempt)));

/**
 * Read the stream, decide, append with the revision that was read. A lost race (wrong expected
 * version) re-reads and decides again, so a decision is always made on the latest state.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State, Err>(
  deps: CommandHandlerDeps,
  streamName: string,
  decider: Decider<Command, Event, State, Err>,
  command: Command,
  ctx: CommandContext,
): Promise<E.Either<Err | ConcurrencyConflict, Handled<Event, State>>> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { state, revision } = await loadStream(deps.eventStore, streamName, decider);
    const decided = decider.decide(command, state);
    if (E.isLeft(decided)) return decided;
    const newEvents = decided.right;
    if (newEvents.length === 0) return E.right({ newEvents, state, appended: null });
    const appended = await deps.eventStore.appendToStream(
      streamName,
      newEvents.map((e) => toEventData(e, ctx, deps.newId)),
      { expectedRevision: revision ?? 'no_stream' },
    );
    if (E.isRight(appended)) {
      return E.right({ newEvents, state: newEvents.reduce(decider.evolve, state), appended: appended.right });
    }
    await pause(attempt);
  }
  return E.left({ kind: 'ConcurrencyConflict', streamName });
};
