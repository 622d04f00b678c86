import type { Document } from '@support/domain';
import type { DocumentTable } from './document-table';
import type { FieldConstraint, FilterConstraints } from './filter-constraints';
import type { KeyBound, KeyRange, SecondaryIndex } from './secondary-index';
import type { SortKey } from './sort-order';

/**
 * Where the candidate documents of a query come from. The filter still tests every candidate:
 * a plan only narrows (it yields a superset of the matches) and may give them in sort order.
 */
export type QueryPlan =
  | { readonly kind: 'ids'; readonly ids: readonly string[]; readonly scanSize: number; readonly orderedKeys: 0 }
  | SubstringPlan
  | { readonly kind: 'collection'; readonly scanSize: number; readonly orderedKeys: 0 }
  | IndexPlan;

/** Candidates of a substring index, read only when the plan is chosen; scanSize is their most. */
export interface SubstringPlan {
  readonly kind: 'substring';
  readonly candidates: () => readonly string[];
  readonly scanSize: number;
  readonly orderedKeys: 0;
}

export interface IndexPlan {
  readonly kind: 'index';
  readonly index: SecondaryIndex;
  readonly ranges: readonly KeyRange[];
  readonly descending: boolean;
  /** How many leading sort keys the scan order already satisfies. */
  readonly orderedKeys: number;
  /** Entries in the ranges (an upper bound of the matches). */
  readonly scanSize: number;
  /** The ranges hold exactly the matching documents, once each: a count needs no filter. */
  readonly exact: boolean;
}

/** Most seeks one plan makes for $in lists on several index fields. */
const MAX_RANGES = 512;

/**
 * Picks the cheapest plan: look up by `_id`, scan ranges of one declared index, or scan the
 * collection. A scan costs one filter test per entry; an index that gives the sort order can
 * stop after `need` matches, while any other plan tests every candidate and sorts the matches.
 */
export function planQuery(table: DocumentTable, constraints: FilterConstraints, sort: readonly SortKey[], need: number): QueryPlan {
  const byId = constraints.fields.get('_id')?.equals;
  if (byId !== undefined) {
    const ids = byId.filter((v): v is string => typeof v === 'string');
    return { kind: 'ids', ids, scanSize: ids.length, orderedKeys: 0 };
  }
  const plans: Candidate[] = [{ kind: 'collection', scanSize: table.byId.size, orderedKeys: 0 }];
  const counts: RangeCounts = new Map();
  let matchesAtMost = table.byId.size;
  const consider = (plan: Candidate | undefined): void => {
    if (plan === undefined) return;
    plans.push(plan);
    matchesAtMost = Math.min(matchesAtMost, plan.scanSize);
  };
  for (const index of table.indexes) consider(indexPlan(index, constraints, sort, counts));
  consider(substringPlan(table, constraints));
  matchesAtMost = Math.max(1, matchesAtMost);
  const cost = (plan: Candidate): number => {
    // An empty range costs nothing (and Infinity * 0 would make the cost NaN, losing to a full scan).
    if (plan.scanSize === 0) return 0;
    const fullyOrdered = plan.orderedKeys >= sort.length;
    const scanned = fullyOrdered || plan.orderedKeys > 0 ? Math.min(plan.scanSize, (need * plan.scanSize) / matchesAtMost) : plan.scanSize;
    const sorting = fullyOrdered ? 0 : plan.orderedKeys > 0 ? scanned * 0.2 : matchesAtMost * Math.log2(Math.min(need, matchesAtMost) + 1) * 0.05;
    return scanned + sorting;
  };
  let best = plans[0];
  let bestCost = cost(best);
  // On a tie: the plan that gives more of the sort order, then an exact index (a count needs no filter).
  const exact = (p: Candidate) => (p.kind === 'index' && p.exact ? 1 : 0);
  for (let i = 1; i < plans.length; i++) {
    const plan = plans[i];
    const c = cost(plan);
    if (c < bestCost || (c === bestCost && (plan.orderedKeys > best.orderedKeys || (plan.orderedKeys === best.orderedKeys && exact(plan) > exact(best))))) {
      best = plan;
      bestCost = c;
    }
  }
  return best.kind === 'index' ? withRanges(best) : best;
}

