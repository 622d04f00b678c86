import { isPlainObject } from './field-path';

/**
 * A deep copy of a document value as MongoDB would store it: plain objects and arrays are
 * copied, dates and regular expressions re-created, binary data copied; fields holding
 * undefined are left out (the MongoDB adapter sets ignoreUndefined) and undefined array
 * elements become null. Other objects (class instances) are kept by reference.
 */
export function cloneValue<V>(value: V): V {
  return copy(value, false) as V;
}

/** One empty array for every stored document that holds one (frozen: stored documents are never changed in place). */
const STORED_EMPTY_ARRAY: readonly unknown[] = Object.freeze([]);

/**
 * A copy of a value to keep in a stored document: as cloneValue, except that every empty array is
 * one shared frozen array (a ticket holds about a dozen; each a heap object that the collector
 * would copy for every document kept). Readers get copies (cloneValue) or, reading only, the
 * stored values themselves, which they must not change.
 */
export function storedValue<V>(value: V): V {
  return copy(value, true) as V;
}

function copy(value: unknown, shareEmpty: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (shareEmpty && value.length === 0) return STORED_EMPTY_ARRAY;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      out[i] = element === undefined ? null : copy(element, shareEmpty);
    }
    return out;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const field = value[key];
      if (field !== undefined) out[key] = copy(field, shareEmpty);
    }
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (value instanceof Uint8Array) return value.slice();
  return value;
}
