import { CommandContext, Decider, DomainEvent, EventData, EventStore, EVENT_SCHEMA_VERSION, IdGenerator, RecordedEvent } from '@support/domain';

/** A domain event as it is appended: with an id and the metadata of the command that decided it. */
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

interface LoadedStream<State> {
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
