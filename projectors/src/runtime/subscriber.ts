import { backoffDelayMs, BackoffPolicy, comparePositions, EventStore, Logger, Position, RecordedEvent, thrownMessage } from '@support/domain';
import { sleep } from '@support/event-sourcing';
import { CheckpointStore } from './checkpoints';
import { SubscriberGroup } from './subscriber-group';

/** A handler that fails on an event is retried on it: 200 ms, 400 ms, ... up to 30 s. */
const SUBSCRIBER_RETRY: BackoffPolicy = { firstMs: 200, maxMs: 30_000 };

/** A subscriber that parks events parks one that fails this many tries in a row (about 3 s) while its store takes writes. */
export const PARK_AFTER_TRIES = 5;

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
  /**
   * Optional: handles several events (in order) and persists `upTo` as the subscriber's checkpoint
   * in the same write (a read model's documents and checkpoint in one transaction). The runner then
   * counts `upTo` as saved. A failure retries the whole batch.
   */
  handleBatchUpTo?(events: readonly RecordedEvent[], upTo: Position): Promise<void>;
  /**
   * Optional, with handleBatchUpTo: records an event it cannot apply (PARK_AFTER_TRIES failures,
   * while a batch of no event still succeeds, so the store is fine and the event is the cause). The
   * subscriber then goes on past it. Without it, a failing event is retried for ever.
   */
  park?(event: RecordedEvent, errorMessage: string, attempts: number): Promise<void>;
}

export interface SubscriberOptions {
  /** Persist the checkpoint at least every this many events (and whenever the subscriber is idle). */
  readonly checkpointEvery?: number;
  readonly retryDelayMs?: (attempt: number) => number;
  /** At most this many already-buffered events are taken together (default 64). */
  readonly maxBatch?: number;
  /**
   * When idle, persist the checkpoint at most this often (the last one after that time; default: at
   * every idle). Only for subscribers whose checkpoint nobody polls: a read model's is what a gateway
   * in another process waits on (read your writes), a dispatcher's only spares a restart reading the
   * log again (the queue dedupes what it publishes anew). Under load a subscriber is idle after
   * almost every batch, so each idle save was a write per batch.
   */
  readonly idleCheckpointMs?: number;
}

interface Waiter {
  readonly position: Position;
  readonly resolve: (reached: boolean) => void;
}

/**
 * One subscriber: its checkpoint, the events it has handled, its waiters. Events reach it from a
 * SubscriberGroup (one subscription to the log shared by several subscribers) or, started on its
 * own, from a group of one. Handler failures are retried with backoff on the same event (never
 * skipped). Tells waiters when it has passed a position (read your writes) and when it has caught
 * up with the log as it was at start (ready).
 */
export class SubscriberRunner {
  private processed: Position | null = null;
  private lastSaved: Position | null = null;
  private lastSavedAt = 0;
  /** The idle save put off by idleCheckpointMs, when one is. */
  private idleSave: NodeJS.Timeout | null = null;
  private sinceCheckpoint = 0;
  private target: Position | null = null;
  private waiters: Waiter[] = [];
  private stopped = false;
  private ownGroup: SubscriberGroup | null = null;
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

  /** Starts this subscriber alone, on a subscription of its own. */
  async start(): Promise<void> {
    this.ownGroup = new SubscriberGroup(this.eventStore, [this], this.logger, { maxBatch: this.options.maxBatch });
    await this.ownGroup.start();
  }

  /** Loads the checkpoint and notes the head of the log, which it must reach to be ready. Answers the checkpoint. */
  async prepare(head: Position | null): Promise<Position | null> {
    this.processed = await this.checkpoints.load(this.definition.name);
    this.lastSaved = this.processed;
    this.target = head;
    if (head === null || (this.processed !== null && comparePositions(this.processed, head) >= 0)) this.markReady();
    return this.processed;
  }

  /** Handles the events of a batch it has not seen yet (the group starts from the oldest checkpoint). */
  async accept(batch: readonly RecordedEvent[]): Promise<void> {
    if (this.stopped) return;
    const unseen = this.processed === null ? batch : batch.filter((e) => comparePositions(e.position, this.processed as Position) > 0);
    if (unseen.length === 0) return;
    const upTo = unseen[unseen.length - 1].position;
    const wanted = unseen.filter((e) => this.wants(e));
    const handleUpTo = this.definition.handleBatchUpTo;
    if (handleUpTo !== undefined && wanted.length > 0) {
      const apply = (events: readonly RecordedEvent[], to: Position) => handleUpTo.call(this.definition, events, to);
      if (this.definition.park === undefined) await this.withRetry(wanted[wanted.length - 1], () => apply(wanted, upTo));
      else await this.applyOrPark(wanted, upTo, apply);
      this.lastSaved = upTo;
      this.lastSavedAt = Date.now();
      this.sinceCheckpoint = 0;
    } else {
      await this.handleBatch(wanted);
      this.sinceCheckpoint += unseen.length;
    }
    this.passed(upTo);
    if (this.sinceCheckpoint >= (this.options.checkpointEvery ?? 500)) await this.saveCheckpoint();
    this.releaseWaiters();
  }

  /** Stream-name prefixes of the events it handles (undefined: every event). */
  get streamNamePrefixes(): readonly string[] | undefined {
    return this.definition.streamNamePrefixes;
  }

