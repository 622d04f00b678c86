import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { fileSize, renameImported } from '../../files/rename-imported';
import { legacyJournalPath, readJournal, type JournalRecord } from './legacy-journal';
import { openJobDatabase } from './job-database';

/** A job of the old journal as it goes into `jobs`. */
interface ImportedJob {
  readonly id: string;
  readonly kind: string;
  readonly dedupeId: string;
  readonly payload: unknown;
  /** Epoch ms; 0 for a finished job, whose publish time the journal no longer holds. */
  readonly publishedAt: number;
  state: 'ready' | 'acked' | 'dead';
  deliveryCount: number;
  /** Epoch ms before which it is not delivered (a retry delay); 0 when none. */
  notBefore: number;
  dead: { readonly reason: string; readonly deadAt: number } | null;
}

/**
 * Imports the embedded job queue's journal kept in `oldDir` (written by the embedded job queue of
 * earlier versions, `<oldDir>/jobs.journal.jsonl`) into the SQLite queue database `file`, once:
 * only when the journal holds something and the database has no jobs and no publisher positions
 * yet; otherwise answers null and changes nothing.
 *
 * The journal is read with the read-only legacy reader (legacy-journal/) and folded line by line
 * as the old queue folded it, and the state it describes is written:
 * - pending jobs (in flight ones too) as `ready`, with their id, kind, payload, dedupe id, publish
 *   time and deliveries begun so far (`attempts`), visible at their retry time when they wait for
 *   one, else at their publish time (so they are claimed in publish order);
 * - dead letters as `dead`, with their reason, time and deliveries;
 * - finished (acked) jobs as `acked` rows without payload, so a dispatcher that publishes one of
 *   their dedupe ids again is told it is a duplicate (a journal the old queue compacted holds only
 *   the dedupe id of a job finished before: it gets a fresh id and published_at 0);
 * - each publisher's last position.
 * All in one IMMEDIATE transaction that commits only after the counts are verified. Then the old
 * folder is renamed to `<oldDir>.imported-<UTC timestamp>` (kept, not deleted). A damaged journal
 * stops the import with an error naming the file and the line (a torn last line is dropped, as
 * the old queue dropped it). Run before the service opens the queue.
 */
export async function importEmbeddedJobs(oldDir: string, file: string): Promise<{ jobs: number; positions: number } | null> {
  const dir = resolve(oldDir);
  const journalPath = legacyJournalPath(dir);
  if ((await fileSize(journalPath)) === null) return null;

  const { jobs, positions } = importedState(await readJournal(journalPath));
  if (jobs.length === 0 && positions.size === 0) return null;

  const db = openJobDatabase(file);
  try {
    // The import's commit must be on disk before the old folder is renamed, whatever the queue's own setting.
    db.pragma('synchronous = FULL');
    if (!writeState(db, journalPath, jobs, positions)) return null;
  } finally {
    db.close();
  }
  await renameImported(dir);
  return { jobs: jobs.length, positions: positions.size };
}

/**
 * The jobs and positions a journal describes, jobs in the journal's order. As in the old queue, an
 * outcome counts only for a job still pending (published, neither acked nor dead).
 */
function importedState(records: readonly JournalRecord[]): { jobs: ImportedJob[]; positions: Map<string, string> } {
  const jobs: ImportedJob[] = [];
  const byId = new Map<string, ImportedJob>();
  const dedupeIds = new Set<string>();
  const positions = new Map<string, string>();
  const job = (id: string, change: (job: ImportedJob) => void): void => {
    const found = byId.get(id);
    if (found !== undefined && found.state === 'ready') change(found);
  };
  for (const record of records) {
    switch (record.t) {
      case 'published': {
        if (dedupeIds.has(`${record.kind}\u0000${record.dedupeId}`)) break;
        dedupeIds.add(`${record.kind}\u0000${record.dedupeId}`);
        const published: ImportedJob = {
          id: record.id, kind: record.kind, dedupeId: record.dedupeId, payload: record.payload,
          publishedAt: Date.parse(record.publishedAt), state: 'ready', deliveryCount: 0, notBefore: 0, dead: null,
        };
        jobs.push(published);
        byId.set(record.id, published);
        break;
      }
      case 'delivered':
        job(record.id, (j) => (j.deliveryCount = Math.max(j.deliveryCount, record.deliveryCount)));
        break;
      case 'retry':
        job(record.id, (j) => (j.notBefore = Date.parse(record.notBefore)));
        break;
      case 'dead':
        job(record.id, (j) => {
          j.state = 'dead';
          j.dead = { reason: record.reason, deadAt: Date.parse(record.deadAt) };
        });
        break;
      case 'acked':
        job(record.id, (j) => (j.state = 'acked'));
        break;
      case 'dedupe':
        // Left by the old queue's compaction for a job finished before it.
        if (dedupeIds.has(`${record.kind}\u0000${record.dedupeId}`)) break;
        dedupeIds.add(`${record.kind}\u0000${record.dedupeId}`);
        jobs.push({
          id: randomUUID(), kind: record.kind, dedupeId: record.dedupeId, payload: null,
          publishedAt: 0, state: 'acked', deliveryCount: 0, notBefore: 0, dead: null,
        });
        break;
      case 'position':
        positions.set(record.publisher, record.position);
        break;
    }
  }
  return { jobs, positions };
}

/** Writes the state in one transaction; false (nothing written) when the database already holds jobs or positions. */
function writeState(db: Database.Database, journalPath: string, jobs: readonly ImportedJob[], positions: ReadonlyMap<string, string>): boolean {
  const occupied = db.prepare('SELECT (SELECT count(*) FROM jobs) + (SELECT count(*) FROM publisher_positions) AS n').pluck();
  const insertJob = db.prepare(
    `INSERT INTO jobs (id, kind, dedupe_id, payload, published_at, state, attempts, visible_at, dead_reason, dead_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPosition = db.prepare('INSERT INTO publisher_positions (publisher, position) VALUES (?, ?)');
  const counts = db.prepare('SELECT (SELECT count(*) FROM jobs) AS jobs, (SELECT count(*) FROM publisher_positions) AS positions');
  const write = db.transaction((): boolean => {
    if ((occupied.get() as number) > 0) return false;
    for (const job of jobs) {
      insertJob.run(
        job.id,
        job.kind,
        job.dedupeId,
        job.state === 'acked' ? null : (JSON.stringify(job.payload) ?? 'null'),
        job.publishedAt,
        job.state,
        job.deliveryCount,
        job.state === 'ready' ? Math.max(job.publishedAt, job.notBefore) : null,
        job.dead?.reason ?? null,
        job.dead?.deadAt ?? null,
      );
    }
    for (const [publisher, position] of positions) insertPosition.run(publisher, position);
    const written = counts.get() as { jobs: number; positions: number };
    if (written.jobs !== jobs.length || written.positions !== positions.size) {
      throw new Error(
        `import of the job queue journal ${journalPath} did not verify: ${written.jobs} jobs and ${written.positions} positions ` +
          `where ${jobs.length} and ${positions.size} were due`,
      );
    }
    return true;
  });
  return write.immediate();
}
