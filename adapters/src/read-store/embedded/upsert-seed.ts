import { randomBytes } from 'node:crypto';
import type { Filter } from '@support/domain';
import { cloneValue } from './clone-value';
import { isPlainObject, setAt, splitPath } from './field-path';

/**
 * The fields an upsert starts from, as MongoDB takes them from the filter: every field the
 * filter pins to one value (a plain value or $eq, also inside a top-level $and), with dotted
 * paths made into sub-documents. Conditions like $in, $gt or $regex contribute nothing.
 */
export function equalityFieldsOf(filter: Filter): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const visit = (part: Filter): void => {
    for (const [key, condition] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(condition)) {
        for (const clause of condition) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$') || condition instanceof RegExp || condition === undefined) continue;
      if (isPlainObject(condition) && Object.keys(condition).some((k) => k.startsWith('$'))) {
        if ('$eq' in condition) setAt(seed, splitPath(key), cloneValue(condition.$eq));
        continue;
      }
      setAt(seed, splitPath(key), cloneValue(condition));
    }
  };
  visit(filter);
  return seed;
}

/** A new `_id` for an upserted document that names none: 24 hex digits, like an ObjectId's. */
export const newDocumentId = (): string => randomBytes(12).toString('hex');
