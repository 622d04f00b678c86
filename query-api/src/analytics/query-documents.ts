import * as E from 'fp-ts/Either';
import { FieldCondition, FieldMatch, Scalar } from '@support/domain';

/** An analyst's query: conditions on fields, a sort, a page. */
interface ReadModelQuery {
  readonly filter: FieldMatch;
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly skip: number;
  readonly limit: number;
}

const READ_MODEL_DEFAULT_LIMIT = 100;
export const READ_MODEL_MAX_LIMIT = 1_000;

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const isScalar = (u: unknown): u is Scalar => u === null || ['string', 'number', 'boolean'].includes(typeof u);
const COMPARISONS = ['lt', 'lte', 'gt', 'gte'];

/** What a filter accepts, for the messages that refuse one. */
const FILTER_FORM = '{ "field": value } (equal; a list field holds it; null: missing), { "field": { "ne": value } }, or { "field": { "gte": v, "lt": w } } (lt, lte, gt, gte: text or numbers)';

/** One field's condition as the port takes it, or what is wrong with it. */
const condition = (field: string, u: unknown): E.Either<string, FieldCondition> => {
  if (isScalar(u)) return E.right(u);
  if (!isRecord(u)) return E.left(`filter.${field} must be a value or a condition: ${FILTER_FORM}`);
  const keys = Object.keys(u);
  if (keys.length === 1 && keys[0] === 'ne') return isScalar(u.ne) ? E.right({ ne: u.ne }) : E.left(`filter.${field}.ne must be text, a number, true, false or null`);
  if (keys.length === 0 || keys.some((k) => !COMPARISONS.includes(k))) return E.left(`filter.${field} takes "ne" alone, or any of ${COMPARISONS.join(', ')}: ${FILTER_FORM}`);
  for (const k of keys) if (typeof u[k] !== 'string' && typeof u[k] !== 'number') return E.left(`filter.${field}.${k} must be text or a number`);
  return E.right(u as FieldCondition);
};

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The filter: every key a field path (a.b reaches into objects), every value a condition. */
const filterOf = (u: unknown): E.Either<string, FieldMatch> => {
  if (u === undefined || u === null) return E.right({});
  if (!isRecord(u)) return E.left(`filter must be a JSON object: ${FILTER_FORM}`);
  const out: Record<string, FieldCondition> = {};
  for (const [field, value] of Object.entries(u)) {
    if (!FIELD_PATH.test(field)) return E.left(`filter keys are field paths such as "status" or "template.name"; "${field}" is not one`);
    const c = condition(field, value);
    if (E.isLeft(c)) return c;
    out[field] = c.right;
  }
  return E.right(out);
};

const fieldDocument = <V>(name: string, u: unknown, allowed: readonly V[]): E.Either<string, Record<string, V> | undefined> => {
  if (u === undefined || u === null) return E.right(undefined);
  if (!isRecord(u)) return E.left(`${name} must be a JSON object such as { "createdAt": -1 }`);
  for (const [key, v] of Object.entries(u)) {
    if (!FIELD_PATH.test(key)) return E.left(`${name} keys are field paths such as "createdAt"; "${key}" is not one`);
    if (!allowed.includes(v as V)) return E.left(`${name}.${key} must be ${allowed.join(' or ')}`);
  }
  return E.right(u as Record<string, V>);
};

const integer = (name: string, u: unknown, fallback: number, min: number, max: number): E.Either<string, number> => {
  if (u === undefined || u === null) return E.right(fallback);
  return typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max ? E.right(u) : E.left(`${name} must be a whole number from ${min} to ${max}`);
};

const ACCEPTED = ['filter', 'sort', 'skip', 'limit'];

/** The body of POST /admin/read-models/{collection}/find (and /count, which takes the filter only). */
export const decodeReadModelQuery = (body: unknown, accepted: readonly string[] = ACCEPTED): E.Either<string, ReadModelQuery> => {
  const b = body === undefined ? {} : body;
  if (!isRecord(b)) return E.left('The body must be a JSON object: { "filter": { ... }, "sort": { ... }, "skip": 0, "limit": 100 }');
  const unknown = Object.keys(b).filter((k) => !accepted.includes(k));
  if (unknown.length > 0) return E.left(`Unknown field "${unknown[0]}": accepted are ${accepted.join(', ')}`);
  const filter = filterOf(b.filter);
  const sort = fieldDocument<1 | -1>('sort', b.sort, [1, -1]);
  const skip = integer('skip', b.skip, 0, 0, 1_000_000);
  const limit = integer('limit', b.limit, READ_MODEL_DEFAULT_LIMIT, 1, READ_MODEL_MAX_LIMIT);
  for (const r of [filter, sort, skip, limit]) if (E.isLeft(r)) return r;
  return E.right({
    filter: (filter as E.Right<FieldMatch>).right,
    ...(E.isRight(sort) && sort.right ? { sort: sort.right } : {}),
    skip: (skip as E.Right<number>).right,
    limit: (limit as E.Right<number>).right,
  });
};
