import { comparePositions, EventStore, RecordedEvent } from '@support/domain';
import { EventFeedQuery } from './event-feed-query';
import { eventMatcher } from './event-matcher';

/** Only named streams, from their start, not followed: read them directly instead of the whole log. */
const onlyStreams = (q: EventFeedQuery) => q.streams.length > 0 && q.prefixes.length + q.ticketIds.length === 0 && q.after === undefined && !q.follow;

async function* readStreams(store: EventStore, query: EventFeedQuery): AsyncGenerator<RecordedEvent> {
  const matches = eventMatcher(query);
  const events: RecordedEvent[] = [];
  for (const stream of new Set(query.streams)) for await (const e of store.readStream(stream, { asStored: true })) events.push(e);
  events.sort((a, b) => comparePositions(a.position, b.position));
  for (const e of events) if (matches(e)) yield e;
}

/**
 * Stream-name prefixes the engine can filter on (server-side on EventStoreDB) when following; a
 * ticket query needs every event (other streams name the ticket in their data).
 */
const enginePrefixes = (q: EventFeedQuery): string[] | undefined =>
  q.ticketIds.length === 0 && q.streams.length + q.prefixes.length > 0 ? [...q.prefixes, ...q.streams] : undefined;

/**
 * The events of the log that answer the query, in global order, over the event-store port (the
 * embedded log or EventStoreDB alike, while the service runs and appends). Without `follow` it
 * ends at the head of the log as it was when asked; with `follow` it goes on with each event as
 * it is appended, until `signal` aborts.
 */
export async function* readEventFeed(store: EventStore, query: EventFeedQuery, signal?: AbortSignal): AsyncGenerator<RecordedEvent> {
  if (onlyStreams(query)) {
    yield* readStreams(store, query);
    return;
  }
  const matches = eventMatcher(query);
  const head = query.follow ? null : await store.headPosition();
  if (!query.follow && (head === null || (query.after !== undefined && comparePositions(query.after, head) >= 0))) return;
  if (signal?.aborted) return;
  // Not following, every event is read so that the head is seen even when it does not match.
  const prefixes = query.follow ? enginePrefixes(query) : undefined;
  const subscription = store.subscribeToAll({ fromPosition: query.after ?? 'start', asStored: true, ...(prefixes ? { streamNamePrefixes: prefixes } : {}) });
  const stop = () => void subscription.unsubscribe();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const e of subscription) {
      if (head !== null && comparePositions(e.position, head) > 0) return;
      if (matches(e)) yield e;
      if (head !== null && comparePositions(e.position, head) >= 0) return;
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await subscription.unsubscribe();
  }
}
