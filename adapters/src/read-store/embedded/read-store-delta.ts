import type { Document, IndexSpec } from '@support/domain';
import { TableChanges, TableImage } from './document-table';
import { applyTableDelta, mergeTableDeltas, TableDelta } from './image-delta';
import { readTablesFile } from './json-lines-reader';
import { writeJsonLinesAtomically } from './json-lines-writer';
import type { SnapshotHeader } from './read-store-snapshot';

const FORMAT = 'support-read-store-delta';
const VERSION = 1;

/**
 * A delta says which full snapshot it follows (`base`: that snapshot's takenAt), its place in the
 * chain after it (1, 2, ...), and the log beside it, like a snapshot.
 */
export interface DeltaHeader {
  readonly base: string;
  readonly seq: number;
  readonly takenAt: string;
  readonly log: SnapshotHeader['log'];
}

export type DeltaTable = TableDelta;

/** The file of the delta number `seq` after the snapshot in `snapshotFile`. */
export const deltaFile = (snapshotFile: string, seq: number): string => `${snapshotFile}.delta-${String(seq).padStart(6, '0')}`;

/** The delta number of a file name of deltaFile's shape beside `snapshotFile` (its base name), or null. */
export const deltaSeqOf = (snapshotBaseName: string, fileName: string): number | null => {
  const m = fileName.startsWith(`${snapshotBaseName}.delta-`) ? /^(\d{6})$/.exec(fileName.slice(snapshotBaseName.length + 7)) : null;
  return m === null ? null : Number(m[1]);
};

/**
 * Writes what changed since the previous snapshot or delta: per table the documents written (as
 * they are now), the ids deleted and the index declarations. Atomic like a snapshot.
 */
export const writeReadStoreDelta = async (file: string, header: DeltaHeader, changes: readonly TableChanges[]): Promise<{ bytes: number; activeMs: number }> =>
  writeJsonLinesAtomically(file, async (write) => {
    await write({ format: FORMAT, version: VERSION, header });
    for (const table of changes) {
      await write({ table: table.name, docs: table.docs.length, deleted: table.deleted, indexes: table.indexes });
      for (const doc of table.docs) await write(doc);
    }
    await write({ end: true, tables: changes.length });
  });

/** A delta read back. Throws when the file is damaged or cut short. */
export const readReadStoreDelta = async (file: string): Promise<{ header: DeltaHeader; tables: DeltaTable[] }> => {
  const { header, tables } = await readTablesFile(file, { format: FORMAT, version: VERSION, what: 'read-model snapshot delta' }, async (line, next) => {
    if (typeof line?.table !== 'string' || !Number.isInteger(line.docs) || !Array.isArray(line.deleted) || !Array.isArray(line.indexes)) {
      throw new Error('read-model snapshot delta has a bad table line');
    }
    const docs: Document[] = new Array(line.docs);
    for (let i = 0; i < line.docs; i++) docs[i] = await next();
    return { name: line.table as string, docs, deleted: line.deleted as string[], indexes: line.indexes as IndexSpec[] };
  });
  return { header: header as DeltaHeader, tables };
};

/** The images after a delta: each table it names as applyTableDelta makes it; tables it does not name are kept as they are. */
export const applyDelta = (images: readonly TableImage[], delta: readonly DeltaTable[]): TableImage[] => {
  const byName = new Map(images.map((image) => [image.name, image]));
  for (const table of delta) byName.set(table.name, applyTableDelta(byName.get(table.name), table));
  return [...byName.values()];
};

/** The images after a chain of deltas, in order, merged table by table first (one pass over each table's image; see mergeTableDeltas). */
export const applyDeltaChain = (images: readonly TableImage[], chain: readonly (readonly DeltaTable[])[]): TableImage[] => {
  const byTable = new Map<string, DeltaTable[]>();
  for (const delta of chain) {
    for (const table of delta) {
      const tables = byTable.get(table.name);
      if (tables === undefined) byTable.set(table.name, [table]);
      else tables.push(table);
    }
  }
  return applyDelta(images, [...byTable.values()].map(mergeTableDeltas));
};
