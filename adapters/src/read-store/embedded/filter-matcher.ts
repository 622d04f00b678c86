import type { Document, Filter } from '@support/domain';
import { compileFastFilter } from './fast-filter';
import { isPlainObject } from './field-path';
import { mingo } from './mingo-lazy';

/**
 * mingo copies the operator context it is given on every compile; a context of the query
 * operators alone (mingo().queryContext) keeps that copy small. Filters that evaluate aggregation
 * expressions ($expr, $where) get mingo's full context.
 */
const NEEDS_EXPRESSIONS = new Set(['$expr', '$where', '$jsonSchema']);

function needsExpressions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(needsExpressions);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, inner]) => NEEDS_EXPRESSIONS.has(key) || needsExpressions(inner));
}

const mingoQuery = (filter: Filter): { test(doc: Document): boolean } => {
  const { FullQuery, Query, queryContext } = mingo();
  return needsExpressions(filter) ? new FullQuery(filter) : new Query(filter, { context: queryContext });
};

/** The `_id` of a filter that is `{ _id: "x" }` and nothing else, or undefined. */
export function soleId(filter: Filter): string | undefined {
  const id = filter._id;
  if (typeof id !== 'string') return undefined;
  for (const key in filter) if (key !== '_id') return undefined;
  return id;
}

/**
 * A compiled filter with MongoDB's query semantics, as mingo implements them. The filters list
 * queries are made of run compiled (see fast-filter), with mingo answering for any document the
 * compiled form defers; any other filter runs on mingo alone.
 */
export function matcherOf(filter: Filter): (doc: Document) => boolean {
  if (Object.keys(filter).length === 0) return () => true;
  const id = soleId(filter);
  if (id !== undefined) return (doc) => doc._id === id;
  const fast = compileFastFilter(filter);
  if (fast === undefined) {
    const query = mingoQuery(filter);
    return (doc) => query.test(doc);
  }
  let query: { test(doc: Document): boolean } | undefined;
  return (doc) => {
    const matches = fast.test(doc);
    if (!fast.deferred()) return matches;
    query ??= mingoQuery(filter);
    return query.test(doc);
  };
}
