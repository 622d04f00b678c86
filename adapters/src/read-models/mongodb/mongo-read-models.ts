import {
  CollectionShape, DocumentQuery, FieldMatch, Position, ProjectionBatch, ReadDocument, ReadModels, ReadModelShape, ReadOptions, TicketReads, TICKETS_COLLECTION,
} from '@support/domain';
import { type Db, type Document, MongoClient } from 'mongodb';
import { indexDescriptions } from './collection-indexes';
import { DEFAULT_DATABASE, databaseInUrl } from './database-url';
import { DECLARE_LEASE, DeclareLease } from './declare-lease';
import { needsReset } from './document-form';
import { EventWriter } from './event-writer';
import { documentSort, fieldMatchFilter } from './field-match-filter';
import { indexChanges } from './index-changes';
import { HIDDEN_FIELDS } from './internal-fields';
import { withinBudget } from './read-budget';
import { ReadModelMeta } from './read-model-meta';
import { MongoTicketReads } from './ticket-reads';
import { OneAtATime } from '../one-at-a-time';

/** MongoDB's error code for a collection that does not exist (a drop of it on servers before 7.0, its listIndexes). */
const NAMESPACE_NOT_FOUND = 26;

/** A find or count with a read budget: a broad one (an analyst's filter) or one with a deadline; a feature's own lookup runs as it is. */
const budgeted = (options: ReadOptions | undefined): boolean => options !== undefined && (options.broad === true || options.deadline !== undefined);

/**
 * The read models in a MongoDB database: a collection per declared collection (the projection's
 * documents with two internal fields, the position guard and the search grams, that no read
 * returns), its declared indexes, and `read_models` for versions, shapes and checkpoints.
 *
 * A batch's writes are applied event by event as the projection makes them (its reads go to
 * MongoDB and see them), each document's guarded by its event's position (see event-writer); the
 * checkpoint is written after them (see position-guard). Batches, checkpoint saves, declares and
 * drops run one at a time; declares and drops also hold a lease across processes (declare-lease),
 * as SQLite holds its write lock for them.
 * Reads need no declare (a query process reads what the projectors declared); writes refuse a
 * collection no read model of this process declared, since the writer keeps its grams.
 */
export class MongoReadModels implements ReadModels {
  readonly databaseName: string;
  readonly tickets: TicketReads;
  private readonly meta: ReadModelMeta;
  private readonly writer: EventWriter;
  private readonly lease: DeclareLease;
  private readonly shapes = new Map<string, CollectionShape>();
  /** Batches, checkpoint saves, declares and drops: one at a time (a batch awaits its projection's reads). */
  private readonly serial = new OneAtATime();

  /**
   * Over a database of a connected client. `closeClient`: close the client with the read models
   * (connect's default); else the client stays with its owner.
   */
  constructor(
    /** The connected client, for other users of the same server (the rate limiters' counters). */
    readonly client: MongoClient,
    private readonly db: Db,
    private readonly options: { readonly closeClient?: boolean } = {},
  ) {
    this.databaseName = db.databaseName;
    this.meta = new ReadModelMeta(db);
    this.lease = new DeclareLease(db);
    this.writer = new EventWriter(db, (collection) => this.searchFieldOf(collection));
    this.tickets = new MongoTicketReads(() => db.collection(TICKETS_COLLECTION), (readModel) => this.checkpoint(readModel));
  }

  /**
   * Connects to `url`; the database is `databaseName`, else the one in the URL, else "support".
   * Fields holding undefined are left out of what the client sends (ignoreUndefined).
   */
  static async connect(url: string, options: { readonly databaseName?: string } = {}): Promise<MongoReadModels> {
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    return new MongoReadModels(client, client.db(options.databaseName ?? databaseInUrl(url) ?? DEFAULT_DATABASE), { closeClient: true });
  }

  /**
   * Each read model under the declare lease (one process at a time, as SQLite's BEGIN IMMEDIATE):
   * one met for the first time, or of another version or document form (document-form), is emptied
   * first: its collections dropped (also those written by an older adapter in the same database,
   * whose documents and guards would outlive the replay) and its checkpoint forgotten, so that it is
   * rebuilt from the log. Then its indexes are brought to those declared in place (a change of
   * indexes alone keeps the documents), and its version and shape are stored, still under the lease.
   */
  declare(models: readonly ReadModelShape[]): Promise<void> {
    return this.serial.run(async () => {
      for (const model of models) {
        const shape = JSON.stringify(model.collections);
        await this.lease.holding(DECLARE_LEASE, async () => {
          const reset = needsReset(await this.meta.find(model.name), model.version, shape);
          if (reset) for (const name of Object.keys(model.collections)) await this.dropCollection(name);
          for (const [name, collection] of Object.entries(model.collections)) await this.applyIndexes(name, collection);
          await this.meta.declared(model.name, model.version, shape, reset);
        });
        for (const [name, collection] of Object.entries(model.collections)) this.shapes.set(name, collection);
      }
    });
  }

