import type { Document, IndexSpec } from '@support/domain';
import { compareBson } from './bson-order';
import { FieldPath, splitPath, valuesAtPath } from './field-path';
import { SortedList } from './sorted-list';
import { EntryOrder } from './entry-order';
import { groupedEntrySort, IdRanks } from './grouped-entry-sort';
import { KeyGroups } from './key-groups';

export interface IndexField {
  readonly name: string;
  readonly path: FieldPath;
  readonly direction: 1 | -1;
}

/**
 * One key of one document: the key's values followed by the document's `_id`, in one array
 * (an index holds an entry per document, or per array element, so entries are kept small).
 */
export type IndexEntry = readonly unknown[];

/** The keys a document has in an index. */
export interface DocumentKeys {
  readonly id: string;
  readonly keys: readonly (readonly unknown[])[];
  readonly throughArray: boolean;
}

/**
 * A position between entries: just before (after = false) or just after (after = true) every
 * entry whose leading key values equal `prefix`.
 */
export interface KeyBound {
  readonly prefix: readonly unknown[];
  readonly after: boolean;
}

/** The entries from `start` up to `end`, in index order. */
export interface KeyRange {
  readonly start: KeyBound;
  readonly end: KeyBound;
}

/**
 * A declared index over one or more fields, kept as a sorted list of (key, document) entries:
 * ranges of it are counted by rank and scanned in either direction, and a unique index finds a
 * clashing document with one seek.
 */
export class SecondaryIndex {
  readonly fields: readonly IndexField[];
  /** The names of the first n fields joined by NUL, by n (0 to every field): what a planner keys the count of a prefix's range by. */
  readonly prefixNames: readonly string[];
  private readonly entries: SortedList<IndexEntry>;
  private docsThroughArrays = 0;
  /** The field names when every indexed field is top-level (keys are then read without walking paths). */
  private readonly topLevelNames: readonly string[] | null;
  /** The entries grouped by exact key instead of sorted, while a replay keeps this index (see groupByKey); null when sorted. */
  private grouped: KeyGroups | null = null;

  constructor(
    readonly name: string,
    readonly keyPattern: Readonly<Record<string, 1 | -1>>,
    readonly unique: boolean,
  ) {
    this.fields = Object.entries(keyPattern).map(([field, direction]) => ({ name: field, path: splitPath(field), direction }));
    this.topLevelNames = this.fields.every((f) => f.path.length === 1) ? this.fields.map((f) => f.name) : null;
    this.prefixNames = Array.from({ length: this.fields.length + 1 }, (_, n) => this.fields.slice(0, n).map((f) => f.name).join('\u0000'));
    this.entries = new SortedList((a, b) => this.compareEntries(a, b));
  }

  /** The declaration this index was made from. */
  get spec(): IndexSpec {
    return { key: this.keyPattern, name: this.name, ...(this.unique ? { unique: true } : {}) };
  }

  /** Whether some document has an array on an indexed path (entries may repeat a document). */
  get multikey(): boolean {
    return this.docsThroughArrays > 0;
  }

  get size(): number {
    return this.grouped === null ? this.entries.size : this.grouped.size;
  }

  clear(): void {
    this.grouped = null;
    this.entries.clear();
    this.docsThroughArrays = 0;
  }

  /**
   * Holds the entries grouped by exact key, unsorted, until `load` (or a read that needs their
   * order sorts them): what a replay keeps of an index its projection reads by whole keys, at one
   * hash lookup a write. Reads of one whole key are answered from the groups. A unique index, or
   * one holding a key that cannot be grouped (a value neither a string nor null), stays sorted.
   */
  groupByKey(): void {
    if (this.unique || this.grouped !== null) return;
    const groups = new KeyGroups(this.fields.length);
    const n = this.fields.length;
    for (const entry of this.entries.slice(0, this.entries.size)) if (!groups.add(entry.slice(0, n), entry[n] as string)) return;
    this.entries.clear();
    this.grouped = groups;
  }

  /** Whether the entries are grouped by key rather than sorted (groupByKey). */
  get isGrouped(): boolean {
    return this.grouped !== null;
  }

  /** Sorts grouped entries back into the list: a read needs their order, or a key came that cannot be grouped. */
  private sortGroups(): void {
    const groups = this.grouped;
    if (groups === null) return;
    this.grouped = null;
    this.entries.fill(groups.allEntries().sort((a, b) => this.compareEntries(a, b)));
  }

