import * as E from 'fp-ts/Either';
import { AppendResult, CommandContext, DomainEvent, EventStore, IdGenerator, RecordedEvent, WrongExpectedVersion, ExpectedRevision } from '@support/domain';
import { toEventData } from '../shared/handle-command';

/** The first event of a stream (uniqueness streams: the owner), or null. */
export const readFirstEvent = async (eventStore: EventStore, streamName: string): Promise<RecordedEvent | null> => {
  for await (const e of eventStore.readStream(streamName, { direction: 'forwards', fromRevision: 'start', maxCount: 1 })) return e;
  return null;
};

/** The last event of a stream, or null. */
export const readLastEvent = async (eventStore: EventStore, streamName: string): Promise<RecordedEvent | null> => {
  for await (const e of eventStore.readStream(streamName, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) return e;
  return null;
};

export const appendEvents = (
  deps: { readonly eventStore: EventStore; readonly newId: IdGenerator },
  streamName: string,
  events: readonly DomainEvent[],
  expectedRevision: ExpectedRevision,
  ctx: CommandContext,
): Promise<E.Either<WrongExpectedVersion, AppendResult>> =>
  deps.eventStore.appendToStream(streamName, events.map((e) => toEventData(e, ctx, deps.newId)), { expectedRevision });

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A short random pause after a lost race, so racers spread out. */
export const backoff = (attempt: number) => sleep(Math.floor(Math.random() * 4 * Math.min(attempt, 10)));
