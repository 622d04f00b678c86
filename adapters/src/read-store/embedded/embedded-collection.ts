import type {
  BulkOperation,
  BulkWriteResult,
  Collection,
  Cursor,
  Document,
  Filter,
  FindOptions,
  IndexSpec,
  PositionGuard,
  Update,
  UpdateResult,
} from '@support/domain';
import { TimeSlice, updateOneByGuardFilter } from '@support/domain';
import { checkUpdate } from './apply-update';
import { bulkWrite } from './bulk-write';
import type { DocumentTable } from './document-table';
import { EmbeddedCursor } from './embedded-cursor';
import { countMatching, findById, findDocuments } from './find-documents';
import { soleId } from './filter-matcher';
import { updateUnlessApplied } from './guarded-write';
import { ScanStep, withoutPauses } from './scan-pause';
import { deleteAll, replaceFirst, updateAll, updateFirst } from './write-documents';

/**
 * One collection of the embedded store. Operations run to completion one at a time (the store
 * lives in this process's single thread), so each is atomic per document as in MongoDB; results
 * are copies, and a cursor reads lazily. `T` is the caller's promise about the documents' shape.
 */
export class EmbeddedCollection<T extends Document = Document> implements Collection<T> {
  constructor(
    private readonly table: DocumentTable,
    private readonly assertOpen: () => void,
  ) {}

  get name(): string {
    return this.table.name;
  }

  find(filter: Filter, options?: FindOptions): Cursor<T> {
    return new EmbeddedCursor(() => {
      this.assertOpen();
      return findDocuments(this.table, filter, options) as Iterator<ScanStep<T>>;
    });
  }

  async findOne(filter: Filter, options?: FindOptions): Promise<T | null> {
    this.assertOpen();
    const id = soleId(filter);
    if (id !== undefined) return (findById(this.table, id, options) as T | undefined) ?? null;
    const first = withoutPauses(findDocuments(this.table, filter, { ...options, limit: 1 })).next();
    return first.done === true ? null : (first.value as T);
  }

  /** Counts, letting other work run at the scan's pauses once its slice of time is used. */
  async countDocuments(filter: Filter): Promise<number> {
    this.assertOpen();
    const counting = countMatching(this.table, filter);
    const slice = new TimeSlice();
    for (let step = counting.next(); ; step = counting.next()) {
      if (step.done === true) return step.value;
      if (slice.used()) await slice.yieldTurn();
    }
  }

  async updateOne(filter: Filter, update: Update, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    this.assertOpen();
    return updateFirst(this.table, filter, update, options?.upsert === true);
  }

  async updateOneUnlessApplied(id: string, guard: PositionGuard, update: Update, options?: { readonly upsert?: boolean }): Promise<boolean> {
    this.assertOpen();
    checkUpdate(update);
    return updateUnlessApplied(this.table, id, guard, update, options?.upsert === true) ?? updateOneByGuardFilter(this, id, guard, update, options);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    this.assertOpen();
    return updateAll(this.table, filter, update);
  }

  async replaceOne(filter: Filter, replacement: T, options?: { readonly upsert?: boolean }): Promise<UpdateResult> {
    this.assertOpen();
    return replaceFirst(this.table, filter, replacement, options?.upsert === true);
  }

  async deleteMany(filter: Filter): Promise<number> {
    this.assertOpen();
    return deleteAll(this.table, filter);
  }

  async bulkWrite(operations: readonly BulkOperation<T>[], options?: { readonly ordered?: boolean }): Promise<BulkWriteResult> {
    this.assertOpen();
    return bulkWrite(this.table, operations, options?.ordered !== false);
  }

  async createIndexes(indexes: readonly IndexSpec[]): Promise<void> {
    this.assertOpen();
    this.table.createIndexes(indexes);
  }
}
