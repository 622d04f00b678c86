import type { Document } from '@support/domain';
import { compareBson } from './bson-order';
import type { IndexEntry as Entry } from './secondary-index';

/**
 * The documents of a table in `_id` order, as ranks, made once when an index build first asks
 * and shared by every index built from the same documents.
 */
export class IdRanks {
  private ranks: Map<string, number> | null = null;

  constructor(private readonly docs: readonly Document[]) {}

  /** The rank of each `_id` in ascending order. */
  get byId(): ReadonlyMap<string, number> {
    if (this.ranks === null) {
      const ids = this.docs.map((doc) => doc._id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.ranks = new Map(ids.map((id, rank) => [id, rank]));
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
 * `prefixLength`: the key fields before `_id` (all of them when the key has no `_id` field).
 * Answers null, leaving the entries as they were, as soon as a prefix more than MOST_GROUPS is met
 * (the caller then sorts them).
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
  // In _id order: every document has one rank and one entry.
  const rankOf = ranks.byId;
  const byRank = new Int32Array(rankOf.size).fill(-1);
  for (let i = 0; i < n; i++) {
    const rank = rankOf.get(entries[i][idAt] as string);
    if (rank === undefined || byRank[rank] !== -1) return null;
    byRank[rank] = i;
  }
  const groups: Entry[][] = heads.map(() => []);
  const first = idDirection === 1 ? 0 : byRank.length - 1;
  for (let r = first; r >= 0 && r < byRank.length; r += idDirection) {
    const i = byRank[r];
    if (i >= 0) groups[groupOf[i]].push(entries[i]);
  }
  // Groups differ in their prefixes, so their first entries compare as the prefixes do.
  groups.sort((a, b) => compare(a[0], b[0]));
  const sorted: Entry[] = new Array(n);
  let k = 0;
  for (const group of groups) for (const entry of group) sorted[k++] = entry;
  return sorted;
}
