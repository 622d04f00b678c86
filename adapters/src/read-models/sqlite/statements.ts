import type Database from 'better-sqlite3';

/** Prepared statements of one connection, made once per SQL text. */
export class Statements {
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
