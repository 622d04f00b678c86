import type { DeadLetter, Job } from '@support/domain';
import type { JournalRecord, PublishedRecord } from './journal-records';

/** A published job that is neither acked nor dead. */
export interface PendingJob {
  readonly published: PublishedRecord;
  /** Deliveries begun so far. */
  readonly deliveryCount: number;
  /** Epoch ms before which it is not delivered (a retry delay). */
  readonly notBefore: number;
}

/**
 * What the journal says, folded: pending jobs (publish order), dead letters per kind
 * (oldest first), every dedupe id ever published per kind and each publisher's last position. The same fold rebuilds the
 * state on open and keeps it while the queue runs.
 */
export class JobLedger {
  private readonly pendingJobs = new Map<string, PendingJob>();
  private readonly dead = new Map<string, { readonly published: PublishedRecord; readonly letter: DeadLetter }[]>();
  private readonly dedupeIds = new Map<string, Set<string>>();
  private readonly positions = new Map<string, string>();

  apply(record: JournalRecord): void {
    switch (record.t) {
      case 'published':
        this.dedupeOf(record.kind).add(record.dedupeId);
        this.pendingJobs.set(record.id, { published: record, deliveryCount: 0, notBefore: 0 });
        return;
      case 'delivered':
        this.update(record.id, (p) => ({ ...p, deliveryCount: Math.max(p.deliveryCount, record.deliveryCount) }));
        return;
      case 'retry':
        this.update(record.id, (p) => ({ ...p, notBefore: Date.parse(record.notBefore) }));
        return;
      case 'acked':
        this.pendingJobs.delete(record.id);
        return;
      case 'dead':
        this.bury(record.id, record.reason, new Date(record.deadAt));
        return;
      case 'dedupe':
        this.dedupeOf(record.kind).add(record.dedupeId);
        return;
      case 'position':
        this.positions.set(record.publisher, record.position);
        return;
    }
  }

  /** Undoes a publish whose journal write failed. */
  forget(published: PublishedRecord): void {
    this.pendingJobs.delete(published.id);
    this.dedupeIds.get(published.kind)?.delete(published.dedupeId);
  }

  hasDedupeId(kind: string, dedupeId: string): boolean {
    return this.dedupeIds.get(kind)?.has(dedupeId) ?? false;
  }

  publisherPosition(publisher: string): string | null {
    return this.positions.get(publisher) ?? null;
  }

  pending(id: string): PendingJob | undefined {
    return this.pendingJobs.get(id);
  }

  /** Every pending job, in publish order. */
  allPending(): PendingJob[] {
    return [...this.pendingJobs.values()];
  }

  deadLetters(kind: string): DeadLetter[] {
    return (this.dead.get(kind) ?? []).map(({ letter }) => ({ ...letter, job: { ...letter.job, payload: structuredClone(letter.job.payload) } }));
  }

  /** Pending jobs and dead letters of a kind. */
  stats(kind: string): { readonly depth: number; readonly deadLetters: number } {
    let depth = 0;
    for (const pending of this.pendingJobs.values()) if (pending.published.kind === kind) depth += 1;
    return { depth, deadLetters: this.dead.get(kind)?.length ?? 0 };
  }

  /** The shortest journal that folds to this same state. */
  compacted(): JournalRecord[] {
    const records: JournalRecord[] = [];
    const kept = new Set<string>();
    for (const [, entries] of this.dead) {
      for (const { published, letter } of entries) {
        kept.add(keyOf(published.kind, published.dedupeId));
        records.push(published, { t: 'delivered', id: published.id, deliveryCount: letter.job.deliveryCount });
        records.push({ t: 'dead', id: published.id, reason: letter.reason, deadAt: letter.deadAt.toISOString() });
      }
    }
    for (const pending of this.pendingJobs.values()) {
      const { published } = pending;
      kept.add(keyOf(published.kind, published.dedupeId));
      records.push(published);
      if (pending.deliveryCount > 0) records.push({ t: 'delivered', id: published.id, deliveryCount: pending.deliveryCount });
      if (pending.notBefore > 0) records.push({ t: 'retry', id: published.id, notBefore: new Date(pending.notBefore).toISOString() });
    }
    const finished: JournalRecord[] = [];
    for (const [kind, ids] of this.dedupeIds) {
      for (const dedupeId of ids) {
        if (!kept.has(keyOf(kind, dedupeId))) finished.push({ t: 'dedupe', kind, dedupeId });
      }
    }
    const positions: JournalRecord[] = [...this.positions].map(([publisher, position]) => ({ t: 'position', publisher, position }));
    return [...finished, ...records, ...positions];
  }

  private bury(id: string, reason: string, deadAt: Date): void {
    const pending = this.pendingJobs.get(id);
    if (pending === undefined) return;
    this.pendingJobs.delete(id);
    const { kind } = pending.published;
    const letter: DeadLetter = { job: toJob(pending.published, pending.deliveryCount), reason, deadAt };
    const entries = this.dead.get(kind) ?? [];
    entries.push({ published: pending.published, letter });
    this.dead.set(kind, entries);
  }

  private update(id: string, change: (pending: PendingJob) => PendingJob): void {
    const pending = this.pendingJobs.get(id);
    if (pending !== undefined) this.pendingJobs.set(id, change(pending));
  }

  private dedupeOf(kind: string): Set<string> {
    let ids = this.dedupeIds.get(kind);
    if (ids === undefined) {
      ids = new Set();
      this.dedupeIds.set(kind, ids);
    }
    return ids;
  }
}

/** The job as a handler sees it; the payload is a fresh copy so a handler cannot change what is redelivered. */
export function toJob(published: PublishedRecord, deliveryCount: number): Job {
  return {
    id: published.id,
    kind: published.kind,
    payload: structuredClone(published.payload),
    dedupeId: published.dedupeId,
    deliveryCount,
    publishedAt: new Date(published.publishedAt),
  };
}

function keyOf(kind: string, dedupeId: string): string {
  return `${kind}\u0000${dedupeId}`;
}
