import type { Document, Filter } from '@support/domain';
import { Query as FullQuery } from 'mingo';
import { Context } from 'mingo/core';
import * as queryOperators from 'mingo/operators/query';
import { Query } from 'mingo/query';
import { isPlainObject } from './field-path';

/**
 * mingo copies the operator context it is given on every compile; a context of the query
 * operators alone keeps that copy small. Filters that evaluate aggregation expressions
 * ($expr, $where) get mingo's full context.
 */
const QUERY_CONTEXT = Context.init({ query: queryOperators });
const NEEDS_EXPRESSIONS = new Set(['$expr', '$where', '$jsonSchema']);

function needsExpressions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(needsExpressions);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, inner]) => NEEDS_EXPRESSIONS.has(key) || needsExpressions(inner));
}

/** A compiled filter: MongoDB's query semantics, run by mingo. */
export function matcherOf(filter: Filter): (doc: Document) => boolean {
  const keys = Object.keys(filter);
  if (keys.length === 0) return () => true;
  const id = filter._id;
  if (keys.length === 1 && typeof id === 'string') return (doc) => doc._id === id;
  const query = needsExpressions(filter) ? new FullQuery(filter) : new Query(filter, { context: QUERY_CONTEXT });
  return (doc) => query.test(doc);
}