/**
 * An index plan while plans are weighed: its ranges are made when they are counted (a count not
 * known yet) or when the plan is chosen, so weighing a dozen indexes that start with the same
 * field costs a lookup each, not a set of ranges each (a list plans its find and its count).
 */
interface IndexCandidate extends Omit<IndexPlan, 'ranges'> {
  readonly ranges: readonly KeyRange[] | null;
  readonly prefix: readonly (readonly unknown[])[];
  readonly ranged: FieldConstraint | undefined;
}

type Candidate = Exclude<QueryPlan, IndexPlan> | IndexCandidate;

const withRanges = (c: IndexCandidate): IndexPlan => ({
  kind: 'index', index: c.index, ranges: c.ranges ?? rangesOf(c.index, c.prefix, c.ranged), descending: c.descending,
  orderedKeys: c.orderedKeys, scanSize: c.scanSize, exact: c.exact,
});

const rangesOf = (index: SecondaryIndex, prefix: readonly (readonly unknown[])[], ranged: FieldConstraint | undefined): KeyRange[] =>
  cartesian(prefix).map((values) => rangeOf(index, values, ranged));

/**
 * The candidates a substring index gives for the literal searches of the filter (the search with
 * the fewest at most, when there are several): every document containing a searched literal is
 * among them. Weighed by how many they are at most (gram lists intersected); their ids are made
 * only if the plan is chosen.
 */
function substringPlan(table: DocumentTable, constraints: FilterConstraints): SubstringPlan | undefined {
  let best: SubstringPlan | undefined;
  for (const index of table.substringIndexes) {
    if (!index.ready) continue;
    for (const literals of constraints.literalSearches.get(index.field) ?? []) {
      const found = index.lookup(literals);
      if (found !== undefined && (best === undefined || found.most < best.scanSize)) {
        best = { kind: 'substring', candidates: found.ids, scanSize: found.most, orderedKeys: 0 };
      }
    }
  }
  return best;
}

/**
 * Entries counted in the ranges of one query, by the fields the ranges constrain. Every document has
 * exactly one entry in an index that is not multikey, so two such indexes whose ranges pin the same
 * leading fields (the query's values) hold the same number of entries there: the account's tickets
 * are counted once, not once per index that starts with `accountId`.
 */
type RangeCounts = Map<string, number>;

function indexPlan(index: SecondaryIndex, constraints: FilterConstraints, sort: readonly SortKey[], counts: RangeCounts): IndexCandidate | undefined {
  const prefix: (readonly unknown[])[] = [];
  let combinations = 1;
  let ranged: { readonly at: number; readonly constraint: FieldConstraint } | undefined;
  const used: FieldConstraint[] = [];
  for (let i = 0; i < index.fields.length; i++) {
    const field = index.fields[i];
    const constraint = constraints.fields.get(field.name);
    if (constraint === undefined) break;
    if (constraint.equals !== undefined && combinations * constraint.equals.length <= MAX_RANGES) {
      const values = field.direction === 1 ? constraint.equals : [...constraint.equals].reverse();
      prefix.push(values);
      combinations *= values.length;
      used.push(constraint);
      continue;
    }
    if (constraint.equals === undefined && (constraint.lower !== undefined || constraint.upper !== undefined)) {
      ranged = { at: i, constraint };
      used.push(constraint);
    }
    break;
  }
  const order = sortOrderFrom(index, prefix, sort);
  if (used.length === 0 && order.keys === 0) return undefined;
  const countKey = index.multikey ? undefined : `${index.prefixNames[prefix.length]}\u0001${ranged === undefined ? '' : index.fields[ranged.at].name}`;
  const known = countKey === undefined ? undefined : counts.get(countKey);
  let ranges: KeyRange[] | null = null;
  let scanSize = known ?? 0;
  if (known === undefined) {
    ranges = rangesOf(index, prefix, ranged?.constraint);
    for (const range of ranges) scanSize += index.count(range);
    if (countKey !== undefined) counts.set(countKey, scanSize);
  }
  const exact = constraints.exact && !index.multikey && used.length === constraints.fields.size && used.every((c) => c.exact);
  return {
    kind: 'index', index, ranges, prefix, ranged: ranged?.constraint, descending: order.descending, orderedKeys: order.keys, scanSize, exact,
  };
}

