import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db, MongoClient } from 'mongodb';
import { MongoTreeStore, SqliteTreeStore } from '@support/adapters';
import { MingoDb } from './mingo-db';
import { OpenedTree, treeStoreContract, TreeUnderTest } from './tree-store.contract';

/** How often a following store takes what was written, in these cases. */
const FOLLOW_MS = 20;

/** Closes every store opened over one tree, then runs `after`. */
const closingAll = (stores: { close(): Promise<void> }[], after: () => Promise<void> | void) => async (): Promise<void> => {
  try {
    for (const store of stores) await store.close();
  } finally {
    await after();
  }
};

/** SQLite: the tree's file in a fresh directory; another process opens the same file (read only when it follows, as a proof route's). */
treeStoreContract({
  name: 'SQLite',
  open: async (): Promise<OpenedTree> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-store-contract-'));
    const file = path.join(dir, 'transparency.sqlite');
    const writer = SqliteTreeStore.open(file);
    const stores: SqliteTreeStore[] = [writer];
    return {
      writer,
      beside: async ({ following }) => {
        const store = SqliteTreeStore.open(file, { readonly: following });
        stores.push(store);
        return store;
      },
      close: closingAll(stores, () => fs.rmSync(dir, { recursive: true, force: true })),
    };
  },
});

/** MongoDB's tree over one database: every store another process's (its own copy), over `db`. */
const mongoTree = async (db: Db, drop: () => Promise<void>): Promise<OpenedTree> => {
  const writer = await MongoTreeStore.open(db);
  const stores: MongoTreeStore[] = [writer];
  return {
    writer,
    beside: async ({ following }): Promise<TreeUnderTest> => {
      const store = await MongoTreeStore.open(db, { refreshEveryMs: following ? FOLLOW_MS : 0 });
      stores.push(store);
      return store;
    },
    close: closingAll(stores, drop),
  };
};

/** The MongoDB store's own code run without a server: over a stand-in for the driver (mingo). */
treeStoreContract({
  name: 'MongoDB store over a mingo stand-in for the driver',
  open: () => mongoTree(new MingoDb().db, async () => undefined),
});

/* MongoDB: runs only when MONGODB_URL points at a loopback server. */

const mongodbUrl = process.env.MONGODB_URL;
const LOOPBACK = /^mongodb:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?]|$)/;
const RUN = randomUUID().replace(/-/g, '').slice(0, 10);
let databases = 0;

treeStoreContract({
  name: 'MongoDB',
  skip: !mongodbUrl ? 'MONGODB_URL is not set (e.g. mongodb://127.0.0.1:27017)'
    : !LOOPBACK.test(mongodbUrl) ? 'MONGODB_URL does not point at a loopback address, and tests touch loopback only' : undefined,
  open: async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { MongoClient: Client } = require('mongodb') as typeof import('mongodb');
    const client: MongoClient = await Client.connect(mongodbUrl as string);
    databases += 1;
    const db = client.db(`tree_store_contract_${RUN}_${databases}`);
    return mongoTree(db, async () => {
      try {
        await db.dropDatabase();
      } finally {
        await client.close();
      }
    });
  },
});
