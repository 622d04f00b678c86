import type { Collection, Document, ReadStore } from '@support/domain';
import { DocumentTable, TableCapture, TableChanges, TableImage } from './document-table';
import { EmbeddedCollection } from './embedded-collection';
import { badValue } from './store-operation-error';

/**
 * The read store in this process's memory: MongoDB's query language run by mingo over plain
 * documents, with declared indexes to narrow and order scans. It persists nothing itself: the
 * service restores it from a snapshot (read-store-snapshot.ts) and catches up from the log
 * position the snapshot reflects, or rebuilds it from the whole log.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly tables = new Map<string, DocumentTable>();
  private readonly handles = new Map<string, EmbeddedCollection>();
  private closed = false;

  collection<T extends Document = Document>(name: string): Collection<T> {
    this.assertOpen();
    if (name.length === 0 || name.includes('$') || name.includes('\0')) throw badValue(`Invalid collection name: ${JSON.stringify(name)}`);
    let handle = this.handles.get(name);
    if (handle === undefined) {
      const table = new DocumentTable(name);
      this.tables.set(name, table);
      handle = new EmbeddedCollection(table, () => this.assertOpen());
      this.handles.set(name, handle);
    }
    return handle as unknown as Collection<T>;
  }

  /** Every collection as it is at this instant (synchronous, so no write falls between two collections). */
  capture(): readonly TableCapture[] {
    this.assertOpen();
    return [...this.tables.values()].filter((t) => t.byId.size > 0 || [...t.indexes].length > 0).map((t) => t.capture());
  }

  /** What changed since the last snapshot in every collection, captured at this instant (a snapshot delta). */
  captureChanges(): readonly TableChanges[] {
    this.assertOpen();
    return [...this.tables.values()].filter((t) => t.unsaved.writes > 0).map((t) => t.captureChanges());
  }

  /** The captured changes are on disk: in a delta, or in a full snapshot (`full`, which also answers an emptied table). */
  forgetChanges(captured: readonly (TableChanges | TableCapture)[], full: boolean): void {
    for (const part of captured) this.tables.get(part.name)?.forgetChanges(part.changesUpTo, full);
  }

  /** How many documents were written since the last snapshot, and whether only a full snapshot can hold the change (a table was emptied). */
  get unsaved(): { readonly writes: number; readonly needsFull: boolean } {
    let writes = 0;
    let needsFull = false;
    for (const table of this.tables.values()) {
      writes += table.unsaved.writes;
      needsFull ||= table.unsaved.needsFull;
    }
    return { writes, needsFull };
  }

  /** Replaces the collections named in the images with them (a snapshot being loaded). */
  restore(images: readonly TableImage[]): void {
    this.assertOpen();
    for (const image of images) {
      this.collection(image.name);
      (this.tables.get(image.name) as DocumentTable).restore(image);
    }
  }

  /**
   * Replay mode: every table stops keeping its non-unique indexes up to date, except those `keep`
   * names (the ones the projections' own reads use), until buildDeferredIndexes.
   */
  deferIndexes(keep: (collection: string, indexName: string) => boolean): void {
    this.assertOpen();
    for (const table of this.tables.values()) table.deferIndexes((indexName) => keep(table.name, indexName));
  }

  /** How many documents the collections hold together. */
  get documentCount(): number {
    let count = 0;
    for (const table of this.tables.values()) count += table.byId.size;
    return count;
  }

  /** Whether some index is deferred (replay mode). */
  get replaying(): boolean {
    return [...this.tables.values()].some((t) => t.hasDeferredIndexes);
  }

  /** Ends replay mode: each deferred index is built once from the documents (one sort) and kept up to date again. */
  buildDeferredIndexes(): void {
    this.assertOpen();
    for (const table of this.tables.values()) table.buildDeferredIndexes();
  }

  /** Empties every collection and forgets its indexes; handles already given out stay usable. */
  async dropAll(): Promise<void> {
    this.assertOpen();
    for (const table of this.tables.values()) table.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The read store is closed');
  }
}
