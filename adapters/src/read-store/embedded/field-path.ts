import { EMPTY_ARRAY } from './bson-order';

/** A dotted field path split once, e.g. 'customer.phone' → ['customer', 'phone']. */
export type FieldPath = readonly string[];

const splitCache = new Map<string, FieldPath>();

/** Splits a dotted path; the few field names a service uses are split once and remembered. */
export function splitPath(dotted: string): FieldPath {
  let path = splitCache.get(dotted);
  if (path === undefined) {
    if (splitCache.size >= 10_000) splitCache.clear();
    path = Object.freeze(dotted.split('.'));
    splitCache.set(dotted, path);
  }
  return path;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isArrayIndex = (part: string): boolean => /^(0|[1-9][0-9]*)$/.test(part);

/** The values a path reaches, as MongoDB's index key generator sees them. */
export interface PathValues {
  /** One value per reached leaf: null where the path reaches nothing, EMPTY_ARRAY for []. */
  readonly values: unknown[];
  /** Whether an array was met on the way or at the end (the key is multikey). */
  readonly throughArray: boolean;
}

/**
 * Arrays met along the path are traversed element by element, an array at the end gives its
 * elements, and a path that reaches nothing gives null, as in MongoDB's index keys and sort keys.
 */
export function valuesAtPath(doc: unknown, path: FieldPath): PathValues {
  const values: unknown[] = [];
  const state = { throughArray: false };
  collect(doc, path, 0, values, state);
  return { values, throughArray: state.throughArray };
}

function collect(value: unknown, path: FieldPath, at: number, out: unknown[], state: { throughArray: boolean }): void {
  if (at === path.length) {
    if (!Array.isArray(value)) {
      out.push(value === undefined ? null : value);
      return;
    }
    state.throughArray = true;
    if (value.length === 0) out.push(EMPTY_ARRAY);
    for (const element of value) out.push(element === undefined ? null : element);
    return;
  }
  if (Array.isArray(value)) {
    state.throughArray = true;
    const part = path[at];
    if (isArrayIndex(part)) {
      collect(value[Number(part)], path, at + 1, out, state);
      return;
    }
    if (value.length === 0) out.push(null);
    for (const element of value) {
      if (isPlainObject(element)) collect(element[part], path, at + 1, out, state);
      else out.push(null);
    }
    return;
  }
  if (isPlainObject(value)) {
    collect(value[path[at]], path, at + 1, out, state);
    return;
  }
  out.push(null);
}

/** The value at a path without traversing arrays, or undefined when the path does not exist. */
export function valueAt(doc: unknown, path: FieldPath): unknown {
  let current: unknown = doc;
  for (const part of path) {
    if (isPlainObject(current)) current = current[part];
    else if (Array.isArray(current) && isArrayIndex(part)) current = current[Number(part)];
    else return undefined;
  }
  return current;
}

/** Sets a value at a path, creating the missing objects on the way (the caller owns `doc`). */
export function setAt(doc: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let current: Record<string, unknown> = doc;
  for (let i = 0; i < path.length - 1; i++) {
    const next = current[path[i]];
    if (isPlainObject(next)) current = next;
    else {
      const created: Record<string, unknown> = {};
      current[path[i]] = created;
      current = created;
    }
  }
  current[path[path.length - 1]] = value;
}
