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
 * A DocumentWrite without `min` as one MongoDB write filtered by its id and the guard (see
 * position-guard): `$set` of its fields with the event's position (and the grams when it sets the
 * search field), `upsert` as given; `remove` a deleteOne. A field set to undefined is removed
 * (`$unset`), and `_id` is never changed. An upsert of a document that holds a later position fails
 * with a duplicate key: the writer takes it as already applied. A write with `min` is folded
 * instead (event-writer): MongoDB's `$min` compares across types, where SQLite keeps the given value.
 */
export const guardedWrite = (write: DocumentWrite, key: string, searchField: string | null): GuardedWrite => {
  if (write.min !== undefined) throw new Error('A write with a minimum is folded (foldWrites), not sent as one update');
  const filter = { _id: write.id, ...notYetApplied(key) };
  if (write.remove === true) return { kind: 'delete', filter };
  const set: Record<string, unknown> = { [APPLIED_POSITION]: key };
  const unset: Record<string, ''> = {};
  for (const [field, value] of Object.entries(write.set)) {
    if (field === '_id') continue;
    if (value === undefined) unset[field] = '';
    else set[field] = value;
  }
  const update: Document = { $set: withSearchGrams(set, searchField) };
  if (searchField !== null && searchField in unset) unset[GRAMS] = '';
  if (Object.keys(unset).length > 0) update.$unset = unset;
  return { kind: 'update', filter, update, upsert: write.upsert === true };
};
