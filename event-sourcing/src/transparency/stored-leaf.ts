import type { CanonicalTextEvent, RecordedEvent } from '@support/domain';
// The one file, not the domain package: the threads of npm run verify load this module and nothing else of it.
import { positionToString } from '@support/domain/dist/ports/position';
import { Hash, hashLeafText, hashLeafTextBinary, hashOfText } from './hashing';
import { EventRecord, eventRecord, leafText } from './leaf';

/** An event's record with its data and metadata as the JSON text they are stored as. */
export interface StoredRecord extends Omit<EventRecord, 'data' | 'metadata'> {
  readonly data: string;
  readonly metadata: string;
}

/**
 * The leaf text of a record written without decoding its data and metadata: the record's keys in
 * RFC 8785's order (created, data, id, metadata, position, revision, streamName, type), its text
 * fields as JSON.stringify writes them (as RFC 8785 does), data and metadata as they are stored.
 * It is the leaf (the RFC 8785 text of the decoded record) exactly when the stored text is itself
 * canonical, as the embedded log writes it; of any other text it is not the leaf.
 */
export const storedLeafText = (r: StoredRecord): string =>
  `{"created":${JSON.stringify(r.created)},"data":${r.data},"id":${JSON.stringify(r.id)},"metadata":${r.metadata},`
  + `"position":${JSON.stringify(r.position)},"revision":${JSON.stringify(r.revision)},"streamName":${JSON.stringify(r.streamName)},"type":${JSON.stringify(r.type)}}`;

export const storedLeafHash = (r: StoredRecord): Hash => hashLeafText(storedLeafText(r));

const hasCanonicalText = (e: RecordedEvent): e is CanonicalTextEvent => typeof (e as Partial<CanonicalTextEvent>).canonicalData === 'string';

/** The leaf hash of an event: from its canonical text when the store gave it (no decoding), the generic way otherwise. */
export const recordedLeafHash = (e: RecordedEvent): Hash => hashOfText(recordedLeafHashText(e));

/** recordedLeafHash as binary text (hashing.ts's hashLeafTextBinary). */
export const recordedLeafHashText = (e: RecordedEvent): string => hashLeafTextBinary(hasCanonicalText(e) ? storedLeafText(storedRecordOf(e)) : leafText(eventRecord(e)));

const storedRecordOf = (e: CanonicalTextEvent): StoredRecord => ({
  position: positionToString(e.position), streamName: e.streamName, revision: e.revision.toString(), id: e.id, type: e.type,
  created: e.created.toISOString(), data: e.canonicalData, metadata: e.canonicalMetadata,
});
