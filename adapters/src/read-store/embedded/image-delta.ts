import type { Document, IndexSpec } from '@support/domain';
import type { TableImage } from './document-table';

/** What a delta says of one table: the documents written (as they are now), the ids deleted, the index declarations. */
export interface TableDelta {
  readonly name: string;
  readonly docs: readonly Document[];
  readonly deleted: readonly string[];
  readonly indexes: readonly IndexSpec[];
}

type IndexImage = TableImage['indexes'][number];

const sameSpec = (a: IndexSpec, b: IndexSpec): boolean =>
  a.name === b.name && (a.unique === true) === (b.unique === true) && (a.substring === true) === (b.substring === true) && JSON.stringify(a.key) === JSON.stringify(b.key);

/**
 * A table image after one delta, its stored index orders kept: documents deleted leave every order,
 * documents written leave it too and are listed as `unordered` (their entries are merged in when the
 * index is loaded), and the rest keep their place. An index the image did not have, or had without
 * an order, comes without one (sorted on load). Pure: the image given is not changed.
 */
export const applyTableDelta = (base: TableImage | undefined, delta: TableDelta): TableImage => {
  if (base === undefined) return { name: delta.name, docs: delta.docs, indexes: delta.indexes.map((spec) => ({ spec, order: null })) };
  const ordinalOf = new Map<string, number>();
  for (let i = 0; i < base.docs.length; i++) ordinalOf.set(base.docs[i]._id, i);
  const docs: Document[] = base.docs.slice();
  const gone = new Uint8Array(docs.length);
  const written = new Uint8Array(docs.length);
  for (const id of delta.deleted) {
    const ordinal = ordinalOf.get(id);
    if (ordinal !== undefined) gone[ordinal] = 1;
  }
  const added: Document[] = [];
  for (const doc of delta.docs) {
    const ordinal = ordinalOf.get(doc._id);
    if (ordinal === undefined) added.push(doc);
    else {
      docs[ordinal] = doc;
      gone[ordinal] = 0;
      written[ordinal] = 1;
    }
  }
  // Compact away the deleted documents; remap[old ordinal] is the new one, -1 when deleted.
  const remap = new Int32Array(docs.length);
  const kept: Document[] = [];
  const fresh: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    if (gone[i] === 1) {
      remap[i] = -1;
      continue;
    }
    remap[i] = kept.length;
    if (written[i] === 1) fresh.push(kept.length);
    kept.push(docs[i]);
  }
  for (const doc of added) {
    fresh.push(kept.length);
    kept.push(doc);
  }
  const indexes = delta.indexes.map((spec): IndexImage => {
    const before = base.indexes.find((index) => sameSpec(index.spec, spec));
    if (before === undefined || before.order === null) return { spec, order: null };
    const order: number[] = [];
    for (const ordinal of before.order) if (remap[ordinal] >= 0 && written[ordinal] === 0) order.push(remap[ordinal]);
    const unordered = new Set(fresh);
    for (const ordinal of before.unordered ?? []) if (remap[ordinal] >= 0) unordered.add(remap[ordinal]);
    return { spec, order, unordered: [...unordered] };
  });
  return { name: delta.name, docs: kept, indexes };
};

/**
 * A chain of deltas of one table, in order, as one delta: the last version of every document
 * written, the ids deleted after their last write (or never written again), and the last delta's
 * index declarations. Applying it equals applying the chain one delta after the other (a document
 * deleted from the image and written again keeps its place in the table's natural order instead of
 * going last; index orders and queries are the same), while it costs one pass over the image
 * instead of one per delta: a restart after a long chain (a delta every few seconds under load)
 * merges every index order once.
 */
export const mergeTableDeltas = (chain: readonly TableDelta[]): TableDelta => {
  const docs = new Map<string, Document>();
  const deleted = new Set<string>();
  for (const delta of chain) {
    for (const id of delta.deleted) {
      docs.delete(id);
      deleted.add(id);
    }
    for (const doc of delta.docs) docs.set(doc._id, doc);
  }
  const last = chain[chain.length - 1];
  return { name: last.name, docs: [...docs.values()], deleted: [...deleted].filter((id) => !docs.has(id)), indexes: last.indexes };
};
