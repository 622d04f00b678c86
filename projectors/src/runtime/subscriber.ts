import { comparePositions, EventStore, Logger, Position, RecordedEvent } from '@support/domain';
import { CheckpointStore } from './checkpoints';

/** Something that reacts to every event of some streams, in global order, at least once. */
export interface SubscriberDefinition {
  readonly name: string;
  /** Only events of streams with these name prefixes are handled (all when absent). */
  readonly streamNamePrefixes?: readonly string[];
  /** Must be idempotent: after a crash, events since the last checkpoint are handled again. */
  handle(event: RecordedEvent): Promise<void>;
  /**
   * Optional: handles several buffered events at once (order between them not kept), e.g. job
   * dispatch publishing concurrently. Idempotent like handle; a failure retries the whole batch.
   */
  handleBatch?(events: readonly RecordedEvent[]): Promise<void>;
}

export interface SubscriberOptions {
  /** Persist the checkpoint at least every this many events (and whenever the subscriber is idle). */
  readonly checkpointEvery?: number;
  readonly retryDelayMs?: (attempt: number) => number;
  /** At most this many already-buffered events are taken together (default 64). */
  readonly maxBatch?: number;
}

interface Waiter {
  readonly position: Position;
  readonly resolve: (reached: boolean) => void;
}

/**
 * Runs one subscriber: catch-up subscription from its checkpoint, then live. Handler failures are
 * retried with backoff on the same event (never skipped). Tells waiters when it has passed a
 * position (read your writes) and when it has caught up with the log as it was at start (ready).
 */
export class SubscriberRunner {
  private processed: Position | null = null;
  private waiters: Waiter[] = [];
  private stopped = false;
  private loop: Promise<void> | null = null;
  private subscription: { unsubscribe(): Promise<void> } | null = null;
  private readyResolve!: () => void;
  readonly ready: Promise<void> = new Promise((r) => (this.readyResolve = r));
  private isReady = false;

  constructor(
    private readonly definition: SubscriberDefinition,
    private readonly eventStore: EventStore,
    private readonly checkpoints: CheckpointStore,
    private readonly logger: Logger,
    private readonly options: SubscriberOptions = {},
  ) {}

  get name(): string {
    return this.definition.name;
  }

  get position(): Position | null {
    return this.processed;
  }

  get caughtUp(): boolean {
    return this.isReady;
  }

  async start(): Promise<void> {
    const from = await this.checkpoints.load(this.definition.name);
    const head = await this.eventStore.headPosition();
    this.processed = from;
    const target = head;
    const reachedTarget = () => target === null || (this.processed !== null && comparePositions(this.processed, target) >= 0);
    if (reachedTarget()) this.markReady();
    const subscription = this.eventStore.subscribeToAll({
      fromPosition: from ?? 'start',
      // Ready is judged on every event (also filtered ones would not reach us), so readiness uses the
      // head of the whole log, and the prefix filter is applied here rather than in the engine.
    });
    this.subscription = subscription;
    this.loop = this.run(subscription, target);
  }

  private async run(subscription: AsyncIterable<RecordedEvent>, target: Position | null): Promise<void> {
    const every = this.options.checkpointEvery ?? 500;
    const maxBatch = this.options.maxBatch ?? 64;
    let sinceCheckpoint = 0;
    let lastSaved = this.processed;
    const iterator = subscription[Symbol.asyncIterator]();
    /** Resolves on the next macrotask: tells "buffered now" from "must wait for the log". */
    const buffered = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);
    let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
    try {
      for (;;) {
        const next: Promise<IteratorResult<RecordedEvent>> = pending ?? iterator.next();
        pending = null;
        // Idle (nothing buffered right now): persist the checkpoint before waiting.
        if (!(await buffered(next)) && this.processed && (lastSaved === null || comparePositions(this.processed, lastSaved) > 0)) {
          await this.checkpoints.save(this.definition.name, this.processed);
          lastSaved = this.processed;
          sinceCheckpoint = 0;
        }
        // Take the events that are already buffered, up to maxBatch, without waiting for more.
        const batch: RecordedEvent[] = [];
        let result = await next;
        let done = result.done === true;
        while (!done && !this.stopped) {
          batch.push(result.value);
          if (batch.length >= maxBatch) break;
          const more = iterator.next();
          if (!(await buffered(more))) {
            pending = more;
            break;
          }
          result = await more;
          done = result.done === true;
        }
        await this.handleBatch(batch.filter((e) => this.wants(e)));
        for (const event of batch) {
          this.processed = event.position;
          sinceCheckpoint++;
          if (!this.isReady && target !== null && comparePositions(event.position, target) >= 0) this.markReady();
        }
        if (sinceCheckpoint >= every && this.processed) {
          await this.checkpoints.save(this.definition.name, this.processed);
          lastSaved = this.processed;
          sinceCheckpoint = 0;
        }
        this.releaseWaiters();
        if (done || this.stopped) break;
      }
    } finally {
      if (this.processed && (lastSaved === null || comparePositions(this.processed, lastSaved) > 0)) {
        await this.checkpoints.save(this.definition.name, this.processed).catch(() => undefined);
      }
    }
  }

  /** In order, one by one; or all at once when the definition handles batches (e.g. job dispatch). */
  private async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const handleBatch = this.definition.handleBatch;
    if (handleBatch) {
      await this.withRetry(events[events.length - 1], () => handleBatch.call(this.definition, events));
      return;
    }
    for (const event of events) await this.withRetry(event, () => this.definition.handle(event));
  }

  private wants(event: RecordedEvent): boolean {
    const prefixes = this.definition.streamNamePrefixes;
    return prefixes === undefined || prefixes.some((p) => event.streamName.startsWith(p));
  }

  private async withRetry(event: RecordedEvent, work: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await work();
        return;
      } catch (e) {
        if (this.stopped) throw e;
        const delay = this.options.retryDelayMs?.(attempt) ?? Math.min(30_000, 100 * 2 ** Math.min(attempt, 9));
        this.logger.error('subscriber failed on an event; retrying', {
          subscriber: this.definition.name, eventId: event.id, eventType: event.type, streamName: event.streamName, attempt,
          errorMessage: e instanceof Error ? e.message : String(e),
        });
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  }

  private markReady(): void {
    if (this.isReady) return;
    this.isReady = true;
    this.readyResolve();
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0 || this.processed === null) return;
    const done = this.processed;
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(done, w.position) >= 0) {
        w.resolve(true);
        return false;
      }
      return true;
    });
  }

  /** Resolves true once the subscriber has handled the event at `position`, false after the timeout. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (this.processed !== null && comparePositions(this.processed, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = { position, resolve: (v) => { clearTimeout(timer); resolve(v); } };
      this.waiters.push(waiter);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.unsubscribe();
    await this.loop?.catch(() => undefined);
    this.waiters.forEach((w) => w.resolve(false));
    this.waiters = [];
  }
}
