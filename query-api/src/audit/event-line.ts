import { RecordedEvent } from '@support/domain';
import { eventRecord } from '@support/event-sourcing';

/**
 * One event as one JSON line (NDJSON): its global position ("commit/prepare", what `from`
 * takes), stream, revision, id, type, time, data and metadata (account, token id, request,
 * correlation and causation ids, schema version). The same record is the event's leaf in the
 * log's Merkle tree (RFC 8785 of it), so an auditor recomputes the leaf from the line.
 */
export const eventLine = (e: RecordedEvent): string => JSON.stringify(eventRecord(e));
