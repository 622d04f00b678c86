import { access } from 'node:fs/promises';
import { TimeSlice, type Document, type IndexSpec } from '@support/domain';
import { TableCapture, TableImage } from './document-table';
import { readTablesFile } from './json-lines-reader';
import { writeJsonLinesAtomically, WriteText } from './json-lines-writer';

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

/** Ordinals encoded at once into one part of an order line (about 0.3 ms of work). */
const ORDINALS_PER_PART = 10_000;

/**
 * The line `{"order":[...]}` of one index, exactly as JSON.stringify writes it (the ordinals are
 * integers), handed to the file in parts so that requests get their turns in between: the whole
 * line of an index over 1,000,000 documents took 31-39 ms to encode and write in one turn (100,000:
 * about 4 ms); a part of 10,000 ordinals takes well under a millisecond.
 */
const writeOrderLine = async (writeText: WriteText, order: readonly number[]): Promise<void> => {
  await writeText('{"order":[');
  for (let from = 0; from < order.length; from += ORDINALS_PER_PART) {
    await writeText(`${from === 0 ? '' : ','}${order.slice(from, from + ORDINALS_PER_PART).join(',')}`);
  }
  await writeText(']}\n');
};

/**
 * Writes the images as one file of JSON lines: header, then per table its documents and each
 * index's entry order, then an end line. Written beside the target and renamed over it after an
 * fsync, so a crash leaves the previous snapshot or the new one, never a half file.
 */
export const writeReadStoreSnapshot = async (file: string, header: SnapshotHeader, images: readonly TableCapture[]): Promise<{ bytes: number; activeMs: number }> =>
  writeJsonLinesAtomically(file, async (write: (line: Line | Document) => Promise<void>, writeText: WriteText) => {
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
        await writeOrderLine(writeText, order);
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
