import * as E from 'fp-ts/Either';
import { EventStore, ParkedEventRetryRequested, parkedEventsStream, parkedNow, ProjectionEventParked, RecordedEvent } from '@support/domain';
import { WriteDeps } from './command-handler';
import { recordFact } from './facts';

/** A parked event as it stands: its record, and when a retry was last asked for (not applied yet). */
export type ParkedEvent = ProjectionEventParked['data'] & { readonly retryRequestedAt?: string };

/** The events of a read model parked now, oldest first. */
export const readParkedEvents = async (eventStore: EventStore, readModel: string): Promise<ParkedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const e of eventStore.readStream(parkedEventsStream(readModel))) events.push(e);
  const retries = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'ParkedEventRetryRequested') {
      const data = e.data as ParkedEventRetryRequested['data'];
      retries.set(data.eventId, data.requestedAt);
    } else if (e.type === 'ProjectionEventParked') {
      retries.delete((e.data as ProjectionEventParked['data']).eventId);
    }
  }
  return [...parkedNow(events).values()].map((p) => (retries.has(p.eventId) ? { ...p, retryRequestedAt: retries.get(p.eventId)! } : p));
};

/**
 * Asks the projection of `parked`'s read model to apply it again (in its next batch): a
 * ParkedEventRetryRequested on the read model's parked-events stream, which the projection follows.
 */
export const requestParkedEventRetry = async (deps: WriteDeps, parked: ParkedEvent, requestId: string, now: Date): Promise<void> => {
  const { readModel, eventId, streamName, revision } = parked;
  const asked: ParkedEventRetryRequested = { type: 'ParkedEventRetryRequested', data: { readModel, eventId, streamName, revision, requestedAt: now.toISOString() } };
  const appended = await recordFact(deps, parkedEventsStream(readModel), asked, { accountId: '', userId: 'operator', requestId, now }, 'any');
  if (E.isLeft(appended)) throw new Error(`the retry of a parked event of ${readModel} was not recorded`);
};
