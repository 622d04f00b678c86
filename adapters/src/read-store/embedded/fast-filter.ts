import type { Document, Filter } from '@support/domain';
import { compareBson, sameTypeBracket } from './bson-order';
import { isPlainObject, splitPath } from './field-path';

/**
 * A compiled form of the filters list queries are made of, evaluated directly instead of
 * through mingo (which resolves paths and wraps values anew for every operator and document,
 * about ten times slower on a search over a whole account). mingo stays the reference:
 *
 * - only a known grammar compiles: `$and`/`$or`/`$nor` and, on plain dotted paths, scalar
 *   equality, RegExp values, `$eq $ne $in $nin $gt $gte $lt $lte $exists $regex $options`
 *   with scalar operands; anything else returns undefined and the whole filter goes to mingo;
 * - a document whose path crosses an array before its last field, or whose field is an array
 *   holding arrays, is "deferred": the caller then asks mingo about that document.
 *
 * A differential test holds this to mingo's answers over random filters and documents.
 */
export interface FastFilter {
  /** Whether the document matches; meaningless when `deferred()` is then true. */
  readonly test: (doc: Document) => boolean;
  /** Whether the last `test` met a shape it leaves to mingo. */
  readonly deferred: () => boolean;
}

type Check = (doc: Document) => boolean;
type Scalar = string | number | boolean | null | Date;

const MISSING: unique symbol = Symbol('missing');
type Leaf = unknown;

interface State {
  deferred: boolean;
}

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || (value instanceof Date && !Number.isNaN(value.getTime()));

function equalsScalar(x: unknown, v: Scalar): boolean {
  if (v instanceof Date) return x instanceof Date && x.getTime() === v.getTime();
  if (typeof v === 'number') return typeof x === 'number' && (x === v || (Number.isNaN(x) && Number.isNaN(v)));
  return x === v;
}

/** The value at a path, MISSING when there is none; crossing an array before the last field defers. */
function leafAt(doc: Document, path: readonly string[], state: State): Leaf {
  let value: unknown = doc;
  for (const part of path) {
    if (typeof value !== 'object' || value === null) return MISSING;
    if (Array.isArray(value)) {
      state.deferred = true;
      return MISSING;
    }
    value = (value as Record<string, unknown>)[part];
    // Stored documents are plain data: a function here is an inherited property (toString, …), not a field.
    if (value === undefined || typeof value === 'function') return MISSING;
  }
  return value;
}

/** Applies a test to a leaf as MongoDB does: to the value, or to each element of an array. */
function anyValue(leaf: Leaf, test: (value: unknown) => boolean, state: State): boolean {
  if (!Array.isArray(leaf)) return test(leaf);
  let found = false;
  for (const element of leaf) {
    if (Array.isArray(element)) {
      state.deferred = true;
      return false;
    }
    if (!found && test(element)) found = true;
  }
  return found;
}

type LeafTest = (leaf: Leaf, state: State) => boolean;

function equalsTest(v: Scalar): LeafTest {
  if (v === null) return (leaf, state) => leaf === MISSING || anyValue(leaf, (x) => x === null, state);
  return (leaf, state) => leaf !== MISSING && anyValue(leaf, (x) => equalsScalar(x, v), state);
}

function inTest(list: readonly unknown[]): LeafTest | undefined {
  const scalars: Scalar[] = [];
  const patterns: RegExp[] = [];
  for (const item of list) {
    if (item instanceof RegExp && usableRegExp(item)) patterns.push(item);
    else if (isScalar(item)) scalars.push(item);
    else return undefined;
  }
  const hasNull = scalars.includes(null);
  const inList = (x: unknown): boolean =>
    scalars.some((v) => equalsScalar(x, v)) || (typeof x === 'string' && patterns.some((p) => p.test(x)));
  return (leaf, state) => (leaf === MISSING ? hasNull : anyValue(leaf, inList, state));
}

function rangeTest(op: string, v: unknown): LeafTest | undefined {
  if (!isScalar(v) || v === null) return undefined;
  const accept =
    op === '$gt' ? (c: number) => c > 0 : op === '$gte' ? (c: number) => c >= 0 : op === '$lt' ? (c: number) => c < 0 : (c: number) => c <= 0;
  // mingo orders NaN unlike MongoDB (it finds NaN equal to every number); such documents go to mingo.
  const compare = (x: unknown, state: State): boolean => {
    if (typeof x === 'number' && Number.isNaN(x)) state.deferred = true;
    return sameTypeBracket(x, v) && accept(compareBson(x, v));
  };
  return (leaf, state) => leaf !== MISSING && anyValue(leaf, (x) => compare(x, state), state);
}

const usableRegExp = (re: RegExp): boolean => !re.global && !re.sticky;

