import type Database from 'better-sqlite3';
import {
  CollectionShape, DocumentQuery, FieldMatch, Position, ReadOptions, positionFromString, positionToString, ProjectionBatch, ReadDocument, ReadModels, ReadModelShape, TicketReads,
} from '@support/domain';
import { openReader, openWriter } from './database-file';
import { DocumentWriter } from './document-writer';
import { findDocuments, countDocuments } from './document-queries';
import { PlannerStatistics } from './planner-statistics';
import { ReaderStatements, Statements } from './statements';
import { layoutDdl, layoutTables, TableLayout, tableLayout } from './table-layout';
import { quoted } from './sql-values';
import { existingSearchTables, searchSecureDelete } from './search-tables';
import { SqliteTicketReads } from './ticket-reads';
import { TICKETS_TABLE } from './ticket-criteria-sql';
import { DEFAULT_READER_THREADS, ReaderPool } from './readers/reader-pool';
import { OneAtATime } from '../one-at-a-time';
import { WalCheckpointer } from '../../sqlite/wal-checkpointer';
import { cutWal } from '../../sqlite/cut-wal';

const META = `CREATE TABLE IF NOT EXISTS read_models (name TEXT PRIMARY KEY, version INTEGER NOT NULL, shape TEXT NOT NULL, checkpoint TEXT)`;

/**
 * What of a stored shape decides the documents' form: every declaration but the indexes, which
 * are made and dropped in place (a change of indexes alone does not empty the read model).
 */
const documentForm = (shape: string): string =>
  JSON.stringify(Object.entries(JSON.parse(shape) as Record<string, CollectionShape>).map(([name, { indexes: _indexes, ...rest }]) => [name, rest]));

/** The file's name in DATA_DIR. */
export const READ_MODELS_FILE = 'read-models.sqlite';

export interface SqliteReadModelsOptions {
  /** Documents gathered before their search text goes into the FTS5 index (default SEARCH_INDEX_BATCH; tests set it low). */
  readonly searchIndexBatch?: number;
  /** Threads that run the queries (default DEFAULT_READER_THREADS). */
  readonly readerThreads?: number;
  /** Told when a background checkpoint of the WAL fails (it is tried again; the writer checkpoints itself past a limit). */
  readonly onCheckpointFailure?: (message: string) => void;
}

/**
 * The read models in one SQLite database file (WAL): one writer connection, on which projection
 * batches run one at a time, each a transaction with its read model's checkpoint; reader threads
 * (ReaderPool), each with its own connection, for the queries (they see only committed batches);
 * one reader connection on the event loop for reads of one row by key (a document by id, a
 * checkpoint); one more per export stream (a snapshot held while the stream is read); one on a
 * thread of its own that checkpoints the WAL. Other processes open the same file (SQLite's locking).
 */
export class SqliteReadModels implements ReadModels {
  private readonly layouts = new Map<string, TableLayout>();
  private readonly writers = new Map<string, DocumentWriter>();
  private readonly writes: Statements;
  private readonly reads: ReaderStatements;
  private readonly readers: ReaderPool;
  /** Batches, checkpoint saves and drops: one at a time on the writer (a batch awaits its projection's reads). */
  private readonly serial = new OneAtATime();
  readonly tickets: TicketReads;
  /** The planner's statistics of the tables, kept current as they grow. */
  private readonly statistics: PlannerStatistics;

  private constructor(
    readonly file: string,
    private readonly writer: Database.Database,
    private readonly checkpointer: WalCheckpointer,
    private readonly options: SqliteReadModelsOptions,
  ) {
    this.reads = new ReaderStatements(() => openReader(file));
    this.readers = new ReaderPool(file, options.readerThreads ?? DEFAULT_READER_THREADS);
    // Statistics the writer gathers reach the queries' planner through readers opened after them.
    this.statistics = new PlannerStatistics(writer, () => {
      this.reads.reopen();
      this.readers.reopen();
    });
    this.writes = new Statements(writer);
    this.tickets = new SqliteTicketReads(this.readers, () => this.layout(TICKETS_TABLE), () => openReader(file));
  }

  static open(file: string, options: SqliteReadModelsOptions = {}): SqliteReadModels {
    const writer = openWriter(file);
    // IMMEDIATE (the write lock first) in every transaction that writes: a deferred one that read
    // before another process wrote cannot take the lock (SQLITE_BUSY at once, without waiting).
    writer.transaction(() => writer.exec(META)).immediate();
    WalCheckpointer.backstop(writer);
    const checkpointer = WalCheckpointer.start(file, options.onCheckpointFailure ?? (() => undefined));
    return new SqliteReadModels(file, writer, checkpointer, options);
  }

  /** Drops a collection's tables (on the writer, inside the caller's transaction). */
  private dropTables(layout: TableLayout): void {
    for (const table of [...layoutTables(layout), ...existingSearchTables(this.writer, layout)]) this.writer.exec(`DROP TABLE IF EXISTS ${quoted(table)}`);
    this.writers.get(layout.collection)?.forgetSearchTables();
  }

  /** Makes a collection's tables and indexes where they are missing, and drops the indexes of its table that the layout no longer has. */
  private makeTables(layout: TableLayout): void {
    for (const ddl of layoutDdl(layout)) this.writer.exec(ddl);
    const declared = new Set(layout.indexes.map((i) => i.name));
    const stale = (this.writer.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(layout.table) as { name: string }[])
      .filter((i) => !declared.has(i.name));
    for (const index of stale) this.writer.exec(`DROP INDEX ${quoted(index.name)}`);
    for (const table of existingSearchTables(this.writer, layout)) this.writer.exec(searchSecureDelete(table));
  }

