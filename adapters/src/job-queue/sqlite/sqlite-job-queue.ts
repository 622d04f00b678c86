import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { ConsumerHandle, ConsumerOptions, DeadLetter, JobHandler, JobKindStats, JobQueue } from '@support/domain';
import { assertJobKind, consumerSettings } from '../consumer-settings';
import { openJobDatabase } from './job-database';
import { JobStore } from './job-store';
import { onPublish, signalPublish } from './publish-signal';
import { SqliteConsumer } from './sqlite-consumer';
import { WalCheckpointer } from '../../sqlite';

interface SqliteJobQueueOptions {
  /** The queue's database file (created when missing), e.g. DATA_DIR/jobs.sqlite. */
  readonly file: string;
  /** Wait between polls of an idle consumer. Default 50 ms. */
  readonly pollMs?: number;
  /** Told of a database error met while polling or settling (the work is retried). Default: a process warning. */
  readonly onError?: (error: unknown) => void;
}

const DEFAULT_POLL_MS = 50;

/**
 * The job queue on a SQLite file that several processes share: publishers insert jobs, consumers
 * in any process claim them atomically under a lease of ackWait (job-store.ts), and a job whose
 * consumer died is claimed again when its lease runs out.
 */
export class SqliteJobQueue implements JobQueue {
  private readonly consumers = new Set<{ readonly consumer: SqliteConsumer; readonly unsubscribe: () => void }>();
  private readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly file: string,
    private readonly db: Database.Database,
    private readonly store: JobStore,
    private readonly pollMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly checkpointer: WalCheckpointer,
  ) {}

  static async open(options: SqliteJobQueueOptions): Promise<SqliteJobQueue> {
    const file = resolve(options.file);
    const db = openJobDatabase(file);
    try {
      const onError = options.onError ?? ((error: unknown) => process.emitWarning(`job queue ${file}: ${String(error)}`));
      const store = new JobStore(db);
      WalCheckpointer.backstop(db);
      const checkpointer = WalCheckpointer.start(file, (message) => onError(new Error(`checkpoint of the WAL failed: ${message}`)));
      return new SqliteJobQueue(file, db, store, options.pollMs ?? DEFAULT_POLL_MS, onError, checkpointer);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async publish(kind: string, payload: unknown, options: { readonly dedupeId: string }): Promise<{ readonly duplicate: boolean }> {
    assertJobKind(kind);
    this.assertOpen();
    if (typeof options.dedupeId !== 'string' || options.dedupeId === '') throw new TypeError('dedupeId must be a non-empty string');
    const payloadJson = JSON.stringify(payload);
    if (payloadJson === undefined) throw new TypeError('job payload must be JSON-serialisable');
    const inserted = this.store.publish({ id: randomUUID(), kind, dedupeId: options.dedupeId, payloadJson, now: Date.now() });
    if (inserted) signalPublish(this.file, kind);
    return { duplicate: !inserted };
  }

  async consume<P = unknown>(kind: string, options: ConsumerOptions, handler: JobHandler<P>): Promise<ConsumerHandle> {
    assertJobKind(kind);
    const settings = consumerSettings(options);
    this.assertOpen();
    const durable = this.store.durableConsumer(kind, settings.consumer);
    if (durable !== settings.consumer) {
      throw new Error(`job kind ${kind} already has the durable consumer ${durable}; a work queue has one consumer name`);
    }
    // The stored payloads are JSON of any shape; the handler's payload type is the caller's claim.
    const consumer = new SqliteConsumer(kind, settings, handler as JobHandler, {
      store: this.store,
      owner: this.owner,
      pollMs: this.pollMs,
      onError: this.onError,
    });
    const entry = { consumer, unsubscribe: onPublish(this.file, kind, () => consumer.wake()) };
    this.consumers.add(entry);
    consumer.wake();
    return {
      stop: async () => {
        entry.unsubscribe();
        await consumer.stop();
        this.consumers.delete(entry);
      },
    };
  }

  async deadLetters(kind: string): Promise<DeadLetter[]> {
    this.assertOpen();
    return this.store.deadLetters(kind);
  }

  async stats(kind: string): Promise<JobKindStats> {
    this.assertOpen();
    return this.store.stats(kind);
  }

  async publisherPosition(publisher: string): Promise<string | null> {
    this.assertOpen();
    return this.store.publisherPosition(publisher);
  }

  async savePublisherPosition(publisher: string, position: string): Promise<void> {
    this.assertOpen();
    this.store.savePublisherPosition(publisher, position);
  }

  /** Stops every consumer, waits for the handlers in hand (their outcomes are written), then closes the file. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const entries = [...this.consumers];
      entries.forEach((entry) => entry.unsubscribe());
      await Promise.all(entries.map((entry) => entry.consumer.stop()));
      await this.checkpointer.stop();
      this.db.close();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing !== undefined) throw new Error('job queue is closed');
  }
}