  /**
   * The ids of one whole key in index order when the entries are grouped and `range` is exactly that
   * key's entries (what a read of a customer's tickets asks); else undefined, the entries sorted first
   * if they were grouped.
   */
  private groupOf(range: KeyRange): string[] | undefined {
    const groups = this.grouped;
    if (groups === null) return undefined;
    const { start, end } = range;
    if (start.prefix.length === this.fields.length && !start.after && end.after && KeyGroups.sameKey(start.prefix, end.prefix)) {
      const ids = groups.idsOf(start.prefix);
      if (ids !== null) return ids;
    }
    this.sortGroups();
    return undefined;
  }

  add(doc: Document): void {
    this.addKeys(this.keysOf(doc));
  }

  remove(doc: Document): void {
    this.removeKeys(this.keysOf(doc));
  }

  /** The entries as they are now, read as `_id`s in index order: what a snapshot keeps of the index (captured at once, without copying the entries). */
  entryOrder(): EntryOrder {
    this.sortGroups();
    return new EntryOrder(this.entries.freeze(), this.fields.length);
  }

  /**
   * Builds the index over `docs` from a stored entry order (entryOrder) without sorting: the order
   * is checked with one comparison per entry, and sorted afresh when it does not hold (or is absent).
   * The documents in `unordered` (written since the order was stored) are left out of it: their
   * entries are sorted on their own and merged in. `ranks`: the documents' `_id` order, when the
   * caller has it for several indexes built from the same documents (see groupedEntrySort).
   */
  load(docs: readonly Document[], order: readonly number[] | null, unordered: readonly number[] = [], ranks?: IdRanks): void {
    this.grouped = null;
    this.docsThroughArrays = 0;
    const entries = order === null ? null : this.entriesInOrder(docs, order, unordered);
    if (entries !== null) {
      this.entries.fill(unordered.length === 0 ? entries : mergeSorted(entries, this.sortedEntriesOf(unordered.map((o) => docs[o])), (a, b) => this.compareEntries(a, b)));
      return;
    }
    this.docsThroughArrays = 0;
    this.entries.fill(this.sortedEntriesOf(docs, ranks));
  }

  /** Every entry of `docs`, sorted (counting the documents with arrays). */
  private sortedEntriesOf(docs: readonly Document[], ranks?: IdRanks): IndexEntry[] {
    const all: IndexEntry[] = [];
    const names = this.topLevelNames;
    for (const doc of docs) {
      const plain = this.plainEntryOf(doc);
      if (plain !== undefined) {
        all.push(plain);
        continue;
      }
      const entries = names === null ? null : stringArrayKeys(doc, names, doc._id);
      if (entries !== null) {
        this.docsThroughArrays++;
        for (const entry of entries) all.push(entry);
        continue;
      }
      const found = this.keysOf(doc);
      if (found.throughArray) this.docsThroughArrays++;
      for (const key of found.keys) all.push(key.concat(doc._id));
    }
    const compare = (a: IndexEntry, b: IndexEntry): number => this.compareEntries(a, b);
    if (ranks !== undefined && this.docsThroughArrays === 0 && all.length === docs.length) {
      const idField = this.fields.findIndex((f) => f.name === '_id');
      const prefixLength = idField < 0 ? this.fields.length : idField;
      const grouped = groupedEntrySort(all, this.fields.length, prefixLength, idField < 0 ? 1 : this.fields[idField].direction, ranks, compare);
      if (grouped !== null) return grouped;
    }
    return all.sort(compare);
  }

  /**
   * The entries of `docs` in the stored order, or null when the order does not hold (checked with
   * one comparison per entry) or does not cover every key of every document exactly once. A
   * document with one key (the usual case) is read straight; a multikey document's keys are
   * handed out in their own order as the stored order meets it again.
   */
  private entriesInOrder(docs: readonly Document[], order: readonly number[], unordered: readonly number[] = []): IndexEntry[] | null {
    const entries: IndexEntry[] = new Array(order.length);
    const pending = new Map<number, IndexEntry[]>();
    const seen = new Uint8Array(docs.length);
    // The unordered documents count as seen: met again in the order, they make it not hold.
    for (const ordinal of unordered) {
      if (!(ordinal >= 0 && ordinal < docs.length) || seen[ordinal] !== 0) return null;
      seen[ordinal] = 2;
    }
    let previous: IndexEntry | undefined;
    for (let i = 0; i < order.length; i++) {
      const ordinal = order[i];
      if (!(ordinal >= 0 && ordinal < docs.length)) return null;
      if (seen[ordinal] === 2) return null;
      let next: IndexEntry | undefined;
      if (seen[ordinal] === 0) {
        seen[ordinal] = 1;
        next = this.firstEntryOf(docs[ordinal], ordinal, pending);
      } else {
        next = pending.get(ordinal)?.shift();
      }
      if (next === undefined || (previous !== undefined && this.compareEntries(previous, next) > 0)) return null;
      entries[i] = next;
      previous = next;
    }
    for (let ordinal = 0; ordinal < docs.length; ordinal++) if (seen[ordinal] === 0) return null;
    for (const rest of pending.values()) if (rest.length > 0) return null;
    return entries;
  }