  /** Drops the collection's indexes that are no longer declared (or declared with other keys) and makes those missing; the documents stay. */
  private async applyIndexes(name: string, shape: CollectionShape): Promise<void> {
    const collection = this.db.collection(name);
    const existing = await collection.indexes().catch((e: unknown) => {
      if ((e as { code?: unknown })?.code === NAMESPACE_NOT_FOUND) return [];
      throw e;
    });
    const changes = indexChanges(existing, indexDescriptions(shape));
    for (const index of changes.drop) await collection.dropIndex(index);
    if (changes.create.length > 0) await collection.createIndexes(changes.create);
  }

  private async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (e) {
      if ((e as { code?: unknown })?.code !== NAMESPACE_NOT_FOUND) throw e;
    }
  }

  private searchFieldOf(collection: string): string | null {
    const shape = this.shapes.get(collection);
    if (shape === undefined) throw new Error(`No read model declares the collection "${collection}"`);
    return shape.search ?? null;
  }

  get<T extends ReadDocument>(collection: string, id: string): Promise<T | null> {
    return this.db.collection(collection).findOne<T>({ _id: id as unknown as Document['_id'] }, { projection: HIDDEN_FIELDS });
  }

  /**
   * The field match as a filter, sorted as asked then by id; a limit of 0 reads nothing (as on
   * SQLite; MongoDB's would read all). A broad query, or one with a deadline, runs within its read
   * budget (read-budget), as SQLite's reader threads run them.
   */
  async find<T extends ReadDocument>(collection: string, query: DocumentQuery, options?: ReadOptions): Promise<T[]> {
    if (query.limit !== undefined && query.limit < 1) return [];
    const read = (maxTimeMS?: number) => this.db
      .collection(collection)
      .find<T>(fieldMatchFilter(query.where), {
        sort: documentSort(query.sort),
        projection: HIDDEN_FIELDS,
        ...(query.skip !== undefined && query.skip > 0 ? { skip: query.skip } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
        ...(maxTimeMS !== undefined ? { maxTimeMS } : {}),
      })
      .toArray();
    return budgeted(options) ? withinBudget(options as ReadOptions, read) : read();
  }

  count(collection: string, where: FieldMatch, options?: ReadOptions): Promise<number> {
    const read = (maxTimeMS?: number) => this.db.collection(collection).countDocuments(fieldMatchFilter(where), maxTimeMS !== undefined ? { maxTimeMS } : {});
    return budgeted(options) ? withinBudget(options as ReadOptions, read) : read();
  }

  checkpoint(readModel: string): Promise<Position | null> {
    return this.meta.checkpoint(readModel);
  }

  saveCheckpoint(readModel: string, position: Position): Promise<void> {
    return this.serial.run(() => this.meta.saveCheckpoint(readModel, position));
  }

  /**
   * The projection reads and writes MongoDB directly (a write is applied before `write` resolves,
   * so the batch's next reads see it); once `apply` resolves the checkpoint moves to `upTo`. A
   * failed batch leaves its applied writes and the old checkpoint: its events are replayed under
   * the guard.
   */
  applyBatch(readModel: string, upTo: Position, apply: (batch: ProjectionBatch) => Promise<void>): Promise<void> {
    return this.serial.run(async () => {
      const batch: ProjectionBatch = {
        get: (collection, id) => this.get(collection, id),
        find: (collection, where) => this.find(collection, { where }),
        write: (event, writes) => this.writer.write(event, writes),
      };
      await apply(batch);
      await this.meta.saveCheckpoint(readModel, upTo);
    });
  }

  /**
   * Drops the collections of every read model, those declared here and those the `read_models`
   * entries name, makes the indexes of those declared here again, and forgets every checkpoint.
   */
  dropAll(): Promise<void> {
    return this.serial.run(() => this.lease.holding(DECLARE_LEASE, async () => {
      const names = new Set(this.shapes.keys());
      for (const entry of await this.meta.all()) {
        try {
          for (const name of Object.keys(JSON.parse(entry.shape) as Record<string, unknown>)) names.add(name);
        } catch {
          // An entry without a readable shape names no collections.
        }
      }
      for (const name of names) await this.dropCollection(name);
      for (const [name, shape] of this.shapes) await this.applyIndexes(name, shape);
      await this.meta.clearCheckpoints();
    }));
  }

  /** Drops the whole database (tests use a database of their own per run). */
  dropDatabase(): Promise<void> {
    return this.serial.run(async () => {
      await this.db.dropDatabase();
      this.shapes.clear();
    });
  }

  /** Waits for the work under way, then closes the client if it was opened here. */
  async close(): Promise<void> {
    await this.serial.drained();
    if (this.options.closeClient === true) await this.client.close();
  }
}
