import { EventData, EventMetadata, RecordedEvent } from '@support/domain';
import { plainStoredEventHeader } from './stored-event-header';

/**
 * The JSON payload of one record. bigint fields are decimal strings; `batchEnd` marks the last
 * event of an append, so recovery can drop an append that reached the disk only in part.
 */
interface StoredEventJson {
  readonly position: string;
  readonly streamName: string;
  readonly eventId: string;
  readonly type: string;
  readonly revision: string;
  readonly created: string;
  readonly batchEnd: boolean;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/** An event whose data and metadata are already JSON text, so an unserializable event fails before anything is reserved. */
export interface PreparedEvent {
  readonly id: string;
  readonly type: string;
  readonly dataJson: string;
  readonly metadataJson: string;
}

export function prepareEvent(event: EventData): PreparedEvent {
  if (typeof event.id !== 'string' || event.id === '') throw new TypeError('event id must be a non-empty string');
  if (typeof event.type !== 'string' || event.type === '') throw new TypeError('event type must be a non-empty string');
  // A record whose metadata is not an object could never be read back (decodeStoredEvent refuses it).
  if (event.metadata !== undefined && (typeof event.metadata !== 'object' || event.metadata === null)) throw new TypeError('event metadata must be an object');
  return {
    id: event.id,
    type: event.type,
    dataJson: JSON.stringify(event.data) ?? 'null',
    metadataJson: JSON.stringify(event.metadata) ?? '{}',
  };
}

export interface RecordPlacement {
  readonly streamName: string;
  readonly revision: number;
  readonly position: number;
  readonly created: Date;
  readonly batchEnd: boolean;
}

export function storedEventPayload(event: PreparedEvent, at: RecordPlacement): Buffer {
  const text =
    `{"position":"${at.position}","streamName":${JSON.stringify(at.streamName)},"eventId":${JSON.stringify(event.id)}` +
    `,"type":${JSON.stringify(event.type)},"revision":"${at.revision}","created":"${at.created.toISOString()}"` +
    `,"batchEnd":${at.batchEnd},"data":${event.dataJson},"metadata":${event.metadataJson}}`;
  return Buffer.from(text, 'utf8');
}

/**
 * The event the record of `event` placed `at` decodes to (equal to what decodeStoredEvent answers
 * for its payload), made from the prepared JSON texts: the append keeps it for readers of the
 * log's tail without turning its own record back into text and parsing the header again.
 */
export function recordedEventOf(event: PreparedEvent, at: RecordPlacement): RecordedEvent {
  const position = BigInt(at.position);
  return {
    id: event.id,
    type: event.type,
    data: JSON.parse(event.dataJson),
    metadata: JSON.parse(event.metadataJson) as EventMetadata,
    streamName: at.streamName,
    revision: BigInt(at.revision),
    position: { commit: position, prepare: position },
    created: new Date(at.created.getTime()),
  };
}

/** What recovery needs of a record to rebuild the index. */
export interface StoredEventHeader {
  readonly position: number;
  readonly streamName: string;
  readonly eventId: string;
  readonly revision: number;
  readonly batchEnd: boolean;
}

/** Every field before `data` is a number, a boolean or a JSON string, so this marker first occurs right before `data`. */
const DATA_FIELD = Buffer.from(',"data":');

/**
 * The header fields of a record without parsing its data and metadata, several times faster than a
 * full decode. With `validateAll` the whole payload is parsed too, so bad JSON anywhere is caught.
 * Throws when the payload is not a stored event.
 */
export function decodeStoredEventHeader(payload: Buffer, validateAll: boolean): StoredEventHeader {
  if (validateAll) {
    const { event, batchEnd } = decodeStoredEvent(payload);
    return {
      position: Number(event.position.commit),
      streamName: event.streamName,
      eventId: event.id,
      revision: Number(event.revision),
      batchEnd,
    };
  }
  const plain = plainStoredEventHeader(payload);
  if (plain !== null) return plain;
  const dataAt = payload.indexOf(DATA_FIELD);
  if (dataAt < 0) throw new Error('record has no data field');
  const json: unknown = JSON.parse(`${payload.toString('utf8', 0, dataAt)}}`);
  if (!isStoredEventHeaderJson(json)) throw new Error('record is not a stored event');
  return {
    position: Number(json.position),
    streamName: json.streamName,
    eventId: json.eventId,
    revision: Number(json.revision),
    batchEnd: json.batchEnd,
  };
}

export interface DecodedRecord {
  readonly event: RecordedEvent;
  readonly batchEnd: boolean;
}

/** Throws when the payload is not a stored event (bad JSON or a missing field). */
export function decodeStoredEvent(payload: Buffer): DecodedRecord {
  const json: unknown = JSON.parse(payload.toString('utf8'));
  if (!isStoredEventJson(json)) throw new Error('record is not a stored event');
  const position = BigInt(json.position);
  const created = new Date(json.created);
  if (Number.isNaN(created.getTime())) throw new Error('record has an invalid creation time');
  return {
    batchEnd: json.batchEnd,
    event: {
      id: json.eventId,
      type: json.type,
      data: json.data,
      metadata: json.metadata,
      streamName: json.streamName,
      revision: BigInt(json.revision),
      position: { commit: position, prepare: position },
      created,
    },
  };
}

const DECIMAL = /^\d+$/;

type StoredEventHeaderJson = Pick<StoredEventJson, 'position' | 'streamName' | 'eventId' | 'type' | 'revision' | 'created' | 'batchEnd'>;

function isStoredEventHeaderJson(value: unknown): value is StoredEventHeaderJson {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.position === 'string' && DECIMAL.test(v.position) &&
    typeof v.revision === 'string' && DECIMAL.test(v.revision) &&
    typeof v.streamName === 'string' &&
    typeof v.eventId === 'string' &&
    typeof v.type === 'string' &&
    typeof v.created === 'string' &&
    typeof v.batchEnd === 'boolean'
  );
}

function isStoredEventJson(value: unknown): value is StoredEventJson {
  if (!isStoredEventHeaderJson(value)) return false;
  const v = value as unknown as Record<string, unknown>;
  return 'data' in v && typeof v.metadata === 'object' && v.metadata !== null;
}
