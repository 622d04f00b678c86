import type { Document, IndexSpec } from '@support/domain';
import { DuplicateKeyError } from '../duplicate-key-error';
import { compareBson } from './bson-order';
import { type DocumentKeys, SecondaryIndex } from './secondary-index';
import { SubstringIndex } from './substring-index';
import type { EntryOrder } from './entry-order';
import { ChangeTracker } from './change-tracker';
import { IdRanks } from './grouped-entry-sort';
import { badValue, indexKeySpecsConflict, indexOptionsConflict } from './store-operation-error';

const ID_INDEX = '_id_';

/**
 * A table as a snapshot holds it: documents, and each index's entries as ordinals into `docs`
 * (`order`; null: none kept, sort on load), but for the documents in `unordered` (written by a
 * delta since), whose entries are merged in on load.
 */
export interface TableImage {
  readonly name: string;
  readonly docs: readonly Document[];
  readonly indexes: readonly { readonly spec: IndexSpec; readonly order: readonly number[] | null; readonly unordered?: readonly number[] }[];
}

/** What changed in a table since its last snapshot (a snapshot delta's part). */
export interface TableChanges {
  readonly name: string;
  readonly docs: readonly Document[];
  readonly deleted: readonly string[];
  readonly indexes: readonly IndexSpec[];
  readonly changesUpTo: number;
}

/**
 * A table captured at one instant: documents, and each index's entry order (read as document ids
 * and turned into ordinals when written); null for a substring index, which is rebuilt from the
 * documents on restore.
 */
export interface TableCapture {
  readonly name: string;
  readonly docs: readonly Document[];
  readonly indexes: readonly { readonly spec: IndexSpec; readonly entryOrder: EntryOrder | null }[];
  /** The number of the table's last write captured (see forgetChanges). */
  readonly changesUpTo: number;
}

/** MongoDB's default index name: fields and directions joined by underscores. */
export const defaultIndexName = (key: Readonly<Record<string, 1 | -1>>): string =>
  Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');

const nameOf = (spec: IndexSpec): string => spec.name ?? `${defaultIndexName(spec.key)}${spec.substring === true ? '_substring' : ''}`;

function sameKeys(a: DocumentKeys, b: DocumentKeys): boolean {
  if (a.keys.length !== b.keys.length || a.throughArray !== b.throughArray) return false;
  return a.keys.every((key, i) => key.every((value, j) => compareBson(value, b.keys[i][j]) === 0));
}

/**
 * The documents of one collection by `_id`, and its declared indexes, kept in step. Stored
 * documents are never mutated: a write stores a new object, so a reader holding one sees a
 * consistent version. Each single-document write checks every unique index before it changes
 * anything.
 */
export class DocumentTable {
  readonly byId = new Map<string, Document>();
  private readonly declared = new Map<string, SecondaryIndex>();
  private readonly substrings = new Map<string, SubstringIndex>();
  /** Declared indexes not kept up to date during a replay (see deferIndexes); queries do not see them. */
  private readonly deferred = new Map<string, SecondaryIndex>();
  private readonly deferredSubstrings = new Map<string, SubstringIndex>();
  private declarationOrder: readonly string[] = [];
  private readonly changes = new ChangeTracker();

  constructor(readonly name: string) {}

  /** The indexes queries may use and writes keep up to date. */
  get indexes(): Iterable<SecondaryIndex> {
    return this.declared.values();
  }

  get substringIndexes(): Iterable<SubstringIndex> {
    return this.substrings.values();
  }

  /**
   * Stops keeping the non-unique indexes that `keep` does not name up to date, until
   * buildDeferredIndexes: a replay of a long log then writes documents only, and each such index is
   * built once at its end by one sort instead of an insertion per write. Meanwhile queries plan
   * without them (so they stay right, scanning where they would have used one). The kept ones hold
   * their entries grouped by exact key until then (SecondaryIndex.groupByKey): the projections read
   * them by whole keys.
   */
  deferIndexes(keep: (indexName: string) => boolean): void {
    // The replay rewrites the table: a full snapshot saves it after, not a delta of each write.
    this.changes.saveWhole();
    if (this.deferred.size === 0) this.declarationOrder = [...this.declared.keys()];
    for (const index of [...this.declared.values()]) {
      if (keep(index.name)) {
        index.groupByKey();
        continue;
      }
      if (index.unique) continue;
      this.declared.delete(index.name);
      index.clear();
      this.deferred.set(index.name, index);
    }
    for (const index of this.substrings.values()) {
      if (keep(index.name)) continue;
      this.substrings.delete(index.name);
      index.clear();
      this.deferredSubstrings.set(index.name, index);
    }
  }

  get hasDeferredIndexes(): boolean {
    return this.deferred.size > 0 || this.deferredSubstrings.size > 0;
  }

