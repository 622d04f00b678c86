import type Database from 'better-sqlite3';
import type { DeadLetter, Job, JobKindStats } from '@support/domain';
import { toDeadLetter, toJob, type DeadRow, type JobRow } from './job-rows';

const JOB_COLUMNS = 'id, kind, dedupe_id, payload, published_at, attempts';
const PENDING = "state IN ('ready', 'leased')";

/** What a claim asks for: up to `take` jobs of a kind, leased to `owner` until `now + leaseMs`. */
interface ClaimRequest {
  readonly kind: string;
  readonly take: number;
  readonly owner: string;
  readonly leaseMs: number;
  /** A claimable job already delivered this many times is buried instead (its last delivery got no outcome). */
  readonly maxDeliver: number;
  readonly overdueReason: string;
  readonly now: number;
}

/**
 * Every read and write of the queue, as statements prepared once on one connection. Each write is
 * one statement (atomic by itself) except a claim, which is one IMMEDIATE transaction: it takes the
 * write lock before it reads, so two connections, in this process or another, never claim one job.
 */
export class JobStore {
  private readonly insertJob: Database.Statement;
  private readonly peekClaimable: Database.Statement;
  private readonly buryOverdue: Database.Statement;
  private readonly leaseJobs: Database.Statement;
  private readonly extendLease: Database.Statement;
  private readonly ackJob: Database.Statement;
  private readonly retryJob: Database.Statement;
  private readonly buryJob: Database.Statement;
  private readonly selectDead: Database.Statement;
  private readonly countKind: Database.Statement;
  private readonly insertKindConsumer: Database.Statement;
  private readonly selectKindConsumer: Database.Statement;
  private readonly selectPosition: Database.Statement;
  private readonly upsertPosition: Database.Statement;
  private readonly claimTransaction: Database.Transaction<(request: ClaimRequest) => JobRow[]>;

  constructor(db: Database.Database) {
    this.insertJob = db.prepare(
      `INSERT INTO jobs (id, kind, dedupe_id, payload, published_at, state, visible_at)
       VALUES (?, ?, ?, ?, ?, 'ready', ?) ON CONFLICT (kind, dedupe_id) DO NOTHING`,
    );
    // Read without the write lock: an idle consumer's poll costs a read, not a lock.
    this.peekClaimable = db.prepare(`SELECT 1 FROM jobs WHERE kind = ? AND ${PENDING} AND visible_at <= ? AND attempts >= ? LIMIT 1`).pluck();
    this.buryOverdue = db.prepare(
      `UPDATE jobs SET state = 'dead', dead_reason = ?, dead_at = ?, visible_at = NULL, lease_owner = NULL
       WHERE kind = ? AND ${PENDING} AND visible_at <= ? AND attempts >= ?`,
    );
    this.leaseJobs = db.prepare(
      `UPDATE jobs SET state = 'leased', attempts = attempts + 1, visible_at = ?, lease_owner = ?
       WHERE seq IN (SELECT seq FROM jobs WHERE kind = ? AND ${PENDING} AND visible_at <= ? ORDER BY visible_at, seq LIMIT ?)
       RETURNING seq, ${JOB_COLUMNS}`,
    );
    // The outcome of delivery (id, attempts) counts only while its lease runs, as on NATS: after
    // that the job is someone else's (or will be), and a late outcome is dropped.
    const ownDelivery = "id = ? AND attempts = ? AND state = 'leased' AND visible_at > ?";
    this.ackJob = db.prepare(`UPDATE jobs SET state = 'acked', payload = NULL, visible_at = NULL, lease_owner = NULL WHERE ${ownDelivery}`);
    this.retryJob = db.prepare(`UPDATE jobs SET state = 'ready', visible_at = ?, lease_owner = NULL WHERE ${ownDelivery}`);
    this.extendLease = db.prepare(`UPDATE jobs SET visible_at = ? WHERE ${ownDelivery}`);
    this.buryJob = db.prepare(`UPDATE jobs SET state = 'dead', dead_reason = ?, dead_at = ?, visible_at = NULL, lease_owner = NULL WHERE ${ownDelivery}`);
    this.selectDead = db.prepare(`SELECT ${JOB_COLUMNS}, dead_reason, dead_at FROM jobs WHERE kind = ? AND state = 'dead' ORDER BY dead_at, seq`);
    this.countKind = db.prepare(`SELECT (SELECT count(*) FROM jobs WHERE kind = ? AND ${PENDING}) AS depth, (SELECT count(*) FROM jobs WHERE kind = ? AND state = 'dead') AS dead`);
    this.insertKindConsumer = db.prepare('INSERT INTO kind_consumers (kind, consumer) VALUES (?, ?) ON CONFLICT (kind) DO NOTHING');
    this.selectKindConsumer = db.prepare('SELECT consumer FROM kind_consumers WHERE kind = ?').pluck();
    this.selectPosition = db.prepare('SELECT position FROM publisher_positions WHERE publisher = ?').pluck();
    this.upsertPosition = db.prepare('INSERT INTO publisher_positions (publisher, position) VALUES (?, ?) ON CONFLICT (publisher) DO UPDATE SET position = excluded.position');
    this.claimTransaction = db.transaction((request: ClaimRequest) => {
      const { kind, now } = request;
      this.buryOverdue.run(request.overdueReason, now, kind, now, request.maxDeliver);
      if (request.take <= 0) return [];
      const rows = this.leaseJobs.all(now + request.leaseMs, request.owner, kind, now, request.take) as (JobRow & { seq: number })[];
      return rows.sort((a, b) => a.seq - b.seq);
    });
  }

