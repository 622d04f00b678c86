import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import {
  CommandContext, EventStore, IdGenerator, ParkedEventApplied, ParkedEventRetryRequested, parkedEventsStream, positionToString, ProjectionEventParked, RecordedEvent,
} from '@support/domain';
import { recordFact } from '@support/event-sourcing';

/** The parked-event records of one read model, appended by its projection (through recordFact, like every fact). */
export interface ParkedEventsLog {
  park(event: RecordedEvent, errorMessage: string, attempts: number): Promise<void>;
  applied(retry: ParkedEventRetryRequested['data']): Promise<void>;
}

const MAX_ERROR_CHARS = 500;

/** The parked event's context: its own account and causation, so an auditor can follow it. */
const contextOf = (event: RecordedEvent, readModel: string): CommandContext => ({
  accountId: event.metadata.accountId ?? '', userId: `projection:${readModel}`, requestId: event.id, now: new Date(), causationId: event.id,
  ...(event.metadata.correlationId !== undefined ? { correlationId: event.metadata.correlationId } : {}),
});

export const parkedEventsLog = (eventStore: EventStore, readModel: string, newId: IdGenerator = randomUUID): ParkedEventsLog => {
  const stream = parkedEventsStream(readModel);
  const append = async (fact: ProjectionEventParked | ParkedEventApplied, ctx: CommandContext) => {
    const appended = await recordFact({ eventStore, newId }, stream, fact, ctx, 'any');
    if (E.isLeft(appended)) throw new Error(`the parked events of ${readModel} were not recorded: ${appended.left.kind}`);
  };
  return {
    park: (event, errorMessage, attempts) => append({
      type: 'ProjectionEventParked',
      data: {
        readModel, eventId: event.id, streamName: event.streamName, revision: event.revision.toString(), eventType: event.type, position: positionToString(event.position),
        errorMessage: errorMessage.slice(0, MAX_ERROR_CHARS), attempts, parkedAt: new Date().toISOString(),
      },
    }, contextOf(event, readModel)),
    applied: (retry) => append({ type: 'ParkedEventApplied', data: { readModel, eventId: retry.eventId, appliedAt: new Date().toISOString() } }, {
      accountId: '', userId: `projection:${readModel}`, requestId: retry.eventId, now: new Date(),
    }),
  };
};

/**
 * The event a retry (the request `request`) asks for, read again from its stream; null when the log
 * no longer has it, or when the request was served already (a ParkedEventApplied of the event
 * follows it: the read models are being rebuilt, and the event was applied, or parked anew, at its
 * own position; applying it again would apply it twice).
 */
export const parkedEventOf = async (eventStore: EventStore, request: RecordedEvent): Promise<RecordedEvent | null> => {
  const retry = request.data as ParkedEventRetryRequested['data'];
  for await (const later of eventStore.readStream(request.streamName, { fromRevision: request.revision + 1n })) {
    if (later.type === 'ParkedEventApplied' && (later.data as ParkedEventApplied['data']).eventId === retry.eventId) return null;
  }
  for await (const e of eventStore.readStream(retry.streamName, { fromRevision: BigInt(retry.revision), maxCount: 1 })) return e.id === retry.eventId ? e : null;
  return null;
};
