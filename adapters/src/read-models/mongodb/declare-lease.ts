import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Collection, Db, Document } from 'mongodb';
import { isDuplicateKey } from './position-guard';

/** The collection of leases (one document a lease: `_id`, `owner`, `expiresAt`). */
export const LEASES_COLLECTION = 'read_model_leases';
/** The lease every declare takes, in every process over the database (SQLite's BEGIN IMMEDIATE). */
export const DECLARE_LEASE = 'declare';

interface Lease {
  _id: string;
  owner: string;
  expiresAt: Date;
}

export interface LeaseTimings {
  /** How long a lease lasts unless renewed (a holder that died loses it after this). */
  readonly ttlMs: number;
  /** Between two attempts to take a lease another process holds. */
  readonly retryMs: number;
  /** How long to wait for a lease before giving up with an error naming its holder. */
  readonly maxWaitMs: number;
}

export const LEASE_TIMINGS: LeaseTimings = { ttlMs: 30_000, retryMs: 100, maxWaitMs: 10 * 60_000 };

/**
 * The filter that matches the lease when `owner` may take it: it has expired (by the server's
 * clock, so the processes' clocks need not agree) or `owner` holds it already. Pure.
 */
export const takeFilter = (name: string, owner: string): Document => ({
  _id: name,
  $or: [{ owner }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }],
});

/** The update that makes `owner` the holder until `ttlMs` from the server's now (an update pipeline, for $$NOW). Pure. */
export const takeUpdate = (owner: string, ttlMs: number): Document[] => [{ $set: { owner, expiresAt: { $add: ['$$NOW', ttlMs] } } }];

/**
 * What one attempt to take the lease tells: with an upsert, a lease held by another (live) owner
 * matches no document, and the insert of its `_id` then fails with a duplicate key. Pure.
 */
export const attemptOutcome = (result: { readonly owner?: unknown } | null, error: unknown, owner: string): 'taken' | 'held' => {
  if (error !== undefined) {
    if (isDuplicateKey(error)) return 'held';
    throw error;
  }
  return result !== null && result.owner === owner ? 'taken' : 'held';
};

/** A name for this holder that says where it runs (host and process), unique per lease holder. */
export const leaseOwner = (): string => `${os.hostname()}:${process.pid}:${randomUUID()}`;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A lock across processes as a lease document: taken with one atomic findOneAndUpdate (upsert)
 * that matches only a lease free for this owner, renewed while held (every third of its time to
 * live), released at the end, and taken over by another only once it has expired (its holder died).
 */
export class DeclareLease {
  private readonly leases: Collection<Lease>;
  readonly owner = leaseOwner();

  constructor(db: Db, private readonly timings: LeaseTimings = LEASE_TIMINGS) {
    this.leases = db.collection<Lease>(LEASES_COLLECTION);
  }

  /** Runs `work` holding the lease `name`, waiting for it while another process holds it. */
  async holding<T>(name: string, work: () => Promise<T>): Promise<T> {
    await this.take(name);
    const renewal = setInterval(() => void this.renew(name).catch(() => undefined), Math.max(1, Math.floor(this.timings.ttlMs / 3)));
    renewal.unref();
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.leases.deleteOne({ _id: name, owner: this.owner });
    }
  }

  private async take(name: string): Promise<void> {
    const giveUpAt = Date.now() + this.timings.maxWaitMs;
    for (;;) {
      const attempt = await this.leases
        .findOneAndUpdate(takeFilter(name, this.owner), takeUpdate(this.owner, this.timings.ttlMs), { upsert: true, returnDocument: 'after' })
        .then((result) => ({ result, error: undefined }), (error: unknown) => ({ result: null, error }));
      if (attemptOutcome(attempt.result, attempt.error, this.owner) === 'taken') return;
      if (Date.now() >= giveUpAt) {
        const holder = await this.leases.findOne({ _id: name });
        throw new Error(`The read models' ${name} lease is held by ${holder?.owner ?? 'another process'} (until ${holder?.expiresAt?.toISOString() ?? '?'}); waited ${this.timings.maxWaitMs} ms`);
      }
      await sleep(this.timings.retryMs);
    }
  }

  private async renew(name: string): Promise<void> {
    await this.leases.updateOne({ _id: name, owner: this.owner }, takeUpdate(this.owner, this.timings.ttlMs));
  }
}
