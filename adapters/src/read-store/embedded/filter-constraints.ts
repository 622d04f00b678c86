import type { Filter } from '@support/domain';
import { compareBson, isIndexableScalar, sameTypeBracket } from './bson-order';
import { isPlainObject } from './field-path';
import { literalSearchesOf } from '../substring-grams';

export interface RangeBound {
  readonly value: unknown;
  readonly inclusive: boolean;
}

/** What a filter says about one field that an index can seek to. */
export interface FieldConstraint {
  /** Values the field must equal (from a scalar, $eq or $in), sorted and distinct. */
  readonly equals?: readonly unknown[];
  readonly lower?: RangeBound;
  readonly upper?: RangeBound;
  /** The equality or the two-sided range says all the filter says about this field. */
  readonly exact: boolean;
}

/** The index-usable part of a filter; the filter itself still decides every match. */
export interface FilterConstraints {
  readonly fields: ReadonlyMap<string, FieldConstraint>;
  /** Every condition of the filter is an exact field constraint (a range count is then the answer). */
  readonly exact: boolean;
  /** Regexes of literal alternatives every match must meet, by field (what a substring index narrows). */
  readonly literalSearches: ReadonlyMap<string, readonly (readonly string[])[]>;
}

const RANGE_OPERATORS = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * Reads the equality, $in and range conditions on top-level fields (also inside a top-level
 * $and). Anything else ($or, $regex, $ne, …) is left to the filter and only clears `exact`.
 */
export function constraintsOf(filter: Filter): FilterConstraints {
  const fields = new Map<string, FieldConstraint>();
  let exact = true;
  const visit = (part: Filter): void => {
    for (const [key, condition] of Object.entries(part)) {
      if (key === '$and' && Array.isArray(condition)) {
        exact = false;
        for (const clause of condition) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$')) {
        exact = false;
        continue;
      }
      const constraint = constraintOf(condition);
      const known = fields.get(key);
      if (constraint === undefined) exact = false;
      else if (known === undefined) fields.set(key, constraint);
      else fields.set(key, merged(known, constraint));
      if (known !== undefined || constraint?.exact !== true) exact = false;
    }
  };
  visit(filter);
  return { fields, exact, literalSearches: literalSearchesOf(filter) };
}

/** What one field's condition says that an index can seek to, or undefined when nothing. */
export function constraintOf(condition: unknown): FieldConstraint | undefined {
  if (isIndexableScalar(condition)) return { equals: [condition], exact: true };
  if (!isPlainObject(condition)) return undefined;
  const operators = Object.keys(condition);
  if (operators.length === 0 || !operators.every((op) => op.startsWith('$'))) return undefined;
  let equals: unknown[] | undefined;
  let lower: RangeBound | undefined;
  let upper: RangeBound | undefined;
  let exact = true;
  for (const op of operators) {
    const operand = condition[op];
    if (op === '$eq' && isIndexableScalar(operand)) equals = [operand];
    else if (op === '$in' && Array.isArray(operand) && operand.every(isIndexableScalar)) equals = distinctSorted(operand);
    else if (RANGE_OPERATORS.has(op) && isIndexableScalar(operand) && operand !== null) {
      const bound = { value: operand, inclusive: op.endsWith('e') };
      if (op.startsWith('$g')) lower ??= bound;
      else upper ??= bound;
    } else exact = false;
  }
  if (equals === undefined && lower === undefined && upper === undefined) return undefined;
  if (equals !== undefined && (lower !== undefined || upper !== undefined)) exact = false;
  if (operators.length > (equals !== undefined ? 1 : 0) + (lower ? 1 : 0) + (upper ? 1 : 0)) exact = false;
  // A one-sided range on a string matches strings alone (type bracketing): the other side is the
  // end of the strings, so the index range holds exactly the matches (a count reads two ranks).
  if (equals === undefined && typeof lower?.value === 'string' && upper === undefined) upper = STRINGS_END;
  if (equals === undefined && typeof upper?.value === 'string' && lower === undefined) lower = STRINGS_START;
  if (equals === undefined && (lower === undefined || upper === undefined || !withinOneBracket(lower, upper))) exact = false;
  return { equals, lower, upper, exact };
}

/** The first string (inclusive) and the first value after every string, the smallest object (exclusive). */
const STRINGS_START: RangeBound = { value: '', inclusive: true };
const STRINGS_END: RangeBound = { value: {}, inclusive: false };

const withinOneBracket = (lower: RangeBound, upper: RangeBound): boolean =>
  sameTypeBracket(lower.value, upper.value) || (typeof lower.value === 'string' && upper === STRINGS_END) || (lower === STRINGS_START && typeof upper.value === 'string');

/** The first bound a filter states, before a bound only implied by type bracketing. */
const stated = (a: RangeBound | undefined, b: RangeBound | undefined): RangeBound | undefined =>
  a === undefined || a === STRINGS_START || a === STRINGS_END ? b ?? a : a;

/** Both constraints hold; either one alone still narrows, so the first of each kind is kept. */
function merged(first: FieldConstraint, second: FieldConstraint): FieldConstraint {
  return {
    equals: first.equals ?? second.equals,
    lower: stated(first.lower, second.lower),
    upper: stated(first.upper, second.upper),
    exact: false,
  };
}

function distinctSorted(values: readonly unknown[]): unknown[] {
  const sorted = [...values].sort(compareBson);
  return sorted.filter((v, i) => i === 0 || compareBson(sorted[i - 1], v) !== 0);
}
