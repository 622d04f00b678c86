import { positionToString, RecordedEvent } from '@support/domain';

/**
 * One event as one JSON line (NDJSON): its global position ("commit/prepare", what `from`
 * takes), stream, revision, id, type, time, data and metadata (account, token id, request,
 * correlation and causation ids, schema version).
 */
export const eventLine = (e: RecordedEvent): string =>
  JSON.stringify({
    position: positionToString(e.position), streamName: e.streamName, revision: e.revision.toString(),
    id: e.id, type: e.type, created: e.created.toISOString(), data: e.data, metadata: e.metadata,
  });
