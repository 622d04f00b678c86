import { open, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { thrownMessage, type RecordedEvent } from '@support/domain';
import { lockDir } from '../../files/lock/dir-lock';
import { LegacyLogIndex, readLegacyEvents, scanLegacyLog } from './legacy-log';
import { openEventDatabase } from './database';
import { fileSize, renameImported } from '../../files/rename-imported';

/** The embedded store's log file in its folder (the embedded store of earlier versions; see legacy-log/). */
const EMBEDDED_LOG_FILE = 'events.log';
/**
 * Largest record accepted: the embedded store's default largest append (8 MiB) with room to spare,
 * in case a larger `maxAppendBytes` was configured. Only a sanity bound on a record's length field.
 */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;
/** Events read from the old log and inserted per savepoint, and the most bytes such a batch reads. */
const BATCH_EVENTS = 10_000;
const BATCH_BYTES = 16 * 1024 * 1024;
/** How long this connection waits for another's write lock (the import itself holds it throughout). */
const IMPORT_BUSY_TIMEOUT_MS = 5_000;

/**
 * Imports the embedded event log kept in `oldDir` (written by the embedded event store of earlier
 * versions, `<oldDir>/events.log`) into the SQLite event database `file`, once: only when the
 * folder holds a log with events and the database has no events yet; otherwise answers null and
 * changes nothing.
 *
 * Each event keeps its stream, revision, id, type, data, metadata, creation time and its position:
 * the row's `position` (rowid, commit = prepare) is the old sequence number, from 0, so checkpoints
 * of read models and dispatchers stay valid and new appends continue after the last imported one.
 *
 * The log is checked whole first with a read-only scan (legacy-log/: checksums, positions and
 * revisions in sequence, appends complete) that never truncates: any damage, a torn tail included,
 * stops the import with an Error naming the log file and the byte offset. Then the events are
 * read with the legacy log reader and inserted in batches of 10,000 (savepoints)
 * inside one IMMEDIATE transaction, which commits only after the count and the first and last
 * positions are verified: a crash or failure mid-import leaves the database as empty as it was.
 * Finally the old folder is renamed to `<oldDir>.imported-<UTC timestamp>` (kept, not deleted).
 *
 * The old folder is locked as the embedded store locks it while importing, so a still-running old
 * service on it is refused. Run before the service opens the database.
 */
export async function importEmbeddedLog(oldDir: string, file: string): Promise<{ events: number } | null> {
  const dir = resolve(oldDir);
  const logPath = join(dir, EMBEDDED_LOG_FILE);
  const size = await fileSize(logPath);
  if (size === null || size === 0) return null;

  const db = openEventDatabase(file);
  let imported: number;
  try {
    db.pragma(`busy_timeout = ${IMPORT_BUSY_TIMEOUT_MS}`);
    // The import's commit must be on disk before the old folder is renamed, whatever the store's own setting.
    db.pragma('synchronous = FULL');
    if (hasEvents(db)) return null;
    const lock = await lockDir(dir);
    try {
      const log = await open(logPath, 'r');
      try {
        const index = await scanLog(log, logPath);
        if (index.count === 0) return null;
        const copied = await copyEvents(db, log, logPath, index);
        if (copied === null) return null;
        imported = copied;
      } finally {
        await log.close();
      }
    } finally {
      await lock.release();
    }
  } finally {
    db.close();
  }
  await renameImported(dir);
  return { events: imported };
}

const hasEvents = (db: Database.Database): boolean => db.prepare('SELECT 1 FROM events LIMIT 1').get() !== undefined;

/** The index of every record of the log (legacy-log/log-scan.ts): damage anywhere makes it throw, naming the file, the byte and the record. */
async function scanLog(log: FileHandle, logPath: string): Promise<LegacyLogIndex> {
  try {
    return await scanLegacyLog(log, logPath, MAX_RECORD_BYTES);
  } catch (error) {
    throw new Error(`cannot import the embedded event log: ${thrownMessage(error)}; nothing was imported`, { cause: error });
  }
}

/** Inserts every event of the log with its own position, in one transaction; answers how many (null: another connection wrote events first). */
async function copyEvents(db: Database.Database, log: FileHandle, logPath: string, index: LegacyLogIndex): Promise<number | null> {
  const reader = (from: number, to: number): Promise<RecordedEvent[]> => readLegacyEvents(log, index, from, to, MAX_RECORD_BYTES);
  const insert = db.prepare<[number, string, number, string, string, string, string, number]>(
    'INSERT INTO events (position, stream_name, revision, event_id, type, data, metadata, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertBatch = db.transaction((events: readonly RecordedEvent[]) => {
    for (const e of events) {
      insert.run(
        Number(e.position.commit), e.streamName, Number(e.revision), e.id, e.type,
        JSON.stringify(e.data) ?? 'null', JSON.stringify(e.metadata) ?? '{}', e.created.getTime(),
      );
    }
  });
  const count = index.count;
  db.exec('BEGIN IMMEDIATE');
  try {
    // Checked again under the write lock: another connection may have appended (or imported) since.
    if (hasEvents(db)) {
      db.exec('ROLLBACK');
      return null;
    }
    for (let from = 0; from < count; ) {
      const to = index.batchEnd(from, count, BATCH_EVENTS, BATCH_BYTES);
      insertBatch(await readBatch(reader, logPath, index, from, to));
      from = to;
    }
    const check = db.prepare('SELECT count(*) AS n, min(position) AS lo, max(position) AS hi FROM events').get() as { n: number; lo: number | null; hi: number | null };
    if (check.n !== count || check.lo !== 0 || check.hi !== count - 1) {
      throw new Error(
        `import of the embedded event log ${logPath} did not verify: ${check.n} events at positions ${check.lo}..${check.hi} where ${count} at 0..${count - 1} were due`,
      );
    }
    db.exec('COMMIT');
    return count;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** The events at positions `from` .. `to - 1`; a record that fails to read is named with its byte offset. */
async function readBatch(
  reader: (from: number, to: number) => Promise<RecordedEvent[]>, logPath: string, index: LegacyLogIndex, from: number, to: number,
): Promise<RecordedEvent[]> {
  try {
    return await reader(from, to);
  } catch {
    // Find the record that fails, to name it.
    for (let position = from; position < to; position += 1) {
      try {
        await reader(position, position + 1);
      } catch (error) {
        throw new Error(
          `cannot import the embedded event log: event log ${logPath} is damaged at byte ${index.offsetOf(position)} (position ${position}): ${thrownMessage(error)}`,
          { cause: error },
        );
      }
    }
    throw new Error(`cannot import the embedded event log: event log ${logPath} could not be read at bytes ${index.offsetOf(from)}..${index.endOf(to - 1)}`);
  }
}
