import type { DocumentWrite } from '@support/domain';
import type { Document } from 'mongodb';
import { APPLIED_POSITION, GRAMS } from './internal-fields';
import { notYetApplied } from './position-guard';
import { withSearchGrams } from './search-grams';

/** One guarded driver write: an updateOne or a deleteOne by id. */
type GuardedWrite =
  | { readonly kind: 'update'; readonly filter: Document; readonly update: Document; readonly upsert: boolean }
  | { readonly kind: 'delete'; readonly filter: Document };

/**
 * A DocumentWrite as one MongoDB write filtered by its id and the guard (see position-guard):
 * `$set` of its fields with the event's position (and the grams when it sets the search field),
 * `$min` of its `min` fields, `upsert` as given; `remove` a deleteOne. As in the SQLite engine a
 * field both set and kept at the minimum takes the minimum of the stored and the given value, a
 * field set to undefined is removed (`$unset`), and `_id` is never changed. An upsert of a document
 * that holds a later position fails with a duplicate key: the writer takes it as already applied.
 */
export const guardedWrite = (write: DocumentWrite, key: string, searchField: string | null): GuardedWrite => {
  const filter = { _id: write.id, ...notYetApplied(key) };
  if (write.remove === true) return { kind: 'delete', filter };
  const min = write.min ?? {};
  const set: Record<string, unknown> = { [APPLIED_POSITION]: key };
  const unset: Record<string, ''> = {};
  for (const [field, value] of Object.entries(write.set)) {
    if (field === '_id' || field in min) continue;
    if (value === undefined) unset[field] = '';
    else set[field] = value;
  }
  const update: Document = { $set: withSearchGrams(set, searchField) };
  if (Object.keys(min).length > 0) update.$min = { ...min };
  if (searchField !== null && searchField in unset) unset[GRAMS] = '';
  if (Object.keys(unset).length > 0) update.$unset = unset;
  return { kind: 'update', filter, update, upsert: write.upsert === true };
};
