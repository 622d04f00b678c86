import * as E from 'fp-ts/Either';
import { AppendResult, CommandContext, DomainEvent, EventStore, IdGenerator, WrongExpectedVersion, ExpectedRevision } from '@support/domain';
import { toEventData } from '../shared/handle-command';

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