  /** A document's first entry in index order; the rest, when it has more (multikey), wait in `pending` for the order to meet them. */
  private firstEntryOf(doc: Document, ordinal: number, pending: Map<number, IndexEntry[]>): IndexEntry | undefined {
    const plain = this.plainEntryOf(doc);
    if (plain !== undefined) return plain;
    const found = this.keysOf(doc);
    if (found.throughArray) this.docsThroughArrays++;
    if (found.keys.length === 1) return found.keys[0].concat(doc._id);
    const keys = found.keys.map((key) => key.concat(doc._id)).sort((a, b) => this.compareEntries(a, b));
    pending.set(ordinal, keys);
    return keys.shift();
  }

  /** Moves a document's entries from its `before` keys to its `after` keys. */
  move(before: DocumentKeys, after: DocumentKeys): void {
    this.removeKeys(before);
    this.addKeys(after);
  }

  /** For a unique index: the key of `doc` that another document (other `_id`) already holds. */
  clashOf(doc: Document): Record<string, unknown> | undefined {
    return this.clashOfKeys(this.keysOf(doc));
  }

  clashOfKeys(keys: DocumentKeys): Record<string, unknown> | undefined {
    if (!this.unique) return undefined;
    for (const key of keys.keys) {
      const from = this.rankOf({ prefix: key, after: false });
      const to = this.rankOf({ prefix: key, after: true });
      // A document holds a key once, so among the first two holders one is another document, if any.
      if (this.entries.slice(from, Math.min(to, from + 2)).some((entry) => this.idOf(entry) !== keys.id)) {
        return Object.fromEntries(this.fields.map((f, i) => [f.name, key[i]]));
      }
    }
    return undefined;
  }

  /** The one entry of a document whose indexed fields are top-level and none an array (keysOf's common case, without its allocations); else undefined. */
  private plainEntryOf(doc: Document): IndexEntry | undefined {
    return this.plainKeyOf(doc, true);
  }

  /**
   * The one key of a document whose indexed fields are all top-level and none an array, read
   * directly (the common case); `withId` adds the document's id at its end (an entry). Else undefined.
   */
  private plainKeyOf(doc: Document, withId: boolean): unknown[] | undefined {
    const names = this.topLevelNames;
    if (names === null) return undefined;
    const key = new Array<unknown>(withId ? names.length + 1 : names.length);
    for (let i = 0; i < names.length; i++) {
      const value = doc[names[i]];
      if (Array.isArray(value)) return undefined;
      key[i] = value === undefined ? null : value;
    }
    if (withId) key[names.length] = doc._id;
    return key;
  }

  /** The keys of a document, as MongoDB builds index keys (one per array element, null for missing). */
  keysOf(doc: Document): DocumentKeys {
    if (this.topLevelNames !== null) {
      const key = this.plainKeyOf(doc, false);
      if (key !== undefined) return { id: doc._id, keys: [key], throughArray: false };
      const keys = stringArrayKeys(doc, this.topLevelNames);
      if (keys !== null) return { id: doc._id, keys, throughArray: true };
    }
    const reached = this.fields.map((field) => valuesAtPath(doc, field.path));
    if (!reached.some((r) => r.throughArray)) return { id: doc._id, keys: [reached.map((r) => r.values[0])], throughArray: false };
    let keys: unknown[][] = [[]];
    for (const { values } of reached) {
      const distinct = values.filter((v, i, all) => all.findIndex((w) => compareBson(v, w) === 0) === i);
      keys = keys.flatMap((key) => distinct.map((value) => [...key, value]));
    }
    return { id: doc._id, keys, throughArray: true };
  }

  private addKeys(keys: DocumentKeys): void {
    for (const key of keys.keys) {
      if (this.grouped !== null && this.grouped.add(key, keys.id)) continue;
      this.sortGroups();
      this.entries.insert(key.concat(keys.id));
    }
    if (keys.throughArray) this.docsThroughArrays++;
  }

  private removeKeys(keys: DocumentKeys): void {
    // A key that cannot be grouped was never added to the groups (it would have sorted them).
    for (const key of keys.keys) if (this.grouped !== null) this.grouped.remove(key, keys.id); else this.entries.remove(key.concat(keys.id));
    if (keys.throughArray) this.docsThroughArrays--;
  }

  count(range: KeyRange): number {
    const group = this.groupOf(range);
    if (group !== undefined) return group.length;
    return Math.max(0, this.rankOf(range.end) - this.rankOf(range.start));
  }

