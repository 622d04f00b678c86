import type { Collection, Document, ReadStore } from '@support/domain';
import { type Db, MongoClient } from 'mongodb';
import { MongoCollection } from './mongo-collection';
import { SubstringFields } from './substring-fields';

const DEFAULT_DATABASE = 'support';

/** The database named in a connection string's path, if any (`mongodb://host/name?…`). */
export function databaseInUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url);
  return match === null ? undefined : decodeURIComponent(match[1]);
}

/**
 * Read models in MongoDB. Fields holding undefined are left out of writes (ignoreUndefined),
 * as the embedded store does; `_id`s stay strings (see withStringUpsertId).
 */
export class MongoReadStore implements ReadStore {
  private readonly substrings = new SubstringFields();

  private constructor(
    /** The connected client, for other users of the same server (e.g. rate-limit counters). */
    readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  /** Connects to `url`; the database is `dbName`, else the one in the URL, else "support". */
  static async connect(url: string, dbName?: string): Promise<MongoReadStore> {
    const client = new MongoClient(url, { ignoreUndefined: true });
    await client.connect();
    return new MongoReadStore(client, client.db(dbName ?? databaseInUrl(url) ?? DEFAULT_DATABASE));
  }

  get databaseName(): string {
    return this.db.databaseName;
  }

  collection<T extends Document = Document>(name: string): Collection<T> {
    return new MongoCollection<T>(this.db.collection(name), this.substrings);
  }

  /** Drops every collection of the database except MongoDB's own `system.*` ones. */
  async dropAll(): Promise<void> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    for (const { name } of collections) {
      if (!name.startsWith('system.')) await this.db.dropCollection(name);
    }
    this.substrings.clear();
  }

  /** Drops the whole database (tests use a database of their own per run). */
  async dropDatabase(): Promise<void> {
    await this.db.dropDatabase();
    this.substrings.clear();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