/** The range of entries with the given leading values and, optionally, the next field in bounds. */
function rangeOf(index: SecondaryIndex, values: readonly unknown[], range: FieldConstraint | undefined): KeyRange {
  const whole: KeyRange = { start: { prefix: values, after: false }, end: { prefix: values, after: true } };
  if (range === undefined) return whole;
  const ascending = index.fields[values.length].direction === 1;
  const first = ascending ? range.lower : range.upper;
  const last = ascending ? range.upper : range.lower;
  const start: KeyBound = first === undefined ? whole.start : { prefix: [...values, first.value], after: !first.inclusive };
  const end: KeyBound = last === undefined ? whole.end : { prefix: [...values, last.value], after: last.inclusive };
  return { start, end };
}

/**
 * How many leading sort keys a scan of this index yields in order, and in which direction:
 * index fields pinned to one value are skipped, the others must follow the sort keys with the
 * same (or all reversed) directions. A multikey index gives no order (arrays sort by min/max).
 */
function sortOrderFrom(index: SecondaryIndex, prefix: readonly (readonly unknown[])[], sort: readonly SortKey[]): { keys: number; descending: boolean } {
  if (index.multikey) return { keys: 0, descending: false };
  let keys = 0;
  let relation: 1 | -1 | undefined;
  for (let i = 0; i < index.fields.length && keys < sort.length; i++) {
    const field = index.fields[i];
    const key = sort[keys];
    if (field.name === key.name) {
      const r = field.direction === key.direction ? 1 : -1;
      relation ??= r;
      if (r !== relation) break;
      keys++;
      continue;
    }
    if (i < prefix.length && prefix[i].length === 1) continue;
    break;
  }
  return { keys, descending: relation === -1 };
}

function cartesian(lists: readonly (readonly unknown[])[]): unknown[][] {
  // The common case: one value per field (accountId, then a status or a customer): one combination.
  if (lists.every((list) => list.length === 1)) return [lists.map((list) => list[0])];
  let combos: unknown[][] = [[]];
  for (const list of lists) combos = combos.flatMap((combo) => list.map((value) => [...combo, value]));
  return combos;
}

const BATCH = 1024;

/**
 * Whether the plan's candidates are exactly the matching documents in the wanted order (an exact
 * index plan over one range, ordered on every sort key): their first ones can then be skipped by
 * rank and none needs the filter.
 */
export const candidatesAreMatchesInOrder = (plan: QueryPlan, sortKeys: number): boolean =>
  plan.kind === 'index' && plan.exact && plan.ranges.length === 1 && plan.orderedKeys >= sortKeys;

/**
 * The candidates of a plan, in the plan's order, in batches (one generator step per batch
 * keeps a scan of a whole account cheap). Each batch is read when asked for, so writes
 * between batches are seen by the batches after them. `skip` (an index plan over one range
 * only) passes the first candidates by rank.
 */
export function* candidateBatches(table: DocumentTable, plan: QueryPlan, skip = 0): Generator<readonly Document[]> {
  if (skip > 0 && (plan.kind !== 'index' || plan.ranges.length !== 1)) throw new Error('candidates are skipped by rank on one index range only');
  switch (plan.kind) {
    case 'ids':
    case 'substring': {
      const ids = plan.kind === 'ids' ? plan.ids : plan.candidates();
      for (let from = 0; from === 0 || from < ids.length; from += BATCH) {
        const docs: Document[] = [];
        for (let i = from; i < Math.min(ids.length, from + BATCH); i++) {
          const doc = table.byId.get(ids[i]);
          if (doc !== undefined) docs.push(doc);
        }
        yield docs;
      }
      return;
    }
    case 'collection': {
      let batch: Document[] = [];
      for (const doc of table.byId.values()) {
        batch.push(doc);
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
      return;
    }
    case 'index': {
      const seen = plan.index.multikey ? new Set<string>() : undefined;
      const ranges = plan.descending ? [...plan.ranges].reverse() : plan.ranges;
      for (const range of ranges) {
        for (const ids of plan.index.scan(range, plan.descending, skip)) {
          const docs: Document[] = [];
          for (const id of ids) {
            if (seen !== undefined) {
              if (seen.has(id)) continue;
              seen.add(id);
            }
            const doc = table.byId.get(id);
            if (doc !== undefined) docs.push(doc);
          }
          yield docs;
        }
      }
    }
  }
}
