import * as E from 'fp-ts/Either';
import { Filter, Projection, Sort } from '@support/domain';

/** An analyst's query: the MongoDB filter, sort and projection documents, and a page. */
export interface ReadModelQuery {
  readonly filter: Filter;
  readonly sort?: Sort;
  readonly projection?: Projection;
  readonly skip: number;
  readonly limit: number;
}

export const READ_MODEL_DEFAULT_LIMIT = 100;
export const READ_MODEL_MAX_LIMIT = 1_000;
const MAX_DEPTH = 32;

/** Operators that run JavaScript: refused wherever they appear (the filter runs in the service on the embedded store). */
const CODE_OPERATORS = new Set(['$where', '$function', '$accumulator']);
/** A group holding a quantifier that is itself repeated, e.g. (a+)+: catastrophic backtracking, refused. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d)/;
const MAX_REGEX = 256;

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** Whatever in a filter could hurt the service rather than answer a question; null when it is fine. */
export const unsafeInFilter = (value: unknown, path = 'filter', depth = 0): string | null => {
  if (depth > MAX_DEPTH) return `${path} is nested more than ${MAX_DEPTH} levels deep`;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const bad = unsafeInFilter(v, `${path}[${i}]`, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (!isRecord(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    if (CODE_OPERATORS.has(key)) return `${path}.${key}: operators that run code are not accepted`;
    if (key === '$regex' && typeof v === 'string') {
      if (v.length > MAX_REGEX) return `${path}.$regex is longer than ${MAX_REGEX} characters`;
      if (NESTED_QUANTIFIER.test(v)) return `${path}.$regex repeats a group that itself repeats (such as (a+)+): write it without nested repetition`;
    }
    const bad = unsafeInFilter(v, `${path}.${key}`, depth + 1);
    if (bad) return bad;
  }
  return null;
};

const fieldDocument = <V>(name: string, u: unknown, allowed: readonly V[]): E.Either<string, Record<string, V> | undefined> => {
  if (u === undefined || u === null) return E.right(undefined);
  if (!isRecord(u)) return E.left(`${name} must be a JSON object such as { "createdAt": -1 }`);
  for (const [key, v] of Object.entries(u)) {
    if (key.startsWith('$') || key === '') return E.left(`${name} keys are field paths; "${key}" is not one`);
    if (!allowed.includes(v as V)) return E.left(`${name}.${key} must be ${allowed.join(' or ')}`);
  }
  return E.right(u as Record<string, V>);
};

const integer = (name: string, u: unknown, fallback: number, min: number, max: number): E.Either<string, number> => {
  if (u === undefined || u === null) return E.right(fallback);
  return typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max ? E.right(u) : E.left(`${name} must be a whole number from ${min} to ${max}`);
};

const ACCEPTED = ['filter', 'sort', 'projection', 'skip', 'limit'];

/** The body of POST /admin/read-models/{collection}/find (and /count, which takes the filter only). */
export const decodeReadModelQuery = (body: unknown, accepted: readonly string[] = ACCEPTED): E.Either<string, ReadModelQuery> => {
  const b = body === undefined ? {} : body;
  if (!isRecord(b)) return E.left('The body must be a JSON object: { "filter": { ... }, "sort": { ... }, "projection": { ... }, "skip": 0, "limit": 100 }');
  const unknown = Object.keys(b).filter((k) => !accepted.includes(k));
  if (unknown.length > 0) return E.left(`Unknown field "${unknown[0]}": accepted are ${accepted.join(', ')}`);
  const filter = b.filter ?? {};
  if (!isRecord(filter)) return E.left('filter must be a MongoDB filter document (a JSON object)');
  const unsafe = unsafeInFilter(filter);
  if (unsafe) return E.left(unsafe);
  const sort = fieldDocument<1 | -1>('sort', b.sort, [1, -1]);
  const projection = fieldDocument<0 | 1>('projection', b.projection, [0, 1]);
  const skip = integer('skip', b.skip, 0, 0, 1_000_000);
  const limit = integer('limit', b.limit, READ_MODEL_DEFAULT_LIMIT, 1, READ_MODEL_MAX_LIMIT);
  for (const r of [sort, projection, skip, limit]) if (E.isLeft(r)) return r;
  return E.right({
    filter,
    ...(E.isRight(sort) && sort.right ? { sort: sort.right } : {}),
    ...(E.isRight(projection) && projection.right ? { projection: projection.right } : {}),
    skip: (skip as E.Right<number>).right,
    limit: (limit as E.Right<number>).right,
  });
};
