import type Database from 'better-sqlite3';
import { DataKey, PersonalDataKeys } from '@support/domain';
import { cutWal } from '../sqlite/cut-wal';
import { openSharedFile } from '../sqlite/shared-file';
import { KeyPool } from './key-pool';

/** The embedded key store's file in DATA_DIR. */
export const PERSONAL_DATA_KEYS_FILE = 'personal-data-keys.sqlite';

const SCHEMA = `CREATE TABLE IF NOT EXISTS data_keys (id INTEGER PRIMARY KEY AUTOINCREMENT, key BLOB NOT NULL)`;
/** Keys stored per write: a create seals about three events. */
const BATCH = 1024;
/** How long an erasure waits for readers of the key store before cutting its WAL. */
const TRUNCATE_WAIT_MS = 5_000;
/** Ids asked for per statement. */
const FIND_CHUNK = 256;

/**
 * The keys that seal personal data, in a SQLite file of their own beside the log (every process of
 * the data directory shares it). Made to forget: `secure_delete` zeroes a deleted key's bytes in
 * the file, and after an erasure the WAL is checkpointed and truncated, so no copy of the key stays
 * on disk; ids are never reused (AUTOINCREMENT). Each batch of new keys is written with
 * synchronous=FULL: durable before any event sealed with them is appended.
 */
export class SqliteDataKeys implements PersonalDataKeys {
  private readonly pool: KeyPool;
  private readonly insert: Database.Statement<[Buffer]>;
  private readonly selects = new Map<number, Database.Statement>();

  private constructor(private readonly db: Database.Database) {
    this.insert = db.prepare('INSERT INTO data_keys (key) VALUES (?)');
    const store = db.transaction((keys: readonly Buffer[]) => keys.map((k) => String(this.insert.run(k).lastInsertRowid)));
    this.pool = new KeyPool(async (keys) => store.immediate(keys), BATCH);
  }

  static open(file: string): SqliteDataKeys {
    const db = openSharedFile(file, SCHEMA, 10_000);
    db.pragma('secure_delete = ON');
    db.pragma('synchronous = FULL');
    return new SqliteDataKeys(db);
  }

  take(): Promise<DataKey> {
    return this.pool.take();
  }

  async find(ids: readonly string[]): Promise<ReadonlyMap<string, Buffer>> {
    return this.findNow(ids);
  }

  findNow(ids: readonly string[]): ReadonlyMap<string, Buffer> {
    const found = new Map<string, Buffer>();
    for (let i = 0; i < ids.length; i += FIND_CHUNK) {
      const chunk = ids.slice(i, i + FIND_CHUNK).map(Number).filter(Number.isSafeInteger);
      if (chunk.length === 0) continue;
      const rows = this.selectOf(chunk.length).all(...chunk) as [number, Buffer][];
      for (const [id, key] of rows) found.set(String(id), key);
    }
    return found;
  }

  /** The SELECT of `count` ids, prepared once per count. */
  private selectOf(count: number): Database.Statement {
    let statement = this.selects.get(count);
    if (statement === undefined) {
      statement = this.db.prepare(`SELECT id, key FROM data_keys WHERE id IN (${Array.from({ length: count }, () => '?').join(',')})`).raw(true);
      this.selects.set(count, statement);
    }
    return statement;
  }

  async erase(ids: readonly string[]): Promise<number> {
    const numbers = ids.map(Number).filter(Number.isSafeInteger);
    const remove = this.db.prepare('DELETE FROM data_keys WHERE id = ?');
    const deleted = this.db.transaction(() => numbers.reduce((n, id) => n + remove.run(id).changes, 0)).immediate();
    // The deleted keys' cells are zeroed in the file; the WAL, which may still hold earlier images of their pages, is cut.
    await cutWal(this.db, TRUNCATE_WAIT_MS, 'the key store\'s WAL could not be truncated after an erasure: another process kept reading it');
    return deleted;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
