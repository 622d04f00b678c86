import type Database from 'better-sqlite3';
import { openSharedFile } from '../../sqlite/shared-file';

/**
 * The tables of the queue. One row per job, for ever (an acked job drops its payload but keeps its
 * dedupe id, so a publisher that publishes it again is turned away, as the port asks).
 *
 * `state` is ready | leased | acked | dead. `visible_at` (epoch ms) is when the job may next be
 * claimed: while ready it is the publish or retry time, while leased it is the lease's expiry, so a
 * job whose consumer died is claimable again once its lease runs out, by the same query. `attempts`
 * counts deliveries begun; a delivery is named by (id, attempts), and an outcome for any other
 * delivery is ignored.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS jobs (
    seq          INTEGER PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL,
    dedupe_id    TEXT NOT NULL,
    payload      TEXT,
    published_at INTEGER NOT NULL,
    state        TEXT NOT NULL CHECK (state IN ('ready', 'leased', 'acked', 'dead')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    visible_at   INTEGER,
    lease_owner  TEXT,
    dead_reason  TEXT,
    dead_at      INTEGER,
    UNIQUE (kind, dedupe_id)
  );
  -- The jobs a consumer may claim, in the order it claims them.
  CREATE INDEX IF NOT EXISTS jobs_pending ON jobs (kind, visible_at) WHERE state IN ('ready', 'leased');
  -- A kind's dead letters, oldest first.
  CREATE INDEX IF NOT EXISTS jobs_dead ON jobs (kind, dead_at) WHERE state = 'dead';
  -- The one durable consumer name of each kind (a work queue has one, as on NATS).
  CREATE TABLE IF NOT EXISTS kind_consumers (
    kind     TEXT PRIMARY KEY,
    consumer TEXT NOT NULL
  );
  -- Where each job dispatcher has got to in the event log (JobQueue.savePublisherPosition).
  CREATE TABLE IF NOT EXISTS publisher_positions (
    publisher TEXT PRIMARY KEY,
    position  TEXT NOT NULL
  );
`;

/** How long a statement waits for another connection's write lock before it fails. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens (or makes) the queue's own database file. WAL, so that several processes read and write it
 * at once. synchronous=NORMAL: a commit is not fsynced (the WAL is, at each checkpoint). A power
 * cut may then undo the last commits, but only a tail of them, in order (WAL), and every job is
 * published by a dispatcher from the event log, which saves its position here after the jobs: the
 * position goes back with the jobs, and the dispatcher publishes them again from the log (dedupe
 * ids keep the ones that survived from running twice). A lost ack delivers its job again, as any
 * at-least-once queue may.
 */
export function openJobDatabase(file: string): Database.Database {
  return openSharedFile(file, SCHEMA, BUSY_TIMEOUT_MS);
}
