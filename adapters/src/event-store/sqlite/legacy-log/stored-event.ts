// Exists only to import data directories written by earlier versions (the embedded event log); nothing writes this format any more.
import { EventMetadata, RecordedEvent } from '@support/domain';

/**
 * The JSON payload of one record of the old log. bigint fields are decimal strings; `batchEnd`
 * marks the last event of an append, so an append that reached the disk only in part is seen.
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

/** What the scan needs of a record to check the log's sequence. */
export interface StoredEventHeader {
  readonly position: number;
  readonly streamName: string;
  readonly eventId: string;
  readonly revision: number;
  readonly batchEnd: boolean;
}

/** Every field before `data` is a number, a boolean or a JSON string, so this marker first occurs right before `data`. */
const DATA_FIELD = Buffer.from(',"data":');

/** The header fields of a record, its data and metadata left unparsed. Throws when the payload is not a stored event. */
export function decodeStoredEventHeader(payload: Buffer): StoredEventHeader {
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

/** The event of a record. Throws when the payload is not a stored event (bad JSON or a missing field). */
export function decodeStoredEvent(payload: Buffer): RecordedEvent {
  const json: unknown = JSON.parse(payload.toString('utf8'));
  if (!isStoredEventJson(json)) throw new Error('record is not a stored event');
  const position = BigInt(json.position);
  const created = new Date(json.created);
  if (Number.isNaN(created.getTime())) throw new Error('record has an invalid creation time');
  return {
    id: json.eventId,
    type: json.type,
    data: json.data,
    metadata: json.metadata,
    streamName: json.streamName,
    revision: BigInt(json.revision),
    position: { commit: position, prepare: position },
    created,
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
