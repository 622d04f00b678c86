import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { enterWalMode } from './wal-mode';

/**
 * Opens (or makes) a SQLite file that the processes sharing a data directory open, possibly all at
 * once on a new directory: WAL (readers beside the writer; entered with enterWalMode's retry),
 * synchronous=NORMAL, and `schema` made in an IMMEDIATE transaction so that processes starting
 * together take turns making the tables. `busyTimeoutMs` is how long these first statements wait
 * for each other. Closed again if any step fails.
 */
export const openSharedFile = (file: string, schema: string, busyTimeoutMs: number): Database.Database => {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    enterWalMode(db);
    db.pragma('synchronous = NORMAL');
    db.transaction(() => db.exec(schema)).immediate();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};
