import type { Document, Sort } from '@support/domain';
import { compareBson } from './bson-order';
import { FieldPath, splitPath, valuesAtPath } from './field-path';
import { badValue } from './store-operation-error';
import { PAUSE, ScanStep } from './scan-pause';

export interface SortKey {
  readonly name: string;
  readonly path: FieldPath;
  readonly direction: 1 | -1;
}

export function sortKeysOf(sort: Sort | undefined): SortKey[] {
  return Object.entries(sort ?? {}).map(([name, direction]) => {
    if (direction !== 1 && direction !== -1) throw badValue(`Invalid sort direction for ${name}: ${String(direction)}`);
    return { name, path: splitPath(name), direction };
  });
}

/**
 * The value a document sorts by on one key, as MongoDB picks it: null for a missing field,
 * the smallest element of an array in an ascending sort and the largest in a descending one,
 * and an empty array before null.
 */
export function sortValue(doc: Document, key: SortKey): unknown {
  let value: unknown = doc;
  for (const part of key.path) {
    if (Array.isArray(value)) return valueOverArrays(doc, key);
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[part];
    if (value === undefined || typeof value === 'function') return null;
  }
  return Array.isArray(value) ? valueOverArrays(doc, key) : value;
}

/** The sort value of a path that meets arrays: the smallest (ascending) or largest (descending) value reached. */
function valueOverArrays(doc: Document, key: SortKey): unknown {
  const { values } = valuesAtPath(doc, key.path);
  let chosen = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compareBson(values[i], chosen);
    if (key.direction === 1 ? c < 0 : c > 0) chosen = values[i];
  }
  return chosen;
}

/** A document with its sort values, computed once. */
interface Keyed {
  readonly values: unknown[];
  readonly doc: Document;
}

const keyed = (doc: Document, keys: readonly SortKey[]): Keyed => ({ values: keys.map((k) => sortValue(doc, k)), doc });

function compareKeyed(keys: readonly SortKey[], from: number): (a: Keyed, b: Keyed) => number {
  return (a, b) => {
    for (let i = from; i < keys.length; i++) {
      const c = compareBson(a.values[i], b.values[i]);
      if (c !== 0) return c * keys[i].direction;
    }
    return 0;
  };
}

/** Largest `need` for which a bounded insertion buffer beats sorting everything. */
const TOP_K_LIMIT = 10_000;

/**
 * Sorts the documents. When only the first `need` are wanted, keeps just those in a bounded
 * buffer (stable: equal documents stay in arrival order) instead of sorting all matches.
 */
export function* sortDocuments(docs: Iterable<ScanStep<Document>>, keys: readonly SortKey[], need: number): Generator<ScanStep<Document>> {
  const compare = compareKeyed(keys, 0);
  if (need > TOP_K_LIMIT) {
    const all: Keyed[] = [];
    for (const doc of docs) {
      if (doc === PAUSE) yield PAUSE;
      else all.push(keyed(doc, keys));
    }
    all.sort(compare);
    for (const item of all) yield item.doc;
    return;
  }
  const best: Keyed[] = [];
  for (const doc of docs) {
    if (doc === PAUSE) {
      yield PAUSE;
      continue;
    }
    const item = keyed(doc, keys);
    if (best.length === need && compare(item, best[best.length - 1]) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid], item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, item);
    if (best.length > need) best.pop();
  }
  for (const item of best) yield item.doc;
}

/**
 * Finishes a sort when the documents already arrive ordered by the first `ordered` keys (an
 * index gave that order): only each run of equal leading values is sorted by the rest.
 */
export function* sortWithinRuns(docs: Iterable<ScanStep<Document>>, keys: readonly SortKey[], ordered: number): Generator<ScanStep<Document>> {
  const sameRun = (a: Keyed, b: Keyed): boolean => {
    for (let i = 0; i < ordered; i++) if (compareBson(a.values[i], b.values[i]) !== 0) return false;
    return true;
  };
  const rest = compareKeyed(keys, ordered);
  let run: Keyed[] = [];
  for (const doc of docs) {
    if (doc === PAUSE) {
      yield PAUSE;
      continue;
    }
    const item = keyed(doc, keys);
    if (run.length > 0 && !sameRun(run[0], item)) {
      yield* run.sort(rest).map((k) => k.doc);
      run = [];
    }
    run.push(item);
  }
  yield* run.sort(rest).map((k) => k.doc);
}
