import type { DocumentQuery, FieldCondition, FieldMatch, Scalar } from '@support/domain';
import type { Document } from 'mongodb';

const isScalar = (c: FieldCondition): c is Scalar => c === null || typeof c !== 'object';

const RANGE = { lt: '$lt', lte: '$lte', gt: '$gt', gte: '$gte' } as const;

/**
 * One field's condition in MongoDB's words, which already mean what the port says: a value is
 * equality (a list matches when it holds the value, null matches a missing field too), `ne` is
 * `$ne`, and the comparisons hold between values of one type only (MongoDB's type brackets).
 * A comparison without bounds is no condition (undefined).
 */
const conditionOf = (c: FieldCondition): unknown => {
  if (isScalar(c)) return c;
  if ('ne' in c) return { $ne: c.ne };
  const range: Record<string, string | number> = {};
  for (const [op, operator] of Object.entries(RANGE)) {
    const bound = (c as Record<string, string | number | undefined>)[op];
    if (bound !== undefined) range[operator] = bound;
  }
  return Object.keys(range).length === 0 ? undefined : range;
};

/** The MongoDB filter of a field match: each field's condition at the top level (all must hold). */
export const fieldMatchFilter = (where: FieldMatch): Document => {
  const filter: Document = {};
  for (const [field, c] of Object.entries(where)) {
    const condition = conditionOf(c);
    if (condition !== undefined) filter[field] = condition;
  }
  return filter;
};

/**
 * The sort of a query: its fields in order, then the id in the last field's direction (or in the
 * direction the query gives `_id`), as the SQLite engine orders; by id alone when none is given.
 * Missing and null values come first ascending and last descending, in both engines.
 */
export const documentSort = (sort: DocumentQuery['sort']): Record<string, 1 | -1> => {
  const keys = Object.entries(sort ?? {}).filter(([field]) => field !== '_id');
  const idDirection = (sort ?? {})._id ?? (keys.length > 0 ? keys[keys.length - 1][1] : 1);
  return { ...Object.fromEntries(keys), _id: idDirection };
};
