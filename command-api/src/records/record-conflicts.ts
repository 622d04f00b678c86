import { conflictFields, lookupKey, ReadModels, RECORDS_COLLECTION, RecordConflict, RecordDocument, Resource, ResourceRecord } from '@support/domain';

/** Items listed per field; conflictCount still counts them all. */
const MAX_CONFLICTS_PER_FIELD = 100;

export interface Conflicts {
  readonly conflicts: readonly RecordConflict[];
  readonly conflictCount: number;
}

/**
 * Other records of the same resource holding the written record's value in a unique field (or
 * the upsert's idField), from the read model (which has seen this write: read your writes).
 */
export const findConflicts = async (readModels: ReadModels, accountId: string, resource: Resource, record: ResourceRecord, idField?: string): Promise<Conflicts> => {
  const conflicts: RecordConflict[] = [];
  let conflictCount = 0;
  for (const field of conflictFields(resource.fields, idField)) {
    const value = record.data[field];
    if (value === undefined || value === null) continue;
    const where = { accountId, objectId: record.objectId, lookupKeys: lookupKey(field, value), _id: { ne: record.id } };
    const others = await readModels.find<RecordDocument>(RECORDS_COLLECTION, { where, limit: MAX_CONFLICTS_PER_FIELD + 1 });
    const count = others.length > MAX_CONFLICTS_PER_FIELD ? await readModels.count(RECORDS_COLLECTION, where) : others.length;
    conflictCount += count;
    for (const other of others.slice(0, MAX_CONFLICTS_PER_FIELD)) conflicts.push({ recordId: other._id, field, value });
  }
  return { conflicts, conflictCount };
};
