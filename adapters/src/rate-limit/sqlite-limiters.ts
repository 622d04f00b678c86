import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { LimiterFactory } from '@support/http-edge';

/** The rate-limit counters' own file in DATA_DIR, beside the other embedded engines' files. */
export const RATE_LIMITS_FILE = 'rate-limits.sqlite';
const TABLE = 'rate_limits';

export interface SqliteLimiters {
  readonly limiters: LimiterFactory;
  close(): void;
}

/**
 * Counters in a SQLite file, shared by every process of the machine that opens it (each consume is
 * one upsert in its own transaction) and kept across restarts. WAL, so the gateways' counts do not
 * wait for each other's readers; synchronous=NORMAL: a power cut may forget the last counts, which
 * only gives the callers back a few requests.
 */
export const sqliteLimiters = (file: string): SqliteLimiters => {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 2000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // The table rate-limiter-flexible uses, made here (IMMEDIATE: two processes starting at once
    // take turns) so that the limiters never answer "table is not created yet" at their first call.
    db.transaction(() => db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`)).immediate();
  } catch (e) {
    db.close();
    throw e;
  }
  return {
    limiters: (spec) =>
      new RateLimiterSQLite({
        storeClient: db,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: true,
        keyPrefix: spec.keyPrefix,
        points: spec.points,
        duration: spec.durationSeconds,
      }),
    close: () => db.close(),
  };
};
