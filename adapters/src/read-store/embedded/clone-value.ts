import { isPlainObject } from './field-path';

/**
 * A deep copy of a document value as MongoDB would store it: plain objects and arrays are
 * copied, dates and regular expressions re-created, binary data copied; fields holding
 * undefined are left out (the MongoDB adapter sets ignoreUndefined) and undefined array
 * elements become null. Other objects (class instances) are kept by reference.
 */
export function cloneValue<V>(value: V): V {
  return copy(value) as V;
}

function copy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      out[i] = element === undefined ? null : copy(element);
    }
    return out;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const field = value[key];
      if (field !== undefined) out[key] = copy(field);
    }
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (value instanceof Uint8Array) return value.slice();
  return value;
}