  /**
   * The log has nothing buffered right now: everything up to `readUpTo` (events this subscriber does
   * not want, left out by the subscription, included) has been seen. Persist the checkpoint before waiting for more.
   */
  async idle(readUpTo: Position | null = null): Promise<void> {
    if (!this.stopped && readUpTo !== null && (this.processed === null || comparePositions(readUpTo, this.processed) > 0)) {
      this.passed(readUpTo);
      this.releaseWaiters();
    }
    await this.saveWhenIdle();
  }

  /** Saves the checkpoint now, or (idleCheckpointMs) once that long has passed since the last save. */
  private async saveWhenIdle(): Promise<void> {
    const every = this.options.idleCheckpointMs;
    const wait = every === undefined ? 0 : this.lastSavedAt + every - Date.now();
    if (wait <= 0) {
      await this.saveCheckpoint();
      return;
    }
    if (this.idleSave !== null) return;
    this.idleSave = setTimeout(() => {
      this.idleSave = null;
      this.saveCheckpoint().catch((e) => {
        this.logger.warn('subscriber checkpoint not saved; saved with a later one', { subscriber: this.definition.name, errorMessage: thrownMessage(e) });
      });
    }, wait);
    this.idleSave.unref();
  }

  /** Everything up to `position` has been seen: ready once that reaches the head noted at start. */
  private passed(position: Position): void {
    this.processed = position;
    if (!this.isReady && this.target !== null && comparePositions(position, this.target) >= 0) this.markReady();
  }

  private async saveCheckpoint(): Promise<void> {
    if (this.processed === null || (this.lastSaved !== null && comparePositions(this.processed, this.lastSaved) <= 0)) return;
    const at = this.processed;
    await this.checkpoints.save(this.definition.name, at);
    this.lastSaved = at;
    this.lastSavedAt = Date.now();
    this.sinceCheckpoint = 0;
  }

  private wants(event: RecordedEvent): boolean {
    const prefixes = this.definition.streamNamePrefixes;
    return prefixes === undefined || prefixes.some((p) => event.streamName.startsWith(p));
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

  /**
   * Applies the batch; one that keeps failing is applied event by event, and an event that keeps
   * failing while a batch of no event succeeds (the store takes writes) is parked and passed. While
   * the store fails too, the event is tried again, and judged again once the store is back.
   */
  private async applyOrPark(events: readonly RecordedEvent[], upTo: Position, apply: (events: readonly RecordedEvent[], to: Position) => Promise<void>): Promise<void> {
    if ((await this.tries(events[events.length - 1], PARK_AFTER_TRIES, () => apply(events, upTo))) === null) return;
    let reached = this.processed;
    for (const event of events) {
      for (;;) {
        const failure = await this.tries(event, PARK_AFTER_TRIES, () => apply([event], event.position));
        if (failure === null) break;
        // Before its first event a subscriber has no position to write again: the parking itself tells.
        const storeTakesWrites = reached === null || (await this.tries(event, 1, () => apply([], reached as Position))) === null;
        if (storeTakesWrites) {
          await this.withRetry(event, () => this.definition.park!(event, failure, PARK_AFTER_TRIES));
          this.logger.error('subscriber parked an event it could not apply, and goes on', {
            subscriber: this.definition.name, eventId: event.id, eventType: event.type, streamName: event.streamName, errorMessage: failure,
          });
          await this.withRetry(event, () => apply([], event.position));
          break;
        }
        // The store fails too: the event is tried again (and judged again once the store is back).
      }
      reached = event.position;
    }
    if (reached === null || comparePositions(upTo, reached) > 0) await this.withRetry(events[events.length - 1], () => apply([], upTo));
  }

  /** Up to `times` tries of `work` (logged, with the retry delays between them): null once one succeeds, else the last error's message. */
  private async tries(event: RecordedEvent, times: number, work: () => Promise<void>): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        await work();
        return null;
      } catch (e) {
        if (this.stopped) throw e;
        const errorMessage = thrownMessage(e);
        this.logger.error('subscriber failed on an event; retrying', {
          subscriber: this.definition.name, eventId: event.id, eventType: event.type, streamName: event.streamName, attempt, errorMessage,
        });
        if (attempt >= times) return errorMessage;
        await sleep(this.options.retryDelayMs?.(attempt) ?? backoffDelayMs(attempt, SUBSCRIBER_RETRY));
      }
    }
  }

  /** Tries `work` until it succeeds (or the subscriber stops). */
  private async withRetry(event: RecordedEvent, work: () => Promise<void>): Promise<void> {
    await this.tries(event, Infinity, work);
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

  /** Stops a subscriber started on its own (with start()). Members of a group stop with the group. */
  async stop(): Promise<void> {
    const group = this.ownGroup;
    this.ownGroup = null;
    if (group) await group.stop();
    else {
      this.halt();
      await this.finish();
    }
  }

  /** Takes no more events, and a failing handler stops retrying. */
  halt(): void {
    this.stopped = true;
  }

  /** After the last event: persists the checkpoint and releases waiters. */
  async finish(): Promise<void> {
    if (this.idleSave !== null) clearTimeout(this.idleSave);
    this.idleSave = null;
    await this.saveCheckpoint().catch(() => undefined);
    this.waiters.forEach((w) => w.resolve(false));
    this.waiters = [];
  }
}
