import type Database from 'better-sqlite3';

/** Rows ANALYZE reads of an index at most: statistics of a table of millions in milliseconds. */
const ANALYSIS_LIMIT = 1_000;
/** How often, at most, the statistics are looked at while the read models are written. */
const EVERY_MS = 30_000;

/**
 * SQLite's query planner chooses between indexes by their statistics (sqlite_stat1): without them,
 * a list by phone at a million tickets walked the account's tickets by date probing each (76 ms)
 * instead of looking the phone up (under 1 ms). `PRAGMA optimize` gathers the statistics of every
 * table never analyzed or grown (or shrunk) a lot since; run at open and, while the projections
 * write, at most every 30 s (a rebuild from the log grows the tables from nothing). Connections
 * plan with the statistics they loaded when they read the schema: when optimize gathered any,
 * `analyzed` is told (the queries' reader is opened again).
 */
export class PlannerStatistics {
  private lastAt = 0;

  constructor(private readonly db: Database.Database, private readonly analyzed: () => void, private readonly now: () => number = Date.now) {
    this.db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    this.optimize();
  }

  afterWrite(): void {
    if (this.now() - this.lastAt >= EVERY_MS) this.optimize();
  }

  private optimize(): void {
    const before = this.statisticsChanged();
    // 0x10002: analyze every table that needs it, not only those this connection has queried.
    this.db.pragma('optimize = 0x10002');
    this.lastAt = this.now();
    if (this.statisticsChanged() !== before) this.analyzed();
  }

  /** A fingerprint of the gathered statistics (they are few rows), to tell whether optimize gathered any. */
  private statisticsChanged(): string {
    const present = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
    if (!present) return '';
    return (this.db.prepare("SELECT group_concat(tbl || ' ' || coalesce(idx, '') || ' ' || stat, ';') AS s FROM sqlite_stat1").get() as { s: string | null }).s ?? '';
  }
}
