import type { Filter } from '@support/domain';
import { literalsOfCondition } from '../substring-grams';
import type { DocumentTable } from './document-table';
import { constraintOf } from './filter-constraints';
import { isPlainObject } from './field-path';
import type { PAUSE } from './scan-pause';

/** The one value a condition pins a field to and nothing more (a scalar, `$eq` of one, `$in` of one), or undefined. */
function equalityValue(condition: unknown): unknown {
  const constraint = constraintOf(condition);
  return constraint?.exact === true && constraint.equals?.length === 1 ? constraint.equals[0] : undefined;
}

/** The filter's conditions by field, at the top level and inside a top-level `$and`; undefined when it holds anything else ($or, $nor, …). */
function conditionsOf(filter: Filter): (readonly [string, unknown])[] | undefined {
  const conditions: (readonly [string, unknown])[] = [];
  const visit = (part: Filter): boolean => {
    for (const key in part) {
      const condition = part[key];
      if (key === '$and') {
        if (!Array.isArray(condition)) return false;
        for (const clause of condition) if (!isPlainObject(clause) || !visit(clause)) return false;
        continue;
      }
      if (key.startsWith('$')) return false;
      conditions.push([key, condition]);
    }
    return true;
  };
  return visit(filter) ? conditions : undefined;
}

/**
 * The count of a filter that a substring index answers by itself: one `$regex` of literal
 * alternatives on the index's field and, beside it, only equalities to a scalar on the index's
 * leading fields (a list's search in one account). A short search matches thousands of tickets;
 * testing each candidate with the filter read each document, this reads what the index keeps of
 * each entry (see SubstringIndex.countContaining). Undefined for any other filter, or when the
 * index declines; the count is the generator's return value, with pauses as a scan has them.
 */
export function* substringCount(table: DocumentTable, filter: Filter): Generator<typeof PAUSE, number | undefined> {
  const conditions = conditionsOf(filter);
  if (conditions === undefined) return undefined;
  for (const index of table.substringIndexes) {
    if (!index.ready) continue;
    let literals: string[] | undefined;
    const leading: unknown[] = index.leadingFields.map(() => undefined);
    let answers = true;
    for (const [field, condition] of conditions) {
      if (field === index.field && literals === undefined) {
        literals = literalsOfCondition(condition);
        answers = literals !== undefined;
      } else {
        const at = index.leadingFields.indexOf(field);
        const value = equalityValue(condition);
        answers = at >= 0 && value !== undefined && leading[at] === undefined;
        if (answers) leading[at] = value;
      }
      if (!answers) break;
    }
    if (answers && literals !== undefined) return yield* index.countContaining(literals, leading);
  }
  return undefined;
}
