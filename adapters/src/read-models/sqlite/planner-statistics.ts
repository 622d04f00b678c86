import type Database from 'better-sqlite3';

/** Rows ANALYZE reads of an index at most: the statistics of a large table stay quick to gather. */
const ANALYSIS_LIMIT = 1_000;
/** How often, at most, the statistics are looked at while the read models are written. */
const EVERY_MS = 30_000;
/** Documents inserted before the first look; then each look waits for as many again as before (1,000, 2,000, 4,000, ...). */
const FIRST_INSERTS = 1_000;

/**
 * SQLite's query planner chooses between indexes by their statistics (sqlite_stat1); without them
 * it may walk an account's tickets by date, probing each, where a lookup of a phone's few tickets
 * was right. `PRAGMA optimize` gathers the statistics of every table never analyzed or grown (or
 * shrunk) a lot since. It runs at open and, while the projections write, whenever the documents
 * inserted since the last look outnumber those before it (a rebuild grows the tables from nothing
 * in seconds) and at most every 30 s otherwise. Connections plan with the statistics they loaded
 * when they read the schema: when optimize gathered any, `analyzed` is told (the queries' reader is
 * opened again).
 */
export class PlannerStatistics {
  private lastAt = 0;
  private lookAtInserts = FIRST_INSERTS;

  constructor(private readonly db: Database.Database, private readonly analyzed: () => void, private readonly now: () => number = Date.now) {
    this.db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    this.optimize();
  }

  /** After a batch: `inserted` is the number of documents the writer has inserted since it was opened. */
  afterWrite(inserted: number): void {
    if (inserted < this.lookAtInserts && this.now() - this.lastAt < EVERY_MS) return;
    this.optimize();
    this.lookAtInserts = Math.max(FIRST_INSERTS, inserted * 2);
  }

  private optimize(): void {
    const before = this.statisticsFingerprint();
    // 0x10002: analyze every table that needs it, not only those this connection has queried.
    this.db.pragma('optimize = 0x10002');
    this.lastAt = this.now();
    if (this.statisticsFingerprint() !== before) this.analyzed();
  }

  /** A fingerprint of the gathered statistics (they are few rows), to tell whether optimize gathered any. */
  private statisticsFingerprint(): string {
    const present = this.db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get() !== undefined;
    if (!present) return '';
    return (this.db.prepare("SELECT group_concat(tbl || ' ' || coalesce(idx, '') || ' ' || stat, ';') AS s FROM sqlite_stat1").get() as { s: string | null }).s ?? '';
  }
}
