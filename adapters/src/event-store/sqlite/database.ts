import type Database from 'better-sqlite3';
import { openSharedFile } from '../../sqlite/shared-file';

/**
 * How long a statement itself waits for another connection's lock before SQLITE_BUSY. Kept short:
 * better-sqlite3 waits on the main thread, so longer waits are made by the group commit instead,
 * with a timer, letting the event loop run in between.
 */
const BUSY_TIMEOUT_MS = 10;

/**
 * The event log: one append-only table. `position` is the rowid, so the global order is the order
 * of commits (SQLite has one writer at a time, in every process). UNIQUE(stream_name, revision) makes
 * the database refuse a second event at a revision, whichever process wrote the first; its index is
 * also the one that reads a stream (by revision, either way) and finds its last revision.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY,
    stream_name TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    event_id    TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    created     INTEGER NOT NULL,
    UNIQUE (stream_name, revision)
  );
  CREATE TABLE IF NOT EXISTS log_format (
    id             INTEGER PRIMARY KEY CHECK (id = 0),
    canonical_from INTEGER NOT NULL
  );
  INSERT OR IGNORE INTO log_format (id, canonical_from) SELECT 0, coalesce(max(position) + 1, 0) FROM events`;

/**
 * log_format.canonical_from: the first position whose data and metadata were written as canonical
 * JSON text (RFC 8785, prepareEvent); the events of a log written by an earlier version, before it,
 * were written by JSON.stringify. Set once, when the file is first opened by a version that writes
 * canonical text.
 */
export const canonicalFrom = (db: Database.Database): number =>
  (db.prepare('SELECT canonical_from FROM log_format WHERE id = 0').get() as { canonical_from: number }).canonical_from;

/**
 * The connection's page cache (in KiB, negative as SQLite takes it): the index of streams, which
 * every decision reads (a contact nobody owns is a lookup that finds nothing), stays in memory while
 * the events' own pages go by; with SQLite's default of 2 MB the appends' pages push it out, and each
 * lookup reads its pages again from the file.
 */
const CACHE_KIB = -65_536;

/**
 * Opens (or makes) the event database. WAL, so that readers (subscriptions, in this and other
 * processes) read while one writes; synchronous=NORMAL: a commit writes the WAL without fsync, and
 * the store answers an append only once WalSync has fsynced the WAL after its commit (off the event
 * loop), so an answered append is durable.
 */
export const openEventDatabase = (file: string): Database.Database => {
  // Several processes may open a fresh file at once: the first statements may need to wait for each other.
  const db = openSharedFile(file, SCHEMA, 5_000);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma(`cache_size = ${CACHE_KIB}`);
  return db;
};

export { isBusy } from '../../sqlite/wal-mode';

/** Whether an error of SQLite is the UNIQUE(stream_name, revision) constraint refusing an insert. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === 'SQLITE_CONSTRAINT_UNIQUE';
