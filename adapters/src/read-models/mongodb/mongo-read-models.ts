import {
  CollectionShape, DocumentQuery, FieldMatch, Position, ProjectionBatch, ReadDocument, ReadModels, ReadModelShape, TicketReads, TICKETS_COLLECTION,
} from '@support/domain';
import { type Db, type Document, MongoClient } from 'mongodb';
import { indexDescriptions } from './collection-indexes';
import { DEFAULT_DATABASE, databaseInUrl } from './database-url';
import { EventWriter } from './event-writer';
import { documentSort, fieldMatchFilter } from './field-match-filter';
import { HIDDEN_FIELDS } from './internal-fields';
import { ReadModelMeta } from './read-model-meta';
import { MongoTicketReads } from './ticket-reads';
import { OneAtATime } from '../one-at-a-time';

/** MongoDB's error code for a collection that does not exist (a drop of it on servers before 7.0). */
const NAMESPACE_NOT_FOUND = 26;

/**
 * The read models in a MongoDB database: a collection per declared collection (the projection's
 * documents with two internal fields, the position guard and the search grams, that no read
 * returns), its declared indexes, and `read_models` for versions, shapes and checkpoints.
 *
 * A batch's writes are applied event by event as the projection makes them (its reads go to
 * MongoDB and see them), each document's guarded by its event's position (see event-writer); the
 * checkpoint is written after them (see position-guard). Batches, checkpoint saves, declares and
 * drops run one at a time.
 * Reads need no declare (a query process reads what the projectors declared); writes refuse a
 * collection no read model of this process declared, since the writer keeps its grams.
 */
export class MongoReadModels implements ReadModels {
  readonly databaseName: string;
  readonly tickets: TicketReads;
  private readonly meta: ReadModelMeta;
  private readonly writer: EventWriter;
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
   * A read model met for the first time, or of another version or shape, is emptied first: its
   * collections dropped (also those written by an older adapter in the same database, whose
   * documents and guards would outlive the replay) and its checkpoint forgotten, so that it is
   * rebuilt from the log. Then the indexes are made (createIndexes keeps those that exist).
   */
  declare(models: readonly ReadModelShape[]): Promise<void> {
    return this.serial.run(async () => {
      for (const model of models) {
        const shape = JSON.stringify(model.collections);
        const stored = await this.meta.find(model.name);
        const reset = stored === null || stored.version !== model.version || stored.shape !== shape;
        if (reset) for (const name of Object.keys(model.collections)) await this.dropCollection(name);
        for (const [name, collection] of Object.entries(model.collections)) {
          await this.createIndexes(name, collection);
          this.shapes.set(name, collection);
        }
        await this.meta.declared(model.name, model.version, shape, reset);
      }
    });
  }

  private async createIndexes(name: string, shape: CollectionShape): Promise<void> {
    const indexes = indexDescriptions(shape);
    if (indexes.length > 0) await this.db.collection(name).createIndexes(indexes);
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

  /** The field match as a filter, sorted as asked then by id; a limit of 0 reads nothing (as on SQLite; MongoDB's would read all). */
  async find<T extends ReadDocument>(collection: string, query: DocumentQuery): Promise<T[]> {
    if (query.limit !== undefined && query.limit < 1) return [];
    return this.db
      .collection(collection)
      .find<T>(fieldMatchFilter(query.where), {
        sort: documentSort(query.sort),
        projection: HIDDEN_FIELDS,
        ...(query.skip !== undefined && query.skip > 0 ? { skip: query.skip } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
      })
      .toArray();
  }

  count(collection: string, where: FieldMatch): Promise<number> {
    return this.db.collection(collection).countDocuments(fieldMatchFilter(where));
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
    return this.serial.run(async () => {
      const names = new Set(this.shapes.keys());
      for (const entry of await this.meta.all()) {
        try {
          for (const name of Object.keys(JSON.parse(entry.shape) as Record<string, unknown>)) names.add(name);
        } catch {
          // An entry without a readable shape names no collections.
        }
      }
      for (const name of names) await this.dropCollection(name);
      for (const [name, shape] of this.shapes) await this.createIndexes(name, shape);
      await this.meta.clearCheckpoints();
    });
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
