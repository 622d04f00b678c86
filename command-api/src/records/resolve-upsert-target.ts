import {
  EventStore, holdsValue, lookupKey, ReadStore, RECORDS_COLLECTION, RecordDocument, recordKeyStream, recordStream, resourceRecordDecider,
} from '@support/domain';
import { loadStream } from '../shared/handle-command';

/** The last claim of an identifier value: which record holds it, and the stream revision read. */
export interface KeyClaim {
  readonly streamName: string;
  readonly recordId: string | null;
  readonly revision: bigint | null;
}

export interface UpsertKey {
  readonly accountId: string;
  readonly objectId: string;
  readonly idField: string;
  /** Converted idValue. */
  readonly idValue: unknown;
}

/** Read-model candidates looked at (two are enough to refuse; a third tells stale from real). */
const CANDIDATES = 3;

export const readKeyClaim = async (eventStore: EventStore, key: UpsertKey): Promise<KeyClaim> => {
  const streamName = recordKeyStream(key.accountId, key.objectId, key.idField, key.idValue);
  for await (const e of eventStore.readStream(streamName, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) {
    const recordId = (e.data as { recordId?: unknown }).recordId;
    return { streamName, recordId: typeof recordId === 'string' ? recordId : null, revision: e.revision };
  }
  return { streamName, recordId: null, revision: null };
};

/** Whether the record still holds the value (a record not written yet counts: its claimer is writing it). */
const stillHolds = async (eventStore: EventStore, recordId: string, key: UpsertKey, emptyCounts: boolean): Promise<boolean> => {
  const { state } = await loadStream(eventStore, recordStream(recordId), resourceRecordDecider);
  if (state.kind === 'none') return emptyCounts;
  return state.record.objectId === key.objectId && holdsValue(state.record.data, key.idField, key.idValue);
};

/**
 * The records that hold idValue in idField. The claim stream names the record upserts agreed on
 * (consistent: it does not wait for any projection); the read model adds records that got the
 * value otherwise (insert allows duplicates; an upsert by another field may set it). Every
 * candidate is confirmed against its own stream, so a lagging read model cannot make a match.
 */
export const recordsHoldingKey = async (eventStore: EventStore, readStore: ReadStore, key: UpsertKey, claim: KeyClaim): Promise<string[]> => {
  const matches: string[] = [];
  if (claim.recordId !== null && (await stillHolds(eventStore, claim.recordId, key, true))) matches.push(claim.recordId);
  const candidates = await readStore
    .collection<RecordDocument>(RECORDS_COLLECTION)
    .find({ accountId: key.accountId, objectId: key.objectId, lookupKeys: lookupKey(key.idField, key.idValue) }, { limit: CANDIDATES, projection: { _id: 1 } })
    .toArray();
  for (const c of candidates) {
    if (matches.includes(c._id)) continue;
    if (await stillHolds(eventStore, c._id, key, false)) matches.push(c._id);
  }
  return matches;
};

