import { jsonEvent, EventData as ClientEventData, JSONType, Position as ClientPosition, RecordedEvent as ClientRecordedEvent } from '@eventstore/db-client';
import { EventData, EventMetadata, Position, RecordedEvent } from '@support/domain';
import { fromPropertyMetadata } from './multi-stream-append';

export function toClientEvent(event: EventData): ClientEventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // Library boundary: the client types JSON data as object, array or string; any JSON value serializes.
    data: event.data as JSONType,
    metadata: event.metadata,
  });
}

/** Events written by other tools may carry no JSON metadata: they read as schema version 1. */
const NO_METADATA: EventMetadata = { version: 1 };

export function toRecordedEvent(event: ClientRecordedEvent, position: ClientPosition | undefined = event.position): RecordedEvent {
  if (!position) throw new Error('EventStoreDB returned an event without its position (server older than 22.6?)');
  // Events of a multi-stream append come back with their metadata as properties: decoded here.
  const metadata = isMetadata(event.metadata) ? fromPropertyMetadata(event.metadata) : NO_METADATA;
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata,
    streamName: event.streamId,
    revision: event.revision,
    position: toPosition(position),
    created: event.created,
  };
}

export const toPosition = (position: ClientPosition): Position => ({ commit: position.commit, prepare: position.prepare });

function isMetadata(value: unknown): value is EventMetadata {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);
}
