import type { Document, PositionGuard, Update } from '@support/domain';
import { isNotYetApplied } from '@support/domain';
import { storedValue } from './clone-value';
import type { DocumentTable } from './document-table';
import { applyTopLevelSetWith, topLevelSetOf } from './top-level-set';

/**
 * A new document of `_id`, the position, then the set's fields (the order withPosition gives), made
 * by spreads into a literal when no value is undefined: V8 then keeps it a fast object. Set one
 * field at a time, past a dozen it turns into a dictionary, slower to copy for each later version
 * and to read; so it does when a field is added by a computed name after the spread, and a spread
 * of a literal holding a computed name made every document's shape anew (a rebuild of 100,000
 * tickets 10 → 28 s). Its objects and arrays are then copied as stored values, in place.
 */
function newDocument(id: string, guard: PositionGuard, set: Readonly<Record<string, unknown>>): Document {
  for (const field in set) if (set[field] === undefined) return applyTopLevelSetWith({ _id: id }, guard.field, guard.position, set).next;
  const doc: Document = { _id: id, ...{ [guard.field]: guard.position }, ...set };
  for (const field in doc) {
    const value = doc[field];
    if (value !== null && typeof value === 'object') doc[field] = storedValue(value);
  }
  return doc;
}

/**
 * Collection.updateOneUnlessApplied for an update that is one top-level `$set` (every projection
 * write but a few): one lookup by `_id`, the guard tested on the document, and the new version made
 * with the position and the set's fields, without a filter compiled and a `$set` copied per write.
 * Answers whether it wrote; undefined for any other update (the caller then writes it with the
 * guard's filter, see updateOneByGuardFilter).
 */
export function updateUnlessApplied(table: DocumentTable, id: string, guard: PositionGuard, update: Update, upsert: boolean): boolean | undefined {
  const set = topLevelSetOf(update);
  if (set === undefined || Object.prototype.hasOwnProperty.call(set, guard.field)) return undefined;
  const found = table.byId.get(id);
  if (found === undefined) {
    if (!upsert) return false;
    table.insert(newDocument(id, guard, set));
    return true;
  }
  if (!isNotYetApplied(found, guard)) return false;
  const { changed, next } = applyTopLevelSetWith(found, guard.field, guard.position, set);
  table.replace(found, next, changed);
  return true;
}
