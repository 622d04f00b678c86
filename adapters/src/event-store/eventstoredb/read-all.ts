import { AllStreamResolvedEvent, EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
import { comparePositions, Position, RecordedEvent } from '@support/domain';
import { toRecordedEvent } from './recorded-event';

/**
 * The user events of $all forwards, after `after` (exclusive) or from the start, to the end of the
 * log as the read reaches it: the events the subscriptions yield (subscription-filter leaves out
 * the system ones, whose type starts with `$`), in the same order, decoded as they decode them. One
 * read, the client's stream paced by the consumer. `npm run verify` reads the log with it.
 */
export async function* readUserEvents(client: EventStoreDBClient, after: Position | null): AsyncGenerator<RecordedEvent, void, undefined> {
  const reading = client.readAll({ direction: FORWARDS, fromPosition: after ?? START, resolveLinkTos: false });
  for await (const resolved of reading as AsyncIterable<AllStreamResolvedEvent>) {
    const event = resolved.event;
    // The read starts at `after` inclusive.
    if (!event || event.type.startsWith('$') || (after !== null && comparePositions(event.position, after) <= 0)) continue;
    yield toRecordedEvent(event);
  }
}
