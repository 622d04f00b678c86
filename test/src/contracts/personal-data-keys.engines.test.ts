import { join } from 'node:path';
import { SqliteDataKeys, SqliteEventStore } from '@support/adapters';
import { EventStore } from '@support/domain';
import { makeTempDir } from '../event-store/sqlite-engine';
import { sealedLogContract } from './personal-data-keys.contract';

/** The embedded key store in a folder of its own, beside a log `openLog` opens. */
const withSqliteKeys = async (openLog: (dir: string) => EventStore) => {
  const temp = await makeTempDir();
  const keys = SqliteDataKeys.open(join(temp.dir, 'keys.sqlite'));
  const log = openLog(temp.dir);
  return {
    keys, log, keysBeside: () => SqliteDataKeys.open(join(temp.dir, 'keys.sqlite')),
    cleanup: async () => {
      await keys.close();
      await log.close();
      await temp.remove();
    },
  };
};

sealedLogContract('SQLite keys, SQLite log', () => withSqliteKeys((dir) => SqliteEventStore.open({ file: join(dir, 'events.sqlite') })));

/* MongoDB's key collection and EventStoreDB's log: only where their servers run (loopback addresses only). */
const mongodbUrl = process.env.MONGODB_URL;
const eventStoreUrl = process.env.EVENTSTORE_URL;
const LOOPBACK = /^[a-z+]+:\/\/(?:[^@/]*@)?(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?(?:[/?]|$)/;
const skipOf = (url: string | undefined, name: string): string | undefined =>
  !url ? `${name} is not set` : !LOOPBACK.test(url) ? `${name} does not point at a loopback address, and tests touch loopback only` : undefined;

/** The distributed adapters, loaded only where a server runs (they load the clients). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const distributed = () => require('@support/adapters/dist/distributed') as typeof import('@support/adapters/dist/distributed');

sealedLogContract('MongoDB keys, SQLite log', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoClient } = require('mongodb') as typeof import('mongodb');
  const client = await MongoClient.connect(mongodbUrl!);
  const database = `keys_contract_${Date.now().toString(36)}`;
  const temp = await makeTempDir();
  const log = SqliteEventStore.open({ file: join(temp.dir, 'events.sqlite') });
  return {
    keys: distributed().MongoDataKeys.open(client, database), log, keysBeside: () => distributed().MongoDataKeys.open(client, database),
    cleanup: async () => {
      await client.db(database).dropDatabase();
      await client.close();
      await log.close();
      await temp.remove();
    },
  };
}, skipOf(mongodbUrl, 'MONGODB_URL'));

sealedLogContract('SQLite keys, EventStoreDB log', () => withSqliteKeys(() => distributed().EventStoreDbEventStore.connect(eventStoreUrl!)), skipOf(eventStoreUrl, 'EVENTSTORE_URL'));
