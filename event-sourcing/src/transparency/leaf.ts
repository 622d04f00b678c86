import type { RecordedEvent } from '@support/domain';
// The one file, not the domain package: the threads of npm run verify load this module and nothing else of it.
import { positionToString } from '@support/domain/dist/ports/position';
import { canonicalJson } from './canonical-json';
import { Hash, hashLeafText } from './hashing';

/**
 * One event as the auditor reads it (a line of `GET /admin/events`): position ("commit/prepare"),
 * stream, revision (decimal text), id, type, time (`created`, ISO 8601), data and metadata.
 */
export interface EventRecord {
  readonly position: string;
  readonly streamName: string;
  readonly revision: string;
  readonly id: string;
  readonly type: string;
  readonly created: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

export const eventRecord = (e: RecordedEvent): EventRecord => ({
  position: positionToString(e.position), streamName: e.streamName, revision: e.revision.toString(),
  id: e.id, type: e.type, created: e.created.toISOString(), data: e.data, metadata: e.metadata,
});

/**
 * The leaf of one event: the RFC 8785 (JSON Canonicalization Scheme) text of its record, UTF-8.
 * An auditor recomputes it from the feed's line alone: parse, canonicalize, hash with hashLeaf.
 */
export const leafText = (record: EventRecord): string => canonicalJson(record) ?? 'null';

export const leafBytes = (record: EventRecord): Buffer => Buffer.from(leafText(record), 'utf8');

/** hashLeaf(leafBytes(eventRecord(e))), without the leaf's bytes in a buffer of their own. */
export const eventLeafHash = (e: RecordedEvent): Hash => hashLeafText(leafText(eventRecord(e)));
