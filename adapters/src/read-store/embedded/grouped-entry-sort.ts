import type { Document } from '@support/domain';
import { compareBson } from './bson-order';
import type { IndexEntry as Entry } from './secondary-index';

/**
 * The documents of a table in `_id` order, as each one's rank by its place among them, made once when
 * an index build first asks and shared by every index built from the same documents. By place, not
 * by `_id`: a map of 100,000 ids cost more to make than the sort (and a lookup per entry per index).
 */
export class IdRanks {
  private ranks: Int32Array | null = null;

  constructor(private readonly docs: readonly Document[]) {}

  get size(): number {
    return this.docs.length;
  }

  idOf(place: number): string {
    return this.docs[place]._id;
  }

  /** The rank in ascending `_id` order of the document at each place. */
  get byPlace(): Int32Array {
    if (this.ranks === null) {
      const ids = this.docs.map((doc) => doc._id);
      const order = Array.from(ids.keys()).sort((a, b) => (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
      const ranks = new Int32Array(ids.length);
      for (let rank = 0; rank < order.length; rank++) ranks[order[rank]] = rank;
      this.ranks = ranks;
    }
    return this.ranks;
  }
}

/** Past this many distinct key prefixes, grouping would cost more than it spares (and stops at once). */
const MOST_GROUPS = 32;

/**
 * Sorts the entries of an index built from scratch, one entry per document, when they share a few
 * key prefixes: a timestamp no ticket has yet (resolvedAt, assignedAt), a source. Such entries
 * differ only by `_id`, and a comparator sort spends nearly all its comparisons telling `_id`s
 * apart (reading two random strings each time). Here the entries are put in `_id` order first (by
 * the ranks, no comparison), dealt into one group per prefix in that order, and only the groups
 * are sorted. The order is the comparator's: within a prefix, entries follow the `_id`, in the
 * direction of the key's `_id` field when it has one (ascending otherwise, the entries' own
 * tie-break); fields after `_id` cannot tell apart two entries of distinct documents.
 *
 * `entries[i]` is the one entry of the document at place i of `ranks`' documents. `prefixLength`:
 * the key fields before `_id` (all of them when the key has no `_id` field). Answers null, leaving
 * the entries as they were, as soon as a prefix more than MOST_GROUPS is met, or when the entries
 * are not the documents' in their order (the caller then sorts them).
 */
export function groupedEntrySort(
  entries: readonly Entry[],
  idAt: number,
  prefixLength: number,
  idDirection: 1 | -1,
  ranks: IdRanks,
  compare: (a: Entry, b: Entry) => number,
): Entry[] | null {
  const n = entries.length;
  // The group of each entry: the first entry of each group stands for its prefix.
  const heads: Entry[] = [];
  const groupOf = new Uint8Array(n);
  const samePrefix = (a: Entry, b: Entry): boolean => {
    for (let f = 0; f < prefixLength; f++) if (a[f] !== b[f] && compareBson(a[f], b[f]) !== 0) return false;
    return true;
  };
  let last = 0;
  for (let i = 0; i < n; i++) {
    const entry = entries[i];
    let g = last < heads.length && samePrefix(heads[last], entry) ? last : -1;
    for (let h = 0; g < 0 && h < heads.length; h++) if (h !== last && samePrefix(heads[h], entry)) g = h;
    if (g < 0) {
      if (heads.length === MOST_GROUPS) return null;
      g = heads.length;
      heads.push(entry);
    }
    groupOf[i] = g;
    last = g;
  }
  // In _id order: entry i is the one entry of the document at place i, so it takes that document's rank.
  if (n !== ranks.size) return null;
  for (let i = 0; i < n; i++) if (entries[i][idAt] !== ranks.idOf(i)) return null;
  const rankOf = ranks.byPlace;
  const byRank = new Int32Array(n);
  for (let i = 0; i < n; i++) byRank[rankOf[i]] = i;
  const groups: Entry[][] = heads.map(() => []);
  const first = idDirection === 1 ? 0 : byRank.length - 1;
  for (let r = first; r >= 0 && r < byRank.length; r += idDirection) {
    const i = byRank[r];
    groups[groupOf[i]].push(entries[i]);
  }
  // Groups differ in their prefixes, so their first entries compare as the prefixes do.
  groups.sort((a, b) => compare(a[0], b[0]));
  const sorted: Entry[] = new Array(n);
  let k = 0;
  for (const group of groups) for (const entry of group) sorted[k++] = entry;
  return sorted;
}