  /** Builds every deferred index from the documents as they are now and keeps it up to date again; a kept one grouped by key is sorted. */
  buildDeferredIndexes(): void {
    // A substring index builds in the background; queries scan until it is ready.
    for (const index of this.deferredSubstrings.values()) {
      index.build(this.byId);
      this.substrings.set(index.name, index);
    }
    this.deferredSubstrings.clear();
    const grouped = [...this.declared.values()].filter((index) => index.isGrouped);
    if (this.deferred.size === 0 && grouped.length === 0) return;
    const docs = [...this.byId.values()];
    const ranks = new IdRanks(docs);
    for (const index of [...this.deferred.values(), ...grouped]) index.load(docs, null, [], ranks);
    // Back in the order they were declared (plans choose between equal indexes by that order).
    const all = new Map([...this.declared, ...this.deferred]);
    this.declared.clear();
    for (const name of [...this.declarationOrder, ...all.keys()]) {
      const index = all.get(name);
      if (index !== undefined && !this.declared.has(name)) this.declared.set(name, index);
    }
    this.deferred.clear();
  }

  insert(doc: Document): void {
    if (typeof doc._id !== 'string') throw badValue('_id must be a string');
    if (this.byId.has(doc._id)) throw new DuplicateKeyError(this.name, ID_INDEX, { _id: 1 }, { _id: doc._id });
    this.assertUnique(doc);
    this.byId.set(doc._id, doc);
    this.changes.note(doc._id);
    for (const index of this.declared.values()) index.add(doc);
    for (const index of this.substrings.values()) index.add(doc);
  }

  /**
   * Stores `next` in place of `previous` (same `_id`); only indexes whose keys changed are touched.
   * When the caller knows which top-level fields changed (`changedFields`), indexes over other fields are not even looked at.
   */
  replace(previous: Document, next: Document, changedFields?: readonly string[]): void {
    const moves = [];
    for (const index of this.declared.values()) {
      if (changedFields !== undefined && !index.fields.some((f) => changedFields.includes(f.path[0]))) continue;
      const before = index.keysOf(previous);
      const after = index.keysOf(next);
      if (!sameKeys(before, after)) moves.push({ index, before, after });
    }
    for (const { index, after } of moves) {
      const clash = index.clashOfKeys(after);
      if (clash !== undefined) throw new DuplicateKeyError(this.name, index.name, index.keyPattern, clash);
    }
    for (const { index, before, after } of moves) index.move(before, after);
    for (const index of this.substrings.values()) index.replace(previous, next);
    this.byId.set(next._id, next);
    this.changes.note(next._id);
  }

  delete(doc: Document): void {
    if (!this.byId.delete(doc._id)) return;
    this.changes.note(doc._id);
    for (const index of this.declared.values()) index.remove(doc);
    for (const index of this.substrings.values()) index.remove(doc);
  }

  clear(): void {
    if (this.byId.size > 0) this.changes.noteEmptied();
    this.byId.clear();
    this.declared.clear();
    this.deferred.clear();
    for (const index of [...this.substrings.values(), ...this.deferredSubstrings.values()]) index.clear();
    this.substrings.clear();
    this.deferredSubstrings.clear();
  }

  /**
   * The table as it is now, captured at once and cheaply: its documents (never mutated, so holding
   * them is holding this version), its indexes and the ids of each index's entries in order.
   */
  capture(): TableCapture {
    this.buildDeferredIndexes();
    return {
      name: this.name,
      changesUpTo: this.changes.capture().upTo,
      docs: [...this.byId.values()],
      indexes: [
        ...[...this.declared.values()].map((index) => ({
          spec: index.spec,
          entryOrder: index.entryOrder(),
        })),
        ...[...this.substrings.values()].map((index) => ({ spec: index.spec, entryOrder: null })),
      ],
    };
  }

  /**
   * What changed since the last snapshot, captured at once: the documents written (as they are now)
   * and the ids of those deleted, with the table's index declarations. Forget them once on disk.
   */
  captureChanges(): TableChanges {
    const { ids, upTo } = this.changes.capture();
    const docs: Document[] = [];
    const deleted: string[] = [];
    for (const id of ids) {
      const doc = this.byId.get(id);
      if (doc === undefined) deleted.push(id);
      else docs.push(doc);
    }
    const indexes = [...this.declared.values(), ...this.deferred.values(), ...this.substrings.values(), ...this.deferredSubstrings.values()].map((index) => index.spec);
    return { name: this.name, docs, deleted, indexes, changesUpTo: upTo };
  }

  /** The changes up to a capture are on disk (a delta, or a full snapshot: `full`). */
  forgetChanges(upTo: number, full: boolean): void {
    this.changes.forget(upTo, full);
  }

