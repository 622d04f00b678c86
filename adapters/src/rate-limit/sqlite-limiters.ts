import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { LimiterFactory } from '@support/http-edge';
import { enterWalMode } from '../sqlite/wal-mode';

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
/** Counters expired this long are deleted, every SWEEP_MS (rate-limiter-flexible's own schedule). */
const KEEP_EXPIRED_MS = 3_600_000;
const SWEEP_MS = 300_000;

export const sqliteLimiters = (file: string, options: { readonly sweepMs?: number } = {}): SqliteLimiters => {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 2000');
    enterWalMode(db);
    db.pragma('synchronous = NORMAL');
    // The table rate-limiter-flexible uses, made here (IMMEDIATE: two processes starting at once
    // take turns) so that the limiters never answer "table is not created yet" at their first call.
    db.transaction(() => db.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`)).immediate();
  } catch (e) {
    db.close();
    throw e;
  }
  // Expired counters are swept here rather than by the library's own timer, which outlives close()
  // and then throws from a timer on the closed connection (an unhandled rejection ends the process).
  const sweep = setInterval(() => {
    try {
      db.prepare(`DELETE FROM ${TABLE} WHERE expire < ?`).run(Date.now() - KEEP_EXPIRED_MS);
    } catch {
      // busy or failing: the next sweep deletes them
    }
  }, options.sweepMs ?? SWEEP_MS);
  sweep.unref();
  return {
    limiters: (spec) =>
      new RateLimiterSQLite({
        storeClient: db,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: spec.keyPrefix,
        points: spec.points,
        duration: spec.durationSeconds,
      }),
    close: () => {
      clearInterval(sweep);
      db.close();
    },
  };
};
