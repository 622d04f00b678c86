import { randomUUID } from 'node:crypto';
import type { ConsumerHandle, ConsumerOptions, DeadLetter, JobHandler, JobKindStats, JobQueue } from '@support/domain';
import { connect, type JetStreamClient, type JetStreamManager, type KV, type NatsConnection } from 'nats';
import { assertJobKind, consumerSettings } from '../consumer-settings';
import { asJsonPayload } from '../json-payload';
import { readDeadLetters } from './dead-letter-reader';
import { ensureDeadStream, ensureDurableConsumer, ensureJobStream, streamInfoOrNull } from './jetstream-setup';
import { encodeDeadLetter, encodeJob } from './job-envelope';
import { startNatsConsumer } from './nats-consumer';
import { deadStream, deadSubject, jobStream, jobSubject, PUBLISHER_POSITIONS_BUCKET, publisherKey } from './nats-names';

export interface NatsJobQueueOptions {
  /** NATS server URL(s), e.g. `nats://nats:4222`. */
  readonly servers: string | string[];
  /** Connection name shown by the server's monitoring. */
  readonly name?: string;
}

/**
 * The job queue on NATS JetStream: a WorkQueue stream per job kind (`JOBS_<KIND>` on
 * `jobs.<kind>`, dedupe ids kept 24 h), one durable pull consumer per kind, and a stream of
 * dead letters per kind (`DEAD_<KIND>` on `dead.<kind>`); publishers' positions in the KV bucket
 * `publisher_positions`.
 */
export class NatsJobQueue implements JobQueue {
  private readonly streamsReady = new Map<string, Promise<void>>();
  private readonly consumers = new Set<ConsumerHandle>();
  private positions: KV | null = null;
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
  ) {}

  static async connect(options: NatsJobQueueOptions): Promise<NatsJobQueue> {
    const connection = await connect({ servers: options.servers, name: options.name });
    try {
      return new NatsJobQueue(connection, connection.jetstream(), await connection.jetstreamManager());
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  async publish(kind: string, payload: unknown, options: { readonly dedupeId: string }): Promise<{ readonly duplicate: boolean }> {
    assertJobKind(kind);
    this.assertOpen();
    if (typeof options.dedupeId !== 'string' || options.dedupeId === '') throw new TypeError('dedupeId must be a non-empty string');
    const body = encodeJob({ id: randomUUID(), kind, dedupeId: options.dedupeId, payload: asJsonPayload(payload), publishedAt: new Date().toISOString() });
    await this.ready(`jobs:${kind}`, () => ensureJobStream(this.jsm, kind));
    try {
      const ack = await this.js.publish(jobSubject(kind), body, { msgID: options.dedupeId });
      return { duplicate: ack.duplicate };
    } catch (error) {
      this.streamsReady.delete(`jobs:${kind}`);
      throw error;
    }
  }

  async consume<P = unknown>(kind: string, options: ConsumerOptions, handler: JobHandler<P>): Promise<ConsumerHandle> {
    assertJobKind(kind);
    const settings = consumerSettings(options);
    this.assertOpen();
    await this.ready(`jobs:${kind}`, () => ensureJobStream(this.jsm, kind));
    await ensureDurableConsumer(this.jsm, kind, settings);
    // Messages carry JSON payloads of any shape; the handler's payload type is the caller's claim.
    const started = await startNatsConsumer(this.js, kind, settings, handler as JobHandler, (letter) => this.bury(letter));
    const handle: ConsumerHandle = {
      stop: async () => {
        await started.stop();
        this.consumers.delete(handle);
      },
    };
    this.consumers.add(handle);
    return handle;
  }

  deadLetters(kind: string): Promise<DeadLetter[]> {
    return readDeadLetters(this.js, this.jsm, kind);
  }

  /** The kind's WorkQueue stream holds exactly the jobs not yet acked or buried; its dead stream the dead letters. */
  async stats(kind: string): Promise<JobKindStats> {
    const [jobs, dead] = await Promise.all([streamInfoOrNull(this.jsm, jobStream(kind)), streamInfoOrNull(this.jsm, deadStream(kind))]);
    return { depth: jobs?.state.messages ?? 0, deadLetters: dead?.state.messages ?? 0 };
  }

  async publisherPosition(publisher: string): Promise<string | null> {
    this.assertOpen();
    const entry = await (await this.positionBucket()).get(publisherKey(publisher));
    return entry === null || entry.operation !== 'PUT' ? null : entry.string();
  }

  async savePublisherPosition(publisher: string, position: string): Promise<void> {
    this.assertOpen();
    await (await this.positionBucket()).put(publisherKey(publisher), position);
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.stop()));
    // The last acks and naks are fire-and-forget: a round trip makes sure the server has them.
    await this.connection.flush().catch(() => undefined);
    await this.connection.close();
  }

  private async bury(letter: DeadLetter): Promise<void> {
    const { kind } = letter.job;
    await this.ready(`dead:${kind}`, () => ensureDeadStream(this.jsm, kind));
    await this.js.publish(deadSubject(kind), encodeDeadLetter(letter), { msgID: letter.job.id });
  }

  /** The bucket, made on first use like the streams (the last value of each key kept). */
  private async positionBucket(): Promise<KV> {
    await this.ready('kv:positions', async () => {
      this.positions = await this.js.views.kv(PUBLISHER_POSITIONS_BUCKET, { history: 1 });
    });
    return this.positions as KV;
  }

  /** Runs a stream set-up once per connection; a failed one is tried again next time. */
  private async ready(key: string, setUp: () => Promise<void>): Promise<void> {
    let setting = this.streamsReady.get(key);
    if (setting === undefined) {
      setting = setUp();
      this.streamsReady.set(key, setting);
    }
    try {
      await setting;
    } catch (error) {
      if (this.streamsReady.get(key) === setting) this.streamsReady.delete(key);
      throw error;
    }
  }

  private assertOpen(): void {
    if (this.closing !== undefined) throw new Error('job queue is closed');
  }
}
