import type { Document, Update } from '@support/domain';
import { compareBson } from './bson-order';
import { storedValue } from './clone-value';

/** The fields of an update that is one `$set` of top-level fields (no dots, no operators, not `_id`), or undefined. */
export function topLevelSetOf(update: Update): Record<string, unknown> | undefined {
  const keys = Object.keys(update);
  if (keys.length !== 1 || keys[0] !== '$set') return undefined;
  const set = update.$set as Record<string, unknown>;
  if (set === null || typeof set !== 'object' || Array.isArray(set)) return undefined;
  for (const field in set) {
    if (field === '_id' || field === '__proto__' || field.length === 0 || field.includes('.') || field.startsWith('$')) return undefined;
  }
  return set;
}

/** A document changed by a top-level `$set`: the fields that changed, and the new document. */
export interface SetResult {
  readonly changed: readonly string[];
  readonly next: Document;
}

/**
 * Applies a top-level `$set` as MongoDB does (an existing field keeps its place, a new one goes last,
 * undefined values are ignored as with ignoreUndefined) without copying the whole document: stored
 * documents are never mutated, so the new version shares every untouched field with the old one and
 * only the values set are copied. `changed` is empty when every value set equals the one there.
 */
export function applyTopLevelSet(current: Document, set: Readonly<Record<string, unknown>>): SetResult {
  return setFields(current, set);
}

/**
 * applyTopLevelSet with `field` set to `value` first (a projection's position, which the caller
 * knows to differ from the document's): no `$set` copied to hold it too.
 */
export function applyTopLevelSetWith(current: Document, field: string, value: string, set: Readonly<Record<string, unknown>>): SetResult {
  return setFields(current, set, field, value);
}

/** The set's changed fields after `first` (set to `firstValue`, already known to change; none when undefined), and the new version. */
function setFields(current: Document, set: Readonly<Record<string, unknown>>, first?: string, firstValue?: string): SetResult {
  const changed: string[] = first === undefined ? [] : [first];
  for (const field in set) {
    const value = set[field];
    if (value === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(current, field) || compareBson(current[field], value) !== 0) changed.push(field);
  }
  if (changed.length === 0) return { changed, next: current };
  const next: Document = { ...current };
  let i = 0;
  if (first !== undefined) next[changed[i++]] = firstValue;
  for (; i < changed.length; i++) next[changed[i]] = storedValue(set[changed[i]]);
  return { changed, next };
}