function regexTest(pattern: unknown, options: unknown): LeafTest | undefined {
  if (options !== undefined && (typeof options !== 'string' || !/^[ims]*$/.test(options))) return undefined;
  let re: RegExp;
  if (pattern instanceof RegExp) re = options === undefined ? pattern : new RegExp(pattern.source, options);
  else if (typeof pattern === 'string') re = new RegExp(pattern, options ?? '');
  else return undefined;
  if (!usableRegExp(re)) return undefined;
  return (leaf, state) => leaf !== MISSING && anyValue(leaf, (x) => typeof x === 'string' && re.test(x), state);
}

const not =
  (test: LeafTest): LeafTest =>
  (leaf, state) =>
    !test(leaf, state);

function operatorTests(condition: Record<string, unknown>): LeafTest[] | undefined {
  const tests: LeafTest[] = [];
  for (const op in condition) {
    const operand = condition[op];
    let test: LeafTest | undefined;
    switch (op) {
      case '$eq':
      case '$ne':
        test = isScalar(operand) ? equalsTest(operand) : undefined;
        if (test !== undefined && op === '$ne') test = not(test);
        break;
      case '$in':
      case '$nin':
        test = Array.isArray(operand) ? inTest(operand) : undefined;
        if (test !== undefined && op === '$nin') test = not(test);
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        test = rangeTest(op, operand);
        break;
      case '$exists':
        if (typeof operand === 'boolean') test = operand ? (leaf) => leaf !== MISSING : (leaf) => leaf === MISSING;
        break;
      case '$regex':
        test = regexTest(operand, condition.$options);
        break;
      case '$options':
        if (!('$regex' in condition)) return undefined;
        continue;
      default:
        return undefined;
    }
    if (test === undefined) return undefined;
    tests.push(test);
  }
  return tests.length > 0 ? tests : undefined;
}

/** Dotted paths the compiled form reads, checked once each: no empty part, operator or array index (those go to mingo). */
const plainPaths = new Map<string, boolean>();

function isPlainPath(dotted: string): boolean {
  let plain = plainPaths.get(dotted);
  if (plain === undefined) {
    if (plainPaths.size >= 10_000) plainPaths.clear();
    plain = !splitPath(dotted).some((part) => part === '' || part.startsWith('$') || /^[0-9]+$/.test(part));
    plainPaths.set(dotted, plain);
  }
  return plain;
}

function fieldCheck(dotted: string, condition: unknown, state: State): Check | undefined {
  if (!isPlainPath(dotted)) return undefined;
  const path = splitPath(dotted);
  let tests: LeafTest[] | undefined;
  if (isScalar(condition)) tests = [equalsTest(condition)];
  else if (condition instanceof RegExp) tests = [regexTest(condition, undefined)].filter((t): t is LeafTest => t !== undefined);
  else if (isPlainObject(condition) && Object.keys(condition).every((k) => k.startsWith('$'))) tests = operatorTests(condition);
  if (tests === undefined || tests.length === 0) return undefined;
  const all = tests;
  if (all.length === 1) {
    const [test] = all;
    return (doc) => test(leafAt(doc, path, state), state);
  }
  return (doc) => {
    const leaf = leafAt(doc, path, state);
    for (const test of all) if (!test(leaf, state)) return false;
    return true;
  };
}

function clauseCheck(filter: Filter, state: State): Check | undefined {
  const checks: Check[] = [];
  for (const key in filter) {
    const condition = filter[key];
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(condition) || condition.length === 0) return undefined;
      const parts: Check[] = [];
      for (const clause of condition) {
        const part = isPlainObject(clause) ? clauseCheck(clause, state) : undefined;
        if (part === undefined) return undefined;
        parts.push(part);
      }
      if (key === '$and') checks.push((doc) => parts.every((p) => p(doc)));
      else if (key === '$or') checks.push((doc) => parts.some((p) => p(doc)));
      else checks.push((doc) => !parts.some((p) => p(doc)));
      continue;
    }
    if (key.startsWith('$')) return undefined;
    const check = fieldCheck(key, condition, state);
    if (check === undefined) return undefined;
    checks.push(check);
  }
  if (checks.length === 1) return checks[0];
  return (doc) => {
    for (const check of checks) if (!check(doc)) return false;
    return true;
  };
}

/** The compiled filter, or undefined when it uses anything outside the compiled grammar. */
export function compileFastFilter(filter: Filter): FastFilter | undefined {
  const state: State = { deferred: false };
  const check = clauseCheck(filter, state);
  if (check === undefined) return undefined;
  return {
    test: (doc) => {
      state.deferred = false;
      return check(doc);
    },
    deferred: () => state.deferred,
  };
}
