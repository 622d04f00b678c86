import { EventStore, lookupKey, ReadModels, RecordDocument, RECORDS_COLLECTION } from '@support/domain';
import { RecordKey, recordHoldsKey } from '@support/event-sourcing';

/** Read-model candidates looked at (two are enough to refuse; a third tells stale from real). */
const CANDIDATES = 3;

/**
 * The records that may hold the key's value. The claim of the value (RECORD_KEY) names the record
 * upserts agreed on (consistent: it does not wait for any projection); the read model adds records
 * that got the value otherwise (insert allows duplicates; an upsert by another field may set it).
 * Records found stale earlier in this request are left out. A single candidate is not confirmed
 * here: the record's own decision checks it still holds the value (and an empty claimed stream is
 * inserted). Several are each confirmed against their own stream, so a lagging read model (or a
 * claim whose writer failed) cannot make an upsert fail as ambiguous.
 */
export const recordsHoldingKey = async (
  eventStore: EventStore, readModels: ReadModels, key: RecordKey, claimed: string | null, stale: ReadonlySet<string>,
): Promise<string[]> => {
  const fromReadModel = await readModels.find<RecordDocument>(RECORDS_COLLECTION, {
    where: { accountId: key.accountId, objectId: key.objectId, lookupKeys: lookupKey(key.field, key.value) },
    limit: CANDIDATES,
  });
  const candidates = [...new Set([...(claimed !== null ? [claimed] : []), ...fromReadModel.map((d) => d._id)])].filter((id) => !stale.has(id));
  if (candidates.length <= 1) return candidates;
  const matches: string[] = [];
  for (const id of candidates) {
    if (await recordHoldsKey(eventStore, id, key)) matches.push(id);
  }
  // A claimed record with no events yet loses to records that hold the value (its writer failed or
  // crashed: a writer in flight would have found them), but beats read-model entries that are stale.
  if (matches.length === 0 && claimed !== null && candidates.includes(claimed)) return [claimed];
  return matches;
};
