import {
  EventStore, holdsValue, loadStream, lookupKey, readLastEvent, ReadModels, RecordDocument, recordKeyStream, RECORDS_COLLECTION, recordStream, resourceRecordDecider,
} from '@support/domain';

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
  const last = await readLastEvent(eventStore, streamName);
  if (last === null) return { streamName, recordId: null, revision: null };
  const recordId = (last.data as { recordId?: unknown }).recordId;
  return { streamName, recordId: typeof recordId === 'string' ? recordId : null, revision: last.revision };
};

/** Whether the record (with its events so far) holds the value. */
const holdsKey = async (eventStore: EventStore, recordId: string, key: UpsertKey): Promise<boolean> => {
  const { state } = await loadStream(eventStore, recordStream(recordId), resourceRecordDecider);
  if (state.kind === 'none') return false;
  return state.record.objectId === key.objectId && holdsValue(state.record.data, key.idField, key.idValue);
};

/**
 * The records that may hold idValue in idField. The claim stream names the record upserts agreed
 * on (consistent: it does not wait for any projection); the read model adds records that got the
 * value otherwise (insert allows duplicates; an upsert by another field may set it). Records
 * found stale earlier in this request are left out. A single candidate is not confirmed here: the
 * record's own decision checks it still holds the value (and an empty claimed stream is inserted).
 * Several are each confirmed against their own stream, so a lagging read model (or a claim whose
 * writer failed) cannot make an upsert fail as ambiguous.
 */
export const recordsHoldingKey = async (eventStore: EventStore, readModels: ReadModels, key: UpsertKey, claim: KeyClaim, stale: ReadonlySet<string>): Promise<string[]> => {
  const fromReadModel = await readModels.find<RecordDocument>(RECORDS_COLLECTION, {
    where: { accountId: key.accountId, objectId: key.objectId, lookupKeys: lookupKey(key.idField, key.idValue) },
    limit: CANDIDATES,
  });
  const candidates = [...new Set([...(claim.recordId !== null ? [claim.recordId] : []), ...fromReadModel.map((d) => d._id)])].filter((id) => !stale.has(id));
  if (candidates.length <= 1) return candidates;
  const matches: string[] = [];
  for (const id of candidates) {
    if (await holdsKey(eventStore, id, key)) matches.push(id);
  }
  // A claimed record with no events yet loses to records that hold the value (its writer failed or
  // crashed: a writer in flight would have found them), but beats read-model entries that are stale.
  if (matches.length === 0 && claim.recordId !== null && candidates.includes(claim.recordId)) return [claim.recordId];
  return matches;
};
