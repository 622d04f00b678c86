/**
 * Job-queue port, shaped like NATS JetStream: publish with a dedupe id (Nats-Msg-Id),
 * durable named consumers, ack, retry with a delay (nak with delay), a maximum number
 * of deliveries and then a dead letter.
 */

export interface Job<P = unknown> {
  /** Queue-assigned id of this job (stable across redeliveries). */
  readonly id: string;
  readonly kind: string;
  readonly payload: P;
  /** The publisher's dedupe id. */
  readonly dedupeId: string;
  /** 1 on the first delivery, 2 on the first redelivery, ... */
  readonly deliveryCount: number;
  readonly publishedAt: Date;
}

/**
 * What the handler decided. A handler that throws is treated as `retry` with the
 * consumer's default backoff. `fail` sends the job to the dead letter at once.
 */
export type JobOutcome =
  | { readonly type: 'ack' }
  | { readonly type: 'retry'; readonly delayMs: number; readonly reason?: string }
  | { readonly type: 'fail'; readonly reason: string };

/**
 * The hold of one delivery on its job. A handler that works longer than ackWait (an export) says it
 * is still alive: the job then stays with it for another ackWait from now. A handler that stops
 * saying so (its worker hung or died) loses the job when the lease runs out, and it is delivered again.
 */
export interface JobLease {
  /** Extends the lease to ackWait from now; false when it had already run out (the job is someone else's). */
  extend(): Promise<boolean>;
}

/** What a consumer runs for each delivery. */
export type JobHandler<P = unknown> = (job: Job<P>, lease: JobLease) => Promise<JobOutcome>;

export interface ConsumerOptions {
  /** Durable consumer name: a consumer that restarts under the same name resumes where it was. */
  readonly consumer: string;
  /** Deliveries before the job goes to the dead letter. */
  readonly maxDeliver: number;
  /** A delivery not finished within this time is redelivered (a crashed worker). */
  readonly ackWaitMs: number;
  /** Jobs handled at once by this process. Default 1. */
  readonly concurrency?: number;
  /** Delay before a redelivery when the handler threw. Default: exponential from 1 s. */
  readonly backoffMs?: (deliveryCount: number) => number;
}

export interface DeadLetter<P = unknown> {
  readonly job: Job<P>;
  readonly reason: string;
  readonly deadAt: Date;
}

export interface ConsumerHandle {
  /** Stops taking jobs and waits for the ones in hand. */
  stop(): Promise<void>;
}

/** How a job kind stands right now (operators' metrics). */
export interface JobKindStats {
  /** Jobs published and not finished: waiting, delayed for a retry, or in a handler's hands. */
  readonly depth: number;
  /** Jobs in the kind's dead letter. */
  readonly deadLetters: number;
}

export interface JobQueue {
  /** `duplicate: true` when a job with the same dedupe id was published before; nothing new is queued then. */
  publish(kind: string, payload: unknown, options: { readonly dedupeId: string }): Promise<{ readonly duplicate: boolean }>;
  consume<P = unknown>(kind: string, options: ConsumerOptions, handler: JobHandler<P>): Promise<ConsumerHandle>;
  /** Dead letters of a job kind, oldest first (operators and tests read them). */
  deadLetters(kind: string): Promise<DeadLetter[]>;
  /** Depth and dead letters of a kind, without reading the jobs. */
  stats(kind: string): Promise<JobKindStats>;
  /**
   * Where a publisher that reads the event log (a job dispatcher) has got to, kept with the jobs it
   * published, so read models rebuilt from nothing do not make it read the log again and publish
   * every job of it anew. Null when it has saved none here. Opaque to the queue.
   */
  publisherPosition(publisher: string): Promise<string | null>;
  /**
   * Saves it. A save lost in a crash only makes the publisher publish again jobs whose dedupe ids
   * the queue turns away, so the engine need not wait for its disk.
   */
  savePublisherPosition(publisher: string, position: string): Promise<void>;
  close(): Promise<void>;
}
