import { Worker } from 'node:worker_threads';
import { DECLARE_LEASE, LEASES_COLLECTION } from '@support/adapters/dist/read-models/mongodb/declare-lease';

/** What the contract's holdDeclareLock answers: once the lock is held, the moment it is let go. */
export interface HeldLock {
  readonly released: Promise<number>;
}

/** What a lease holder needs of a MongoDB database (the driver's Db, or the tests' stand-in). */
interface LeaseDb {
  collection(name: string): {
    insertOne(doc: Record<string, unknown>): Promise<unknown>;
    deleteOne(filter: Record<string, unknown>): Promise<unknown>;
  };
}

/** Another process's declare lease in this database, live for a minute, deleted after `ms`. */
export const holdMongoLease = async (db: LeaseDb, ms: number): Promise<HeldLock> => {
  const leases = db.collection(LEASES_COLLECTION);
  await leases.insertOne({ _id: DECLARE_LEASE, owner: 'another-process', expiresAt: new Date(Date.now() + 60_000) });
  const released = new Promise<number>((resolve, reject) => {
    setTimeout(() => {
      leases.deleteOne({ _id: DECLARE_LEASE, owner: 'another-process' }).then(() => resolve(Date.now()), reject);
    }, ms);
  });
  return { released };
};

/** SQLite's write lock of the file (BEGIN IMMEDIATE), taken on another thread and let go after `ms`. */
export const holdSqliteWriteLock = (file: string, ms: number): Promise<HeldLock> => new Promise((held, failed) => {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.module);
    const db = new Database(workerData.file);
    db.exec('BEGIN IMMEDIATE');
    parentPort.postMessage({ held: true });
    setTimeout(() => { db.exec('COMMIT'); const at = Date.now(); db.close(); parentPort.postMessage({ releasedAt: at }); }, workerData.ms);
  `;
  const worker = new Worker(code, { eval: true, workerData: { file, ms, module: require.resolve('better-sqlite3') } });
  let release: (at: number) => void = () => undefined;
  const released = new Promise<number>((resolve) => (release = resolve));
  worker.on('message', (m: { held?: boolean; releasedAt?: number }) => {
    if (m.held === true) held({ released });
    if (m.releasedAt !== undefined) release(m.releasedAt);
  });
  worker.on('error', failed);
});
