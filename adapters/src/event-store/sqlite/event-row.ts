import { EventData, Position, RecordedEvent } from '@support/domain';

/**
 * One row of the events table as better-sqlite3 hands it in raw mode: the columns of EVENT_COLUMNS,
 * in that order (an array per row rather than an object with eight named keys: a stream's read
 * makes one per event). Integers as numbers: positions stay below 2^53.
 */
export type EventRow = readonly [position: number, streamName: string, revision: number, eventId: string, type: string, data: string, metadata: string, created: number];

/** The columns of EventRow, in the order every SELECT of whole events names them. */
export const EVENT_COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created';

/** An event whose data and metadata are already JSON text, so an unserializable event fails before it is queued. */
export interface PreparedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export function prepareEvent(event: EventData): PreparedEvent {
  if (typeof event.id !== 'string' || event.id === '') throw new TypeError('event id must be a non-empty string');
  if (typeof event.type !== 'string' || event.type === '') throw new TypeError('event type must be a non-empty string');
  if (event.metadata !== undefined && (typeof event.metadata !== 'object' || event.metadata === null)) throw new TypeError('event metadata must be an object');
  return {
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data) ?? 'null',
    metadata: JSON.stringify(event.metadata) ?? '{}',
  };
}

/** SQLite's position is the rowid; it serves as both the commit and the prepare position. */
export const positionAt = (rowid: number): Position => ({ commit: BigInt(rowid), prepare: BigInt(rowid) });

export const recordedEventOf = ([position, streamName, revision, id, type, data, metadata, created]: EventRow): RecordedEvent => ({
  id,
  type,
  data: JSON.parse(data),
  metadata: JSON.parse(metadata),
  streamName,
  revision: BigInt(revision),
  position: positionAt(position),
  created: new Date(created),
});
