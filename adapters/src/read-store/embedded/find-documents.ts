import type { Document, Filter, FindOptions } from '@support/domain';
import type { DocumentTable } from './document-table';
import { constraintsOf } from './filter-constraints';
import { matcherOf, soleId } from './filter-matcher';
import { compileProjection } from './projection';
import { candidateBatches, candidatesAreMatchesInOrder, planQuery } from './query-plan';
import { PAUSE, ScanStep, withoutPauses } from './scan-pause';
import { sortDocuments, sortKeysOf, sortWithinRuns } from './sort-order';
import { substringCount } from './substring-count';
import { badValue } from './store-operation-error';

/**
 * The stored documents matching a filter, in sort order, past the first `skip`, of which the
 * caller takes at most `need - skip` (`need` Infinity for all), with a pause after each batch of
 * candidates tested (see scan-pause). When an index range holds exactly the matches in sort order,
 * the skipped ones are passed by rank and none is tested (page N of a list costs one page, not N).
 * Nothing is copied: these are the table's own (never mutated) documents, produced lazily.
 */
export function* scanMatching(
  table: DocumentTable, filter: Filter, options: { readonly sort?: FindOptions['sort']; readonly need: number; readonly skip?: number },
): Generator<ScanStep<Document>> {
  const keys = sortKeysOf(options.sort);
  const plan = planQuery(table, constraintsOf(filter), keys, options.need);
  const skip = options.skip ?? 0;
  if (candidatesAreMatchesInOrder(plan, keys.length)) {
    for (const batch of candidateBatches(table, plan, skip)) {
      yield* batch;
      yield PAUSE;
    }
    return;
  }
  const matches = matcherOf(filter);
  const batches = candidateBatches(table, plan);
  const matching = (function* (): Generator<ScanStep<Document>> {
    for (const batch of batches) {
      for (const doc of batch) if (matches(doc)) yield doc;
      yield PAUSE;
    }
  })();
  const ordered = plan.orderedKeys >= keys.length ? matching : plan.orderedKeys > 0 ? sortWithinRuns(matching, keys, plan.orderedKeys) : sortDocuments(matching, keys, options.need);
  if (skip === 0) {
    yield* ordered;
    return;
  }
  let skipped = 0;
  for (const step of ordered) {
    if (step !== PAUSE && skipped < skip) skipped++;
    else yield step;
  }
}

/** The matching documents without pauses (a synchronous reader: writes). */
export const matchingDocuments = (table: DocumentTable, filter: Filter, options: { readonly sort?: FindOptions['sort']; readonly need: number }): Generator<Document> =>
  withoutPauses(scanMatching(table, filter, options));

/**
 * How many documents match, counting index ranges alone when they say it exactly; otherwise by
 * testing the candidates, with a pause after each batch. The count is the generator's return value.
 */
export function* countMatching(table: DocumentTable, filter: Filter): Generator<typeof PAUSE, number> {
  if (Object.keys(filter).length === 0) return table.byId.size;
  const bySubstrings = yield* substringCount(table, filter);
  if (bySubstrings !== undefined) return bySubstrings;
  const plan = planQuery(table, constraintsOf(filter), [], Number.POSITIVE_INFINITY);
  if (plan.kind === 'index' && plan.exact) return plan.scanSize;
  const matches = matcherOf(filter);
  let count = 0;
  for (const batch of candidateBatches(table, plan)) {
    for (const doc of batch) if (matches(doc)) count++;
    yield PAUSE;
  }
  return count;
}

function countOption(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isInteger(value)) throw badValue(`${name} must be an integer`);
  return value;
}

function skipOf(options: FindOptions): number {
  const skip = countOption('skip', options.skip);
  if (skip < 0) throw badValue('skip must be a non-negative number');
  return skip;
}

/** How a find hands out each document: stored documents are never mutated, so a caller that only reads may have them (or their projected fields) without a copy. */
function projectorOf(options: FindOptions): (doc: Document) => Document {
  const readOnly = options.readOnly === true;
  return readOnly && options.projection === undefined ? (doc: Document) => doc : compileProjection(options.projection, readOnly);
}

/**
 * A find of `{ _id }` alone (the projections' reads of the document an event is about, and of the
 * ticket customer they denormalize): one get, no plan, no scan; its options checked as any find's.
 */
export function findById(table: DocumentTable, id: string, options: FindOptions = {}): Document | undefined {
  const skip = skipOf(options);
  const project = projectorOf(options);
  if (options.sort !== undefined) sortKeysOf(options.sort);
  const doc = table.byId.get(id);
  return doc !== undefined && skip === 0 ? project(doc) : undefined;
}

/** The documents a find returns: sorted, skipped, limited, projected and copied (with the scan's pauses). */
export function* findDocuments(table: DocumentTable, filter: Filter, options: FindOptions = {}): Generator<ScanStep<Document>> {
  const limit = Math.abs(countOption('limit', options.limit));
  const id = soleId(filter);
  if (id !== undefined) {
    const doc = findById(table, id, options);
    if (doc !== undefined) yield doc;
    return;
  }
  const skip = skipOf(options);
  const project = projectorOf(options);
  const need = limit === 0 ? Number.POSITIVE_INFINITY : skip + limit;
  let position = skip;
  for (const doc of scanMatching(table, filter, { sort: options.sort, need, skip })) {
    if (doc === PAUSE) {
      yield PAUSE;
      continue;
    }
    yield project(doc);
    if (++position >= need) return;
  }
}