  /** Queues a job; false when its kind already has a job of this dedupe id. */
  publish(job: { readonly id: string; readonly kind: string; readonly dedupeId: string; readonly payloadJson: string; readonly now: number }): boolean {
    return this.insertJob.run(job.id, job.kind, job.dedupeId, job.payloadJson, job.now, job.now).changes === 1;
  }

  /**
   * Buries the kind's claimable jobs that have had their last delivery, and leases up to `take`
   * others, oldest visible first. Jobs come back with their new delivery count.
   */
  claim(request: ClaimRequest): Job[] {
    // With no free slot only a burial can be due; then only such jobs are worth the lock.
    const minAttempts = request.take > 0 ? 0 : request.maxDeliver;
    if (this.peekClaimable.get(request.kind, request.now, minAttempts) === undefined) return [];
    return this.claimTransaction.immediate(request).map(toJob);
  }

  ack(id: string, attempts: number, now: number): void {
    this.ackJob.run(id, attempts, now);
  }

  /** Moves the end of this delivery's lease to `until`; false when the lease had already run out. */
  extend(id: string, attempts: number, until: number, now: number): boolean {
    return this.extendLease.run(until, id, attempts, now).changes === 1;
  }

  retry(id: string, attempts: number, visibleAt: number, now: number): void {
    this.retryJob.run(visibleAt, id, attempts, now);
  }

  bury(id: string, attempts: number, reason: string, now: number): void {
    this.buryJob.run(reason, now, id, attempts, now);
  }

  deadLetters(kind: string): DeadLetter[] {
    return (this.selectDead.all(kind) as DeadRow[]).map(toDeadLetter);
  }

  stats(kind: string): JobKindStats {
    const row = this.countKind.get(kind, kind) as { depth: number; dead: number };
    return { depth: row.depth, deadLetters: row.dead };
  }

  /** Makes `consumer` the kind's durable consumer if it has none; answers the one it has. */
  durableConsumer(kind: string, consumer: string): string {
    this.insertKindConsumer.run(kind, consumer);
    return this.selectKindConsumer.get(kind) as string;
  }

  publisherPosition(publisher: string): string | null {
    return (this.selectPosition.get(publisher) as string | undefined) ?? null;
  }

  savePublisherPosition(publisher: string, position: string): void {
    this.upsertPosition.run(publisher, position);
  }
}