  /** The WAL checkpointed and cut to nothing; a reader holding an old snapshot (a few milliseconds) is waited for, up to 10 s. */
  async forgetReplaced(): Promise<void> {
    await cutWal(this.writer, 10_000, 'the read models\' WAL could not be cut after an erasure: a reader kept it');
  }

  async declare(models: readonly ReadModelShape[]): Promise<void> {
    for (const model of models) {
      const layouts = Object.entries(model.collections).map(([name, shape]) => tableLayout(name, shape));
      const shape = JSON.stringify(model.collections);
      this.writer.transaction(() => {
        const stored = this.writer.prepare('SELECT version, shape FROM read_models WHERE name = ?').get(model.name) as { version: number; shape: string } | undefined;
        if (stored !== undefined && (stored.version !== model.version || documentForm(stored.shape) !== documentForm(shape))) {
          // Another form of documents: emptied, and rebuilt from the log from the start.
          for (const layout of layouts) this.dropTables(layout);
          this.writer.prepare('DELETE FROM read_models WHERE name = ?').run(model.name);
        }
        for (const layout of layouts) this.makeTables(layout);
        this.writer.prepare('INSERT INTO read_models (name, version, shape) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version, shape = excluded.shape')
          .run(model.name, model.version, shape);
      }).immediate();
      for (const layout of layouts) {
        this.layouts.set(layout.collection, layout);
        this.writers.set(layout.collection, new DocumentWriter(layout, this.writes, this.options.searchIndexBatch));
      }
    }
  }

  private layout(collection: string): TableLayout {
    const layout = this.layouts.get(collection);
    if (layout === undefined) throw new Error(`No read model declares the collection "${collection}"`);
    return layout;
  }

  async get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    const row = this.reads.get(`SELECT doc FROM ${quoted(this.layout(collection).table)} WHERE id = ?`).get(id) as { doc: string } | undefined;
    return row === undefined ? null : (JSON.parse(row.doc) as T);
  }

  /** A feature's own lookup on this thread; a broad query on a reader thread. */
  async find<T extends ReadDocument>(collection: string, query: DocumentQuery, options?: ReadOptions): Promise<T[]> {
    const layout = this.layout(collection);
    if (options?.broad === true) return this.readers.run<T[]>({ op: 'find', layout, query }, options);
    return findDocuments<T>(this.reads, layout, query);
  }

  async count(collection: string, where: FieldMatch, options?: ReadOptions): Promise<number> {
    const layout = this.layout(collection);
    if (options?.broad === true) return this.readers.run<number>({ op: 'count', layout, where }, options);
    return countDocuments(this.reads, layout, where);
  }

  async checkpoint(readModel: string): Promise<Position | null> {
    const row = this.reads.get('SELECT checkpoint FROM read_models WHERE name = ?').get(readModel) as { checkpoint: string | null } | undefined;
    return row?.checkpoint ? positionFromString(row.checkpoint) : null;
  }

  saveCheckpoint(readModel: string, position: Position): Promise<void> {
    return this.serial.run(async () => {
      this.storeCheckpoint(readModel, position);
    });
  }

  private storeCheckpoint(readModel: string, position: Position): void {
    this.writes.get('INSERT INTO read_models (name, version, shape, checkpoint) VALUES (?, 0, \'{}\', ?) ON CONFLICT (name) DO UPDATE SET checkpoint = excluded.checkpoint')
      .run(readModel, positionToString(position));
  }

  applyBatch(readModel: string, upTo: Position, apply: (batch: ProjectionBatch) => Promise<void>): Promise<void> {
    return this.serial.run(async () => {
      const writer = (collection: string) => {
        const w = this.writers.get(collection);
        if (w === undefined) throw new Error(`No read model declares the collection "${collection}"`);
        return w;
      };
      const flushAll = () => {
        for (const w of this.writers.values()) w.flush();
      };
      const batch: ProjectionBatch = {
        get: async <T extends ReadDocument>(collection: string, id: string) => writer(collection).load(id) as T | null,
        // A query sees the batch's writes: they are written first.
        find: async <T extends ReadDocument>(collection: string, where: FieldMatch) => {
          flushAll();
          return findDocuments<T>(this.writes, this.layout(collection), { where });
        },
        write: async (_event, writes) => {
          for (const w of writes) writer(w.collection).apply(w);
        },
      };
      this.writer.exec('BEGIN IMMEDIATE');
      try {
        await apply(batch);
        flushAll();
        this.storeCheckpoint(readModel, upTo);
        this.writer.exec('COMMIT');
        this.statistics.afterWrite([...this.writers.values()].reduce((sum, w) => sum + w.inserted, 0));
      } catch (e) {
        if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
        throw e;
      } finally {
        for (const w of this.writers.values()) w.reset();
      }
    });
  }

  dropAll(): Promise<void> {
    return this.serial.run(async () => {
      this.writer.transaction(() => {
        for (const layout of this.layouts.values()) {
          this.dropTables(layout);
          this.makeTables(layout);
        }
        this.writer.exec('UPDATE read_models SET checkpoint = NULL');
      }).immediate();
    });
  }

  async close(): Promise<void> {
    await this.serial.drained();
    await this.checkpointer.stop();
    await this.readers.close();
    this.reads.close();
    if (this.writer.open) {
      this.writer.pragma('optimize');
      this.writer.close();
    }
  }
}
