import type { Position } from './event-store';
import type { ReadDocument } from './read-document';
import type { ReadOptions } from './read-budget';
import type { TicketReads } from '../tickets/list/ticket-reads';

export type { ReadDocument } from './read-document';
export type { TicketPage, TicketReads, TicketSnapshot } from '../tickets/list/ticket-reads';

/**
 * The read-model port, shaped by what the features do with read models: a document by id; a few
 * documents by the values of some fields; counts; the projection's batch of writes applied once
 * with its checkpoint; and, for the tickets, the list's page with its total and the export's
 * ordered stream of every match, both by TicketCriteria. Engines: SQLite (embedded), MongoDB.
 * The tickets' part is the list feature's own (tickets/list/ticket-reads.ts): this file names it
 * only as a member, so the feature's types never import back into this one.
 */


export type Scalar = string | number | boolean | null;

/**
 * A condition on one field (a dotted path reaches into objects): equal to a value (a field that
 * holds a list matches when the list holds it; null matches a missing field too), or compared.
 * Comparisons hold only between values of one type (text with text, numbers with numbers).
 */
export type FieldCondition =
  | Scalar
  | { readonly ne: Scalar }
  | { readonly lt?: string | number; readonly lte?: string | number; readonly gt?: string | number; readonly gte?: string | number };

/** Every condition holds. */
export type FieldMatch = Readonly<Record<string, FieldCondition>>;

export interface DocumentQuery {
  readonly where: FieldMatch;
  /** Fields in order of precedence, 1 ascending, -1 descending; ties in id order. Default: by id. */
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly skip?: number;
  readonly limit?: number;
}

/** How a collection is kept so that the queries its features make are answered from indexes. */
export interface CollectionShape {
  /**
   * Fields read by queries, sorts or analysts (SQLite: a column each, beside the whole document;
   * MongoDB: the document's own fields). Fields of `lists`, `search` and the indexes are included.
   */
  readonly fields?: readonly string[];
  /** Fields that hold lists of scalar values and are queried by one value (MongoDB: multikey). */
  readonly lists?: readonly string[];
  /** Indexes over fields; a list field may appear in one. */
  readonly indexes?: readonly { readonly name: string; readonly fields: readonly string[] }[];
  /** A text field found by any fragment of it (searchFragments): SQLite FTS5 trigram, MongoDB gram index. */
  readonly search?: string;
  /** The field every search of the collection is scoped by (the tickets: accountId): the engine keeps the search index per value of it. */
  readonly searchScopedBy?: string;
  /** The number of documents is kept per combination of these fields' values, so totals over them are read at once. */
  readonly countedBy?: readonly string[];
  /**
   * Timestamp fields (ISO 8601 UTC) whose UTC days, hours and minutes the documents are also
   * counted by, with countedBy's fields, so that a total over a date range reads the counts of the
   * periods it covers whole and only its first and last minute from the documents, however many
   * documents one day or hour holds.
   */
  readonly countedByTime?: readonly string[];
}

/** A read model as its projection declares it: its name and the collections it owns. */
export interface ReadModelShape {
  readonly name: string;
  readonly collections: Readonly<Record<string, CollectionShape>>;
  /** Changes when the documents' form changes: an engine then empties the read model and it is rebuilt from the log. */
  readonly version: number;
}

/**
 * One write of a projection to one document: these fields set (null included), those kept at the
 * smaller of the stored and the given value (`min`), and with `upsert` the document made when it
 * is missing (else a missing document is left missing). Applied once per event (see applyBatch).
 */
export interface DocumentWrite {
  readonly collection: string;
  readonly id: string;
  readonly set: Readonly<Record<string, unknown>>;
  readonly min?: Readonly<Record<string, string | number>>;
  readonly upsert?: boolean;
  /** The document is removed (set, min and upsert are then ignored). */
  readonly remove?: boolean;
}

/** What a projection may read while it applies a batch: it sees the batch's own writes made so far. */
export interface ProjectionReads {
  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null>;
  find<T extends ReadDocument>(collection: string, where: FieldMatch): Promise<T[]>;
}

export interface ProjectionBatch extends ProjectionReads {
  /**
   * Applies the writes one event caused. A crash never applies an event twice: on SQLite the batch
   * and its checkpoint commit together (the runner hands a batch only events after the checkpoint);
   * on MongoDB each write is guarded by the event's position, so a replay changes nothing.
   */
  write(event: Position, writes: readonly DocumentWrite[]): Promise<void>;
}

export interface ReadModels {
  /** Makes or checks the read models' storage (tables, indexes); a model whose version changed is emptied, checkpoint included. */
  declare(models: readonly ReadModelShape[]): Promise<void>;
  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null>;
  find<T extends ReadDocument>(collection: string, query: DocumentQuery, options?: ReadOptions): Promise<T[]>;
  count(collection: string, where: FieldMatch, options?: ReadOptions): Promise<number>;
  readonly tickets: TicketReads;
  /** The position a read model has applied the log up to (null: nothing yet). */
  checkpoint(readModel: string): Promise<Position | null>;
  /** Moves a read model's checkpoint with no documents to write (events it does not want). */
  saveCheckpoint(readModel: string, position: Position): Promise<void>;
  /**
   * Applies one batch of a projection: `apply` reads and writes through the batch, and the read
   * model's checkpoint moves to `upTo` with the documents. On SQLite the documents and the
   * checkpoint are one transaction; on MongoDB each write is guarded by its event's position and
   * the checkpoint is written last. Either way a crash never applies an event twice or loses one.
   * Batches of one engine run one at a time.
   */
  applyBatch(readModel: string, upTo: Position, apply: (batch: ProjectionBatch) => Promise<void>): Promise<void>;
  /**
   * Makes what the read models' writes replaced or deleted unrecoverable from the engine's files (an
   * erasure's placeholders, docs/api/erasure.md): the embedded engine checkpoints its WAL and cuts it
   * to nothing (its file zeroes replaced content as it writes). Engines that cannot leave it out.
   */
  forgetReplaced?(): Promise<void>;
  /** Empties every read model and checkpoint (a rebuild from the log starts from here). */
  dropAll(): Promise<void>;
  close(): Promise<void>;
}
