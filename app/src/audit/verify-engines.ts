import { existsSync } from 'node:fs';
import path from 'node:path';
import { MongoTreeStore, SqliteTreeStore, TRANSPARENCY_FILE, TREE_COLLECTION } from '@support/adapters';
import type { EventStoreDbEventStore } from '@support/adapters/dist/distributed';
import { thrownMessage } from '@support/domain';
import { distributedAdapters } from '../distributed-adapters';
import { Settings } from '../settings';
import { AuditedLog, AuditedTree } from './verify-distributed';

/**
 * The log through a store that reads its user events forwards to the end (EventStoreDbEventStore's
 * readAll over $all) and one stream's events (to ask for the revision before a gap).
 */
export const readableLog = (store: Pick<EventStoreDbEventStore, 'readAll' | 'readStream'>): AuditedLog => ({
  events: (after) => store.readAll(after),
  hasRevision: async (streamName, revision) => {
    for await (const event of store.readStream(streamName, { fromRevision: revision, maxCount: 1 })) return event.revision === revision;
    return false;
  },
});

/** The tree in MongoDB as the audit reads it: from the store's copy (MongoTreeStore.open took it). */
export const auditedMongoTree = (stored: MongoTreeStore): AuditedTree => ({
  leaves: (from) => stored.leavesFrom(from), leaf: (index) => stored.leaf(index), checkpoints: () => stored.checkpoints(),
});

export interface EngineSources {
  readonly log: AuditedLog;
  readonly tree: AuditedTree;
  close(): Promise<void>;
}

/**
 * What `npm run verify` reads with EVENTSTORE_URL set, as the service keeps it: the log in
 * EventStoreDB; the tree and its checkpoints in MongoDB beside the read models (MONGODB_URL: taken
 * into a temporary SQLite copy, as each process of the service does, removed at close), else in
 * DATA_DIR/transparency.sqlite (read only). Nothing is written to either server.
 * `refused`: the command cannot run as asked (no tree yet).
 */
export const openEngineSources = async (settings: Settings & { readonly eventStoreUrl: string }): Promise<EngineSources | { refused: string }> => {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => undefined);
  };
  try {
    let tree: AuditedTree;
    if (settings.mongodbUrl) {
      const inMongo = (e: unknown) => new Error(`taking the tree from MongoDB (MONGODB_URL): ${thrownMessage(e)}`);
      const mongo = await distributedAdapters().MongoReadModels.connect(settings.mongodbUrl).catch((e: unknown) => Promise.reject(inMongo(e)));
      closers.push(() => mongo.close());
      const stored = await MongoTreeStore.open(mongo.client.db(mongo.databaseName)).catch((e: unknown) => Promise.reject(inMongo(e)));
      closers.push(() => stored.close());
      if (stored.state().size === 0 && stored.latestCheckpoint() === null) {
        await close();
        return { refused: `no tree in MongoDB (database ${mongo.databaseName}, collection ${TREE_COLLECTION}): start the projectors once on MONGODB_URL so that they build it` };
      }
      tree = auditedMongoTree(stored);
    } else {
      const treeFile = path.join(settings.dataDir, TRANSPARENCY_FILE);
      if (!existsSync(treeFile)) return { refused: `no tree at ${treeFile}: run verify where the projectors keep it (their DATA_DIR), or set MONGODB_URL when the tree is in MongoDB` };
      const stored = SqliteTreeStore.open(treeFile, { readonly: true });
      closers.push(() => stored.close());
      tree = stored;
    }
    const store = distributedAdapters().EventStoreDbEventStore.connect(settings.eventStoreUrl);
    closers.push(() => store.close());
    return { log: readableLog(store), tree, close };
  } catch (error) {
    await close();
    throw error;
  }
};