  /** Whether the table has writes no snapshot holds yet, and whether only a full snapshot can hold them (it was emptied). */
  get unsaved(): { readonly writes: number; readonly needsFull: boolean } {
    return { writes: this.changes.size, needsFull: this.changes.needsFull };
  }

  /** Replaces the content with an image (from a snapshot): documents, then each index from its stored order. */
  restore(image: TableImage): void {
    this.clear();
    this.changes.reset();
    for (const doc of image.docs) this.byId.set(doc._id, doc);
    for (const { spec, order, unordered } of image.indexes) {
      if (spec.substring === true) {
        const index = new SubstringIndex(nameOf(spec), spec);
        index.build(this.byId);
        this.substrings.set(index.name, index);
        continue;
      }
      const index = new SecondaryIndex(nameOf(spec), spec.key, spec.unique === true);
      index.load(image.docs, order, unordered);
      this.declared.set(index.name, index);
    }
  }

  /** Declares indexes all at once: none is added when one of them conflicts or cannot be built. */
  createIndexes(specs: readonly IndexSpec[]): void {
    const built: SecondaryIndex[] = [];
    const substrings: SubstringIndex[] = [];
    for (const spec of specs) {
      if (spec.substring === true) {
        const index = this.prepareSubstring(spec, [...built, ...substrings]);
        if (index !== undefined) substrings.push(index);
        continue;
      }
      const index = this.prepare(spec, [...built, ...substrings]);
      if (index !== undefined) built.push(index);
    }
    for (const index of built) this.declared.set(index.name, index);
    for (const index of substrings) this.substrings.set(index.name, index);
  }

  /** A substring index: same name and options again is a no-op, anything else under that name a conflict. */
  private prepareSubstring(spec: IndexSpec, pending: readonly (SecondaryIndex | SubstringIndex)[]): SubstringIndex | undefined {
    const fields = Object.entries(spec.key);
    if (fields.length === 0) throw badValue('Index keys cannot be empty');
    if (spec.unique === true) throw badValue('A substring index cannot be unique');
    const name = nameOf(spec);
    for (const index of [...this.declared.values(), ...this.deferred.values(), ...this.substrings.values(), ...this.deferredSubstrings.values(), ...pending]) {
      if (index.name !== name) continue;
      if (index instanceof SubstringIndex && defaultIndexName(index.spec.key) === defaultIndexName(spec.key)) return undefined;
      throw indexKeySpecsConflict(`An existing index has the same name as the requested index: ${name}`);
    }
    const index = new SubstringIndex(name, { key: spec.key, name, substring: true });
    index.build(this.byId);
    return index;
  }

  private prepare(spec: IndexSpec, pending: readonly (SecondaryIndex | SubstringIndex)[]): SecondaryIndex | undefined {
    const fields = Object.entries(spec.key);
    if (fields.length === 0) throw badValue('Index keys cannot be empty');
    for (const [field, direction] of fields) {
      if (direction !== 1 && direction !== -1) throw badValue(`Values in the index key pattern must be 1 or -1, not ${String(direction)} for ${field}`);
    }
    const name = nameOf(spec);
    const unique = spec.unique === true;
    if (name === ID_INDEX || (fields.length === 1 && fields[0][0] === '_id' && fields[0][1] === 1)) return undefined;
    const samePattern = (index: SecondaryIndex): boolean => defaultIndexName(index.keyPattern) === defaultIndexName(spec.key);
    for (const index of [...this.declared.values(), ...this.deferred.values(), ...this.substrings.values(), ...this.deferredSubstrings.values(), ...pending]) {
      if (index instanceof SubstringIndex) {
        if (index.name === name) throw indexKeySpecsConflict(`An existing index has the same name as the requested index: ${name}`);
        continue;
      }
      if (index.name === name) {
        if (samePattern(index) && index.unique === unique) return undefined;
        if (samePattern(index)) throw indexOptionsConflict(`Index with name: ${name} already exists with different options`);
        throw indexKeySpecsConflict(`An existing index has the same name as the requested index: ${name}`);
      }
      if (samePattern(index)) throw indexOptionsConflict(`Index already exists with a different name: ${index.name}`);
    }
    const index = new SecondaryIndex(name, spec.key, unique);
    for (const doc of this.byId.values()) {
      index.add(doc);
      const clash = index.clashOf(doc);
      if (clash !== undefined) throw new DuplicateKeyError(this.name, name, index.keyPattern, clash);
    }
    return index;
  }

  private assertUnique(doc: Document): void {
    for (const index of this.declared.values()) {
      const clash = index.clashOf(doc);
      if (clash !== undefined) throw new DuplicateKeyError(this.name, index.name, index.keyPattern, clash);
    }
  }
}