  /**
   * The `_id`s of the entries of a range in index order (or reverse), in slices that grow from
   * 64 to 1024 entries, so a query that wants the first few reads little. Writes between two
   * slices are allowed: the scan then seeks again just past the last entry it gave. The first
   * `skip` entries of the range (in the scan's direction) are passed by rank, without reading them.
   */
  *scan(range: KeyRange, descending: boolean, skip = 0): Generator<readonly string[]> {
    const group = this.groupOf(range);
    if (group !== undefined) {
      // One slice: the key's ids as they are at the scan's first step (a group is a customer's few tickets).
      const ids = descending ? group.reverse() : group;
      if (skip < ids.length) yield skip === 0 ? ids : ids.slice(skip);
      return;
    }
    const list = this.entries;
    let last: IndexEntry | undefined;
    let version = Number.NaN;
    let lo = 0;
    let hi = 0;
    for (let size = 64; ; size = Math.min(1024, size * 2)) {
      if (list.version !== version) {
        version = list.version;
        lo = this.rankOf(range.start);
        hi = this.rankOf(range.end);
        const seen = last;
        if (seen === undefined && !descending) lo = Math.min(hi, lo + skip);
        if (seen === undefined && descending) hi = Math.max(lo, hi - skip);
        if (seen !== undefined && !descending) lo = Math.max(lo, list.rankWhere((e) => this.compareEntries(e, seen) <= 0));
        if (seen !== undefined && descending) hi = Math.min(hi, list.rankWhere((e) => this.compareEntries(e, seen) < 0));
      }
      if (lo >= hi) return;
      const slice = descending ? list.slice(Math.max(lo, hi - size), hi).reverse() : list.slice(lo, Math.min(hi, lo + size));
      if (descending) hi -= slice.length;
      else lo += slice.length;
      last = slice[slice.length - 1];
      yield slice.map((entry) => this.idOf(entry));
    }
  }

  private rankOf(bound: KeyBound): number {
    this.sortGroups();
    return this.entries.rankWhere((e) => this.compareToBound(e, bound) < 0);
  }

  private idOf(entry: IndexEntry): string {
    return entry[this.fields.length] as string;
  }

  private compareEntries(a: IndexEntry, b: IndexEntry): number {
    const n = this.fields.length;
    for (let i = 0; i < n; i++) {
      const c = compareBson(a[i], b[i]);
      if (c !== 0) return c * this.fields[i].direction;
    }
    const [x, y] = [a[n] as string, b[n] as string];
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** Negative when the entry lies before the bound, positive when after. */
  private compareToBound(entry: IndexEntry, bound: KeyBound): number {
    for (let i = 0; i < bound.prefix.length; i++) {
      const c = compareBson(entry[i], bound.prefix[i]);
      if (c !== 0) return c * this.fields[i].direction;
    }
    return bound.after ? -1 : 1;
  }
}

/** Two sorted lists as one. */
function mergeSorted<E>(a: readonly E[], b: readonly E[], compare: (x: E, y: E) => number): E[] {
  const out: E[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

/**
 * The keys of a document over top-level fields where each array holds only strings (a list of
 * phones, of ticket keys): one key per combination of distinct elements, as the general path
 * builds them, without walking paths; with `id`, each key ends with it (the index's entries, made
 * at once). null for any other shape (an empty array, other elements).
 */
function stringArrayKeys(doc: Document, names: readonly string[], id?: string): unknown[][] | null {
  // Each key made at its full width and filled by place: grown by push, a key of three values kept a
  // backing store of 17 (about 300 bytes an entry, 62 MB of the two multikey ticket indexes at 100,000).
  const width = id === undefined ? names.length : names.length + 1;
  let keys: unknown[][] = [new Array<unknown>(width)];
  for (let f = 0; f < names.length; f++) {
    const value = doc[names[f]];
    if (!Array.isArray(value)) {
      const single = value === undefined ? null : value;
      for (const key of keys) key[f] = single;
      continue;
    }
    if (value.length === 0) return null;
    const distinct: string[] = [];
    for (const element of value) {
      if (typeof element !== 'string') return null;
      if (!distinct.includes(element)) distinct.push(element);
    }
    // Loops rather than flatMap and spreads: a rebuild makes these keys for every document at once.
    if (distinct.length === 1) {
      for (const key of keys) key[f] = distinct[0];
      continue;
    }
    const combined: unknown[][] = [];
    for (const key of keys) {
      for (const element of distinct) {
        const next = key.slice();
        next[f] = element;
        combined.push(next);
      }
    }
    keys = combined;
  }
  if (id !== undefined) for (const key of keys) key[names.length] = id;
  return keys;
}
