import type { PositionGuard } from './position-guard';

/**
 * Read-store port, shaped like MongoDB: collections of documents queried with MongoDB
 * filter, sort, skip and limit documents, written with update operators and bulk upserts.
 * The embedded engine runs the very same documents through mingo.
 */

export type Document = { _id: string; [key: string]: unknown };
/** A MongoDB query filter document, e.g. { accountId: 'acme', status: { $in: ['open'] } }. */
export type Filter = Record<string, unknown>;
/** A MongoDB sort document; keys in order of precedence. */
export type Sort = Record<string, 1 | -1>;
/** A MongoDB update document with operators ($set, $unset, $inc, $max, $min, $push, $addToSet, $setOnInsert). */
export type Update = Record<string, unknown>;
/** Inclusion or exclusion projection. */
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  readonly sort?: Sort;
  readonly skip?: number;
  readonly limit?: number;
  readonly projection?: Projection;
  /**
   * The caller only reads the documents and never changes them (an export streaming millions): an
   * engine that would copy each document to protect its own (the embedded store) may hand out its
   * stored, never-mutated documents as they are. Engines whose documents are always fresh ignore it.
   */
  readonly readOnly?: boolean;
}

export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedId: string | null;
}

export type BulkOperation<T extends Document> =
  | { readonly updateOne: { readonly filter: Filter; readonly update: Update; readonly upsert?: boolean } }
  | { readonly replaceOne: { readonly filter: Filter; readonly replacement: T; readonly upsert?: boolean } }
  | { readonly deleteOne: { readonly filter: Filter } };

export interface BulkWriteResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  readonly upsertedCount: number;
  readonly deletedCount: number;
}

export interface IndexSpec {
  readonly key: Record<string, 1 | -1>;
  readonly name?: string;
  readonly unique?: boolean;
  /**
   * A substring index over the key's last field (a string, or strings): a `$regex` on that field made
   * of literal alternatives (`abc`, `a\.b|c d`: regex characters escaped, no `i` flag), each at least
   * 3 characters long, is answered from the field's 3-character grams instead of a scan; the key's
   * other fields lead the index where the engine can use them (MongoDB). Same matches as without it.
   */
  readonly substring?: boolean;
}

/**
 * A cursor streams documents (exports read millions without holding them); toArray for pages.
 * `batches()` streams the same documents in order as the arrays the engine reads at once (a
 * consumer of millions loops over each array without an await per document). A cursor is read
 * once, by one of the three.
 */
export interface Cursor<T> extends AsyncIterable<T> {
  toArray(): Promise<T[]>;
  batches(): AsyncIterable<readonly T[]>;
}

export interface Collection<T extends Document = Document> {
  readonly name: string;
  find(filter: Filter, options?: FindOptions): Cursor<T>;
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>;
  countDocuments(filter: Filter): Promise<number>;
  updateOne(filter: Filter, update: Update, options?: { readonly upsert?: boolean }): Promise<UpdateResult>;
  /**
   * A projection's idempotent write: updateOne of the document `id` with `$set` of the guard's
   * field to its position added (withPosition), applied only when the document has not seen that
   * event (notYetApplied); with `upsert` a missing document is inserted. Answers whether it wrote.
   * As with updateOne and that filter, an upsert that meets a document which has seen the event may
   * fail with a duplicate key (MongoDB) instead of answering false.
   */
  updateOneUnlessApplied(id: string, guard: PositionGuard, update: Update, options?: { readonly upsert?: boolean }): Promise<boolean>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: { readonly upsert?: boolean }): Promise<UpdateResult>;
  deleteMany(filter: Filter): Promise<number>;
  bulkWrite(operations: readonly BulkOperation<T>[], options?: { readonly ordered?: boolean }): Promise<BulkWriteResult>;
  createIndexes(indexes: readonly IndexSpec[]): Promise<void>;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): Collection<T>;
  /** Drops every collection (a rebuild from the log starts from here). */
  dropAll(): Promise<void>;
  close(): Promise<void>;
}
