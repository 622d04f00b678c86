import { access } from 'node:fs/promises';
import { TimeSlice, type Document, type IndexSpec } from '@support/domain';
import { TableCapture, TableImage } from './document-table';
import { readTablesFile } from './json-lines-reader';
import { writeJsonLinesAtomically } from './json-lines-writer';

const FORMAT = 'support-read-store-snapshot';
const VERSION = 1;

/**
 * What a snapshot says about itself: when it was taken, and the log it was taken beside (the id of
 * the log's first event, and its head then), so that it is only ever restored beside that log.
 */
export interface SnapshotHeader {
  readonly takenAt: string;
  /** null: the log was empty. */
  readonly log: { readonly firstEventId: string; readonly head: string } | null;
}

type Line =
  | { readonly format: string; readonly version: number; readonly header: SnapshotHeader }
  | { readonly table: string; readonly docs: number; readonly indexes: readonly IndexSpec[] }
  | { readonly order: readonly number[] | null }
  | { readonly end: true; readonly tables: number };

/**
 * Writes the images as one file of JSON lines: header, then per table its documents and each
 * index's entry order, then an end line. Written beside the target and renamed over it after an
 * fsync, so a crash leaves the previous snapshot or the new one, never a half file.
 */
export const writeReadStoreSnapshot = async (file: string, header: SnapshotHeader, images: readonly TableCapture[]): Promise<{ bytes: number; activeMs: number }> =>
  writeJsonLinesAtomically(file, async (write: (line: Line | Document) => Promise<void>) => {
    const slice = new TimeSlice();
    await write({ format: FORMAT, version: VERSION, header });
    for (const image of images) {
      await write({ table: image.name, docs: image.docs.length, indexes: image.indexes.map((i) => i.spec) });
      for (const doc of image.docs) await write(doc);
      const ordinalOf = new Map<string, number>();
      for (let i = 0; i < image.docs.length; i++) {
        ordinalOf.set(image.docs[i]._id, i);
        if (i % 1_024 === 1_023 && slice.used()) await slice.yieldTurn();
      }
      for (const index of image.indexes) {
        const ids = index.entryOrder;
        // A substring index has no stored order: it is rebuilt from the documents on restore.
        if (ids === null) {
          await write({ order: null });
          continue;
        }
        const order: number[] = [];
        for (const chunk of ids.idChunks()) {
          for (const id of chunk) order.push(ordinalOf.get(id) ?? -1);
          if (slice.used()) await slice.yieldTurn();
        }
        await write({ order });
      }
    }
    await write({ end: true, tables: images.length });
  });

/** A snapshot read back; null when there is none. Throws when the file is damaged or cut short. */
export const readReadStoreSnapshot = async (file: string): Promise<{ header: SnapshotHeader; images: TableImage[] } | null> => {
  try {
    await access(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const { header, tables } = await readTablesFile(file, { format: FORMAT, version: VERSION, what: 'read-model snapshot' }, async (line, next) => {
    if (typeof line?.table !== 'string' || !Number.isInteger(line.docs) || !Array.isArray(line.indexes)) throw new Error('read-model snapshot has a bad table line');
    const docs: Document[] = new Array(line.docs);
    for (let i = 0; i < line.docs; i++) docs[i] = await next();
    const indexes = [];
    for (const spec of line.indexes as IndexSpec[]) {
      const order = await next();
      indexes.push({ spec, order: Array.isArray(order?.order) ? (order.order as number[]) : null });
    }
    return { name: line.table as string, docs, indexes } as TableImage;
  });
  return { header: header as SnapshotHeader, images: tables };
};
