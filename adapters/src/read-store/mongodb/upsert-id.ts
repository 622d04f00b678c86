import { ObjectId } from 'mongodb';
import type { Filter, Update } from '@support/domain';

const namesId = (part: unknown): boolean => typeof part === 'object' && part !== null && '_id' in part;

function filterNamesId(filter: Filter): boolean {
  if ('_id' in filter) return true;
  const clauses = filter.$and;
  return Array.isArray(clauses) && clauses.some((clause) => namesId(clause) || (typeof clause === 'object' && clause !== null && filterNamesId(clause as Filter)));
}

/**
 * The port promises string `_id`s, but a MongoDB upsert whose filter and update name no `_id`
 * would insert an ObjectId. Such an update gets a `$setOnInsert` of a new id in ObjectId's hex
 * form, the same form the embedded store generates.
 */
export function withStringUpsertId(filter: Filter, update: Update): Update {
  if (filterNamesId(filter) || namesId(update.$set) || namesId(update.$setOnInsert)) return update;
  const onInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  return { ...update, $setOnInsert: { ...onInsert, _id: new ObjectId().toHexString() } };
}
