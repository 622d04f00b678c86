import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { enterWalMode } from '../../sqlite/wal-mode';

/** "SUPR" (support read models): marks a file as this service's read-model database. */
export const READ_MODELS_APPLICATION_ID = 0x53555052;
/** The layout of the meta tables this build writes; a file of a higher number is from a newer build. */
export const READ_MODELS_FORMAT = 1;

/** Startup stops with this: the file, what is wrong and what to do. */
export class ReadModelFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadModelFileError';
  }
}

const REBUILD_HINT = 'the read models are rebuilt from the event log at the next start';

/** What an error of SQLite says about the file, for the operator. */
const describe = (file: string, e: unknown): Error => {
  const code = String((e as { code?: unknown })?.code ?? '');
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new ReadModelFileError(`The read-model database ${file} is damaged (${code}): stop the service, move the file (and its -wal and -shm files) away, and start again; ${REBUILD_HINT}.`);
  }
  return e instanceof Error ? e : new Error(String(e));
};

/**
 * Opens (or makes) the read-model database for writing: WAL, so that readers in this and other
 * processes read while the projections write; synchronous=NORMAL, since a read model lost to a
 * power cut is rebuilt from its checkpoint (the documents and the checkpoint commit together);
 * secure_delete, so that what a write replaces is gone from the file.
 */
export const openWriter = (file: string): Database.Database => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Database.Database | null = null;
  try {
    db = new Database(file);
    db.pragma('busy_timeout = 10000');
    // Pages of 8 KB: a ticket's row (its JSON and columns, 2-3 KB) fits a few to a page, and a
    // projection's commit (a leaf page of each index it touched) writes half what 16 KB pages write.
    // Taken only by a file this connection makes.
    db.pragma('page_size = 8192');
    // Checked, and marked as ours when new, in one transaction under the write lock: a process
    // making the file at the same moment is waited for, never seen half made. A file that is not
    // ours is checked before anything is written to it (WAL mode included), and left as it was.
    const connection = db;
    connection.transaction(() => checkOrMark(file, connection)).immediate();
    enterWalMode(db);
    db.pragma('synchronous = NORMAL');
    // A document replaced or deleted leaves no bytes of its old text in the file (an erasure's placeholders, docs/api/erasure.md).
    db.pragma('secure_delete = ON');
    db.pragma('cache_size = -32768');
    db.pragma('temp_store = MEMORY');
    return db;
  } catch (e) {
    db?.close();
    throw describe(file, e);
  }
};

/** Inside the writer's first transaction: a file of another application or of a newer build stops the start; a new one is marked as ours. */
const checkOrMark = (file: string, db: Database.Database): void => {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const format = db.pragma('user_version', { simple: true }) as number;
  const empty = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n === 0;
  if (empty && applicationId === 0 && format === 0) {
    db.pragma(`application_id = ${READ_MODELS_APPLICATION_ID}`);
    db.pragma(`user_version = ${READ_MODELS_FORMAT}`);
  } else if (applicationId !== READ_MODELS_APPLICATION_ID) {
    throw new ReadModelFileError(`${file} is not a read-model database of this service (application id ${applicationId}): point DATA_DIR elsewhere, or move the file away; ${REBUILD_HINT}.`);
  } else if (format > READ_MODELS_FORMAT) {
    throw new ReadModelFileError(`The read-model database ${file} was written by a newer version of the service (format ${format}, this one knows ${READ_MODELS_FORMAT}): run that version, or move the file away; ${REBUILD_HINT}.`);
  }
};

/** A connection that only reads (queries, the export's snapshot). */
export const openReader = (file: string): Database.Database => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  db.pragma('cache_size = -16384');
  return db;
};
