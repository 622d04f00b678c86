import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteReadModels, SqliteReadModelsOptions } from '@support/adapters';
import type { ReadModels } from '@support/domain';
import { readModelsContract } from './read-models.contract';
import { holdMongoLease, holdSqliteWriteLock } from './declare-lock-holders';

/** Closes the engine, then runs `after` (removing its file, dropping its database). */
const closingWith = <M extends ReadModels>(models: M, after: () => Promise<void> | void): M => {
  const close = models.close.bind(models);
  models.close = async () => {
    try {
      await close();
    } finally {
      await after();
    }
  };
  return models;
};

/** Another process's hold of the file's write lock, and another engine over the same file. */
const sqliteHooks = {
  holdDeclareLock: (models: ReadModels, ms: number) => holdSqliteWriteLock((models as SqliteReadModels).file, ms),
  openBeside: async (models: ReadModels) => SqliteReadModels.open((models as SqliteReadModels).file),
};

/** SQLite in a fresh directory, removed at close. */
const sqliteEngine = (options: SqliteReadModelsOptions) => async (): Promise<ReadModels> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-models-contract-'));
  try {
    return closingWith(SqliteReadModels.open(path.join(dir, 'read-models.sqlite'), options), () => fs.rmSync(dir, { recursive: true, force: true }));
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
};

// As the service runs it: the tickets of these cases stay below the search index's batch, so their text is searched where it waits.
readModelsContract({ name: 'SQLite', streamsSnapshot: true, open: sqliteEngine({}), ...sqliteHooks });
// The search text put into the FTS5 index every 7 tickets: searches find tickets in the index and waiting at once.
readModelsContract({ name: 'SQLite, search index every 7 tickets', streamsSnapshot: true, open: sqliteEngine({ searchIndexBatch: 7 }), ...sqliteHooks });

/* MongoDB: runs only when MONGODB_URL points at a loopback server, and the engine exists in this build. */

interface MongoReadModelsClass {
  connect(url: string, options?: { readonly databaseName?: string }): Promise<ReadModels>;
}

/** What the hooks read of a MongoReadModels: its client and database. */
type MongoModels = ReadModels & { readonly client: import('mongodb').MongoClient; readonly databaseName: string };

/** Where the MongoDB engine may be exported from (the distributed adapters, or its own folder). */
const MONGO_MODULES = ['@support/adapters/dist/distributed', '@support/adapters/dist/read-models/mongodb', '@support/adapters'];

/** The MongoReadModels class, loaded lazily (it loads the MongoDB driver), or why it cannot be. */
const loadMongoReadModels = (): MongoReadModelsClass | string => {
  const problems: string[] = [];
  for (const name of MONGO_MODULES) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const found = (require(name) as { MongoReadModels?: MongoReadModelsClass }).MongoReadModels;
      if (typeof found?.connect === 'function') return found;
      problems.push(`${name} has no MongoReadModels`);
    } catch (e) {
      problems.push(`${name}: ${String((e as Error).message).split('\n')[0]}`);
    }
  }
  return `MongoReadModels is not in this build (${problems.join('; ')})`;
};

const mongodbUrl = process.env.MONGODB_URL;
const LOOPBACK = /^mongodb:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?]|$)/;

const mongoSkip = (): string | undefined => {
  if (!mongodbUrl) return 'MONGODB_URL is not set (e.g. mongodb://127.0.0.1:27017)';
  if (!LOOPBACK.test(mongodbUrl)) return 'MONGODB_URL does not point at a loopback address, and tests touch loopback only';
  const found = loadMongoReadModels();
  return typeof found === 'string' ? found : undefined;
};

/** The URL with this database name as its path (the query string kept). */
const withDatabase = (url: string, database: string): string => url.replace(/^(mongodb:\/\/[^/?]+)(?:\/[^?]*)?/, `$1/${database}`);

const RUN = randomUUID().replace(/-/g, '').slice(0, 10);
let databases = 0;

readModelsContract({
  name: 'MongoDB',
  skip: mongoSkip(),
  holdDeclareLock: (models, ms) => holdMongoLease((models as MongoModels).client.db((models as MongoModels).databaseName) as never, ms),
  openBeside: async (models) => {
    const MongoReadModels = loadMongoReadModels();
    if (typeof MongoReadModels === 'string' || !mongodbUrl) throw new Error('MongoDB is not available');
    const database = (models as MongoModels).databaseName;
    return MongoReadModels.connect(withDatabase(mongodbUrl, database), { databaseName: database });
  },
  open: async () => {
    if (!mongodbUrl) throw new Error('MONGODB_URL is not set');
    const MongoReadModels = loadMongoReadModels();
    if (typeof MongoReadModels === 'string') throw new Error(MongoReadModels);
    databases += 1;
    const database = `read_models_contract_${RUN}_${databases}`;
    const models = await MongoReadModels.connect(withDatabase(mongodbUrl, database), { databaseName: database });
    return closingWith(models, async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { MongoClient } = require('mongodb') as typeof import('mongodb');
      const client = await MongoClient.connect(mongodbUrl);
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    });
  },
});
