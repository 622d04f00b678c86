import type Database from 'better-sqlite3';

/** Where prepared statements come from, by SQL text. */
export interface StatementSource {
  get(sql: string): Database.Statement;
}

/** Prepared statements of one connection, made once per SQL text. */
export class Statements implements StatementSource {
  private readonly cache = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  get(sql: string): Database.Statement {
    let statement = this.cache.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      // Queries made from analysts' conditions vary; the writer's and the list's are few.
      if (this.cache.size >= 500) this.cache.clear();
      this.cache.set(sql, statement);
    }
    return statement;
  }
}

/** A reader is opened again at most this long after it was opened (see ReaderStatements). */
const REOPEN_AFTER_MS = 60_000;

/**
 * The statements of the connection that answers queries, opened again a minute after it was
 * opened (and when asked to): a connection plans with the statistics it loaded when it read the
 * schema, and keeps them, so a reader opened before the tables had statistics (a start on empty read
 * models, a rebuild) would go on planning without them.
 */
export class ReaderStatements implements StatementSource {
  private current: Statements;
  private openedAt: number;
  /** A snapshot is being read: the connection is not opened again until it ends. */
  private holding = false;

  constructor(private readonly open: () => Database.Database, private readonly now: () => number = Date.now) {
    this.current = new Statements(open());
    this.openedAt = now();
  }

  get(sql: string): Database.Statement {
    if (!this.holding && this.now() - this.openedAt >= REOPEN_AFTER_MS) this.reopen();
    return this.current.get(sql);
  }

  /** Runs `work` in one read transaction: every query it makes sees the same moment of the file. */
  inSnapshot<T>(work: () => T): T {
    if (this.now() - this.openedAt >= REOPEN_AFTER_MS) this.reopen();
    const db = this.current.db;
    this.holding = true;
    db.exec('BEGIN');
    try {
      return work();
    } finally {
      db.exec('COMMIT');
      this.holding = false;
    }
  }

  /** A new connection from now on (the old one closed: its statements ran to completion, being synchronous). */
  reopen(): void {
    const old = this.current;
    this.current = new Statements(this.open());
    this.openedAt = this.now();
    old.db.close();
  }

  close(): void {
    this.current.db.close();
  }
}
