import { CanonicalTextEvent, EventData, EventMetadata, Position, RecordedEvent } from '@support/domain';
// The one file, not the package: the threads of npm run verify load this module.
import { canonicalStoredJson } from '@support/event-sourcing/dist/transparency/canonical-json';

/**
 * One row of the events table as better-sqlite3 hands it in raw mode: the columns of EVENT_COLUMNS,
 * in that order (an array per row rather than an object with eight named keys: a stream's read
 * makes one per event). Integers as numbers: positions stay below 2^53.
 */
export type EventRow = readonly [position: number, streamName: string, revision: number, eventId: string, type: string, data: string, metadata: string, created: number];

/** The columns of EventRow, in the order every SELECT of whole events names them. */
export const EVENT_COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created';

/**
 * An event whose data and metadata are already JSON text, so an unserializable event fails before it
 * is queued. The text is canonical (RFC 8785, the text the Merkle tree's leaf holds them as), so that
 * a leaf is written from the stored text without decoding it; JSON.parse reads it as any JSON.
 */
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
    data: canonicalStoredJson(event.data) ?? 'null',
    metadata: canonicalStoredJson(event.metadata) ?? '{}',
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

/**
 * An event of a row whose text is canonical, with that text (CanonicalTextEvent): its data and
 * metadata are decoded on first read only (the tree's follower hashes the text and reads the data
 * of few events).
 */
class StoredCanonicalEvent implements CanonicalTextEvent {
  private decodedData: unknown;
  private decodedMetadata: EventMetadata | undefined;
  readonly id: string;
  readonly type: string;
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly created: Date;
  readonly canonicalData: string;
  readonly canonicalMetadata: string;

  constructor([position, streamName, revision, id, type, data, metadata, created]: EventRow) {
    this.id = id;
    this.type = type;
    this.streamName = streamName;
    this.revision = BigInt(revision);
    this.position = positionAt(position);
    this.created = new Date(created);
    this.canonicalData = data;
    this.canonicalMetadata = metadata;
  }

  get data(): unknown {
    if (this.decodedData === undefined) this.decodedData = JSON.parse(this.canonicalData);
    return this.decodedData;
  }

  get metadata(): EventMetadata {
    if (this.decodedMetadata === undefined) this.decodedMetadata = JSON.parse(this.canonicalMetadata) as EventMetadata;
    return this.decodedMetadata;
  }
}

/** The event of a row, with its canonical text when the row is at or after the first position the log stored canonical text at. */
export const canonicalTextEventOf = (canonicalFrom: number) => (row: EventRow): RecordedEvent =>
  (row[0] >= canonicalFrom ? new StoredCanonicalEvent(row) : recordedEventOf(row));
