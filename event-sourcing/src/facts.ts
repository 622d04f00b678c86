import * as E from 'fp-ts/Either';
import { AppendResult, CommandContext, DomainEvent } from '@support/domain';
import { ConcurrencyConflict, WriteDeps } from './command-handler';
import { toEventData } from './stream-io';

/**
 * A fact: one event that records what happened, decided by nothing (an action's run with its
 * outcome, a template sync's result). `new`: the stream is the fact's own and must not exist yet
 * (a conflict means the id was used before); `any`: appended after whatever the stream holds.
 */
export const recordFact = async (
  deps: WriteDeps,
  streamName: string,
  event: DomainEvent,
  ctx: CommandContext,
  stream: 'new' | 'any',
): Promise<E.Either<ConcurrencyConflict, AppendResult>> => {
  const appended = await deps.eventStore.appendToStream(streamName, [toEventData(event, ctx, deps.newId)], { expectedRevision: stream === 'new' ? 'no_stream' : 'any' });
  return E.isRight(appended) ? appended : E.left({ kind: 'ConcurrencyConflict', streamName });
};
