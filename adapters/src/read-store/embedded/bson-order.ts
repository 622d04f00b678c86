/**
 * MongoDB's total order over values (the BSON comparison order), used for sorting, index keys
 * and equality of documents:
 * MinKey < (empty array, in sort keys only) < null and missing < numbers < strings < objects
 * < arrays < binary data < booleans < dates < regular expressions < MaxKey.
 * Strings compare by code unit (MongoDB's default "simple" collation compares bytes; the two
 * differ only for characters outside the Basic Multilingual Plane against U+E000..U+FFFF).
 */

/** Sorts before every value: the open start of an index range. */
export const MIN_KEY: unique symbol = Symbol('MinKey');
/** Sorts after every value: the open end of an index range. */
export const MAX_KEY: unique symbol = Symbol('MaxKey');
/** The sort key of an empty array, which MongoDB sorts before null and missing fields. */
export const EMPTY_ARRAY: unique symbol = Symbol('EmptyArray');

const enum Rank {
  MinKey = 0,
  EmptyArray = 1,
  Null = 2,
  Number = 3,
  String = 4,
  Object = 5,
  Array = 6,
  Binary = 7,
  Boolean = 8,
  Date = 9,
  RegExp = 10,
  MaxKey = 11,
}

function rankOf(value: unknown): Rank {
  switch (typeof value) {
    case 'undefined':
      return Rank.Null;
    case 'number':
    case 'bigint':
      return Rank.Number;
    case 'string':
      return Rank.String;
    case 'boolean':
      return Rank.Boolean;
    case 'symbol':
      if (value === MIN_KEY) return Rank.MinKey;
      if (value === MAX_KEY) return Rank.MaxKey;
      if (value === EMPTY_ARRAY) return Rank.EmptyArray;
      return Rank.String;
    case 'object':
      if (value === null) return Rank.Null;
      if (Array.isArray(value)) return Rank.Array;
      if (value instanceof Date) return Rank.Date;
      if (value instanceof RegExp) return Rank.RegExp;
      if (ArrayBuffer.isView(value)) return Rank.Binary;
      return Rank.Object;
    default:
      return Rank.Object;
  }
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareNumbers(a: number | bigint, b: number | bigint): number {
  const aNaN = typeof a === 'number' && Number.isNaN(a);
  const bNaN = typeof b === 'number' && Number.isNaN(b);
  if (aNaN || bNaN) return aNaN === bNaN ? 0 : aNaN ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareArrays(a: readonly unknown[], b: readonly unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareBson(a[i], b[i]);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

/** Field by field in document order: type of the value, then field name, then value. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const va = a[ka[i]];
    const vb = b[kb[i]];
    const byType = rankOf(va) - rankOf(vb);
    if (byType !== 0) return sign(byType);
    const byName = compareStrings(ka[i], kb[i]);
    if (byName !== 0) return byName;
    const byValue = compareBson(va, vb);
    if (byValue !== 0) return byValue;
  }
  return sign(ka.length - kb.length);
}

function compareBinary(a: ArrayBufferView, b: ArrayBufferView): number {
  if (a.byteLength !== b.byteLength) return sign(a.byteLength - b.byteLength);
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return sign(x[i] - y[i]);
  return 0;
}

/** Negative, zero or positive as `a` sorts before, with or after `b` in MongoDB's order. */
export function compareBson(a: unknown, b: unknown): number {
  if (a === b) return 0;
  // The common case of index keys (ids, timestamps, statuses): two strings.
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : 1;
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case Rank.Number:
      return compareNumbers(a as number | bigint, b as number | bigint);
    case Rank.String:
      return compareStrings(String(a), String(b));
    case Rank.Boolean:
      return a === b ? 0 : a ? 1 : -1;
    case Rank.Date:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case Rank.Array:
      return compareArrays(a as unknown[], b as unknown[]);
    case Rank.Object:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case Rank.Binary:
      return compareBinary(a as ArrayBufferView, b as ArrayBufferView);
    case Rank.RegExp: {
      const [x, y] = [a as RegExp, b as RegExp];
      return compareStrings(x.source, y.source) || compareStrings(x.flags, y.flags);
    }
    default:
      return 0;
  }
}

/** Values an index can hold and seek to directly: scalars of one BSON type each. */
export function isIndexableScalar(value: unknown): value is string | number | boolean | Date | null {
  return (
    value === null ||
    typeof value === 'string' ||
    (typeof value === 'number' && !Number.isNaN(value)) ||
    typeof value === 'boolean' ||
    (value instanceof Date && !Number.isNaN(value.getTime()))
  );
}

/** Whether two values are of the same BSON type bracket (range operators only match within one). */
export function sameTypeBracket(a: unknown, b: unknown): boolean {
  return rankOf(a) === rankOf(b);
}
