import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ConsumerHandle, ConsumerOptions, DeadLetter, Job, JobKindStats, JobOutcome, JobQueue } from '@support/domain';
import { assertJobKind, consumerSettings } from '../consumer-settings';
import { asJsonPayload } from '../json-payload';
import { JobLedger, type PendingJob } from './job-ledger';
import { JournalFile } from './journal-file';
import type { JournalRecord, PublishedRecord } from './journal-records';
import { readJournal, rewriteJournal } from './journal-replay';
import { KindWorkQueue, type WorkQueueHost } from './kind-work-queue';

export interface EmbeddedJobQueueOptions {
  /** Folder of the queue's journal (created when missing), e.g. under DATA_DIR. */
  readonly dir: string;
  /** Bytes appended before the running queue compacts its journal (and at least twice its compacted size). Default 16 MB. */
  readonly compactAfterBytes?: number;
}

/** The journal file of the queue kept in `dir` (for operators and tests). */
export function embeddedJobJournalPath(dir: string): string {
  return join(resolve(dir), 'jobs.journal.jsonl');
}

/** Folders held by an open queue of this process: two writers on one journal would corrupt it. */
const foldersInUse = new Set<string>();

/**
 * The in-process job queue. Every change is a line of an append-only journal; a publish
 * resolves once its line is on disk, so a job published and not finished (acked or dead)
 * before a restart is delivered again after it. Opening folds the journal back into state
 * and rewrites it compacted, and so does the running queue once the journal has grown well past
 * that (journal-file.ts), so a start reads a short journal however long the service ran.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly workQueues = new Map<string, KindWorkQueue>();
  private readonly host: WorkQueueHost;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly folder: string,
    private readonly ledger: JobLedger,
    private readonly journal: JournalFile,
  ) {
    this.host = {
      pending: (id) => this.ledger.pending(id),
      record: (record) => this.record(record),
    };
  }

  static async open(options: EmbeddedJobQueueOptions): Promise<EmbeddedJobQueue> {
    const folder = resolve(options.dir);
    if (foldersInUse.has(folder)) throw new Error(`a job queue is already open on ${folder}`);
    foldersInUse.add(folder);
    try {
      await mkdir(folder, { recursive: true });
      const path = embeddedJobJournalPath(folder);
      const ledger = new JobLedger();
      (await readJournal(path)).forEach((record) => ledger.apply(record));
      await rewriteJournal(path, ledger.compacted());
      const compaction = { snapshot: () => ledger.compacted(), ...(options.compactAfterBytes !== undefined ? { minBytes: options.compactAfterBytes } : {}) };
      const queue = new EmbeddedJobQueue(folder, ledger, await JournalFile.openForAppend(path, compaction));
      ledger.allPending().forEach((pending) => queue.offer(pending));
      return queue;
    } catch (error) {
      foldersInUse.delete(folder);
      throw error;
    }
  }

  async publish(kind: string, payload: unknown, options: { readonly dedupeId: string }): Promise<{ readonly duplicate: boolean }> {
    assertJobKind(kind);
    this.assertOpen();
    if (typeof options.dedupeId !== 'string' || options.dedupeId === '') throw new TypeError('dedupeId must be a non-empty string');
    if (this.ledger.hasDedupeId(kind, options.dedupeId)) return { duplicate: true };
    const record: PublishedRecord = {
      t: 'published',
      id: randomUUID(),
      kind,
      dedupeId: options.dedupeId,
      payload: asJsonPayload(payload),
      publishedAt: new Date().toISOString(),
    };
    this.ledger.apply(record);
    try {
      await this.journal.append(record, true);
    } catch (error) {
      this.ledger.forget(record);
      throw error;
    }
    if (this.closing === undefined) this.workQueue(kind).offer(record.id, 0);
    return { duplicate: false };
  }

  async consume<P = unknown>(kind: string, options: ConsumerOptions, handler: (job: Job<P>) => Promise<JobOutcome>): Promise<ConsumerHandle> {
    assertJobKind(kind);
    const settings = consumerSettings(options);
    this.assertOpen();
    // The journal holds JSON payloads of any shape; the handler's payload type is the caller's claim.
    return this.workQueue(kind).addConsumer(settings, handler as (job: Job) => Promise<JobOutcome>);
  }

  async deadLetters(kind: string): Promise<DeadLetter[]> {
    return this.ledger.deadLetters(kind);
  }

  async stats(kind: string): Promise<JobKindStats> {
    return this.ledger.stats(kind);
  }

  async publisherPosition(publisher: string): Promise<string | null> {
    return this.ledger.publisherPosition(publisher);
  }

  /** A line of the journal, written without waiting for the disk (it goes with the next fdatasync). */
  async savePublisherPosition(publisher: string, position: string): Promise<void> {
    this.assertOpen();
    const record: JournalRecord = { t: 'position', publisher, position };
    this.ledger.apply(record);
    await this.journal.append(record, false);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    const queues = [...this.workQueues.values()];
    await Promise.all(queues.map((q) => q.stopAll()));
    queues.forEach((q) => q.close());
    try {
      await this.journal.close();
    } finally {
      foldersInUse.delete(this.folder);
    }
  }

  private offer(pending: PendingJob): void {
    this.workQueue(pending.published.kind).offer(pending.published.id, pending.notBefore);
  }

  private record(record: JournalRecord): void {
    this.ledger.apply(record);
    // A failed write leaves the journal refusing every later append, so the next publish reports it.
    this.journal.append(record, false).catch(() => undefined);
  }

  private workQueue(kind: string): KindWorkQueue {
    let queue = this.workQueues.get(kind);
    if (queue === undefined) {
      queue = new KindWorkQueue(kind, this.host);
      this.workQueues.set(kind, queue);
    }
    return queue;
  }

  private assertOpen(): void {
    if (this.closing !== undefined) throw new Error('job queue is closed');
  }
}
