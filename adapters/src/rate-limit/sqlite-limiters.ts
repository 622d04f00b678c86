import type Database from 'better-sqlite3';
import { RateLimiterSQLite } from 'rate-limiter-flexible';
import { LimiterFactory } from '@support/http-edge';
import { openSharedFile } from '../sqlite/shared-file';

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

/**
 * The connection as rate-limiter-flexible sees it, with each statement prepared once: the library
 * prepares its upsert anew at every consume (compiling the SQL again, for every rate-limited request).
 * And without a transaction around its one statement: the library wraps its upsert (one INSERT ... ON
 * CONFLICT ... RETURNING) in `db.transaction(...)`, which makes a transaction function anew at every
 * consume and runs BEGIN and COMMIT around the statement; one statement is its own transaction in
 * SQLite, as atomic without them.
 */
const preparingOnce = (db: Database.Database): Database.Database => {
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string): Database.Statement => {
    const known = statements.get(source);
    if (known !== undefined) return known;
    const statement = db.prepare(source);
    statements.set(source, statement);
    return statement;
  };
  // Other members reach the connection itself (its native methods refuse any other `this`).
  return new Proxy(db, {
    get: (target, key) => {
      if (key === 'prepare') return prepare;
      if (key === 'transaction') return <F extends (...args: never[]) => unknown>(work: F): F => work;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};

export const sqliteLimiters = (file: string, options: { readonly sweepMs?: number } = {}): SqliteLimiters => {
  // The table rate-limiter-flexible uses, made here so that the limiters never answer "table is not created yet" at their first call.
  const db = openSharedFile(file, `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`, 2_000);
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
  const limitersConnection = preparingOnce(db);
  return {
    limiters: (spec) =>
      new RateLimiterSQLite({
        storeClient: limitersConnection,
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
