import { AllSubscription, backoffDelayMs, BackoffPolicy, comparePositions, EventStore, Logger, Position, RecordedEvent, sleep } from '@support/domain';
import type { SubscriberRunner } from './subscriber';

/** A failed subscription is opened again after 400 ms, 800 ms, ... up to 30 s. */
const RESUBSCRIBE: BackoffPolicy = { firstMs: 400, maxMs: 30_000 };

/**
 * One catch-up subscription to the log shared by several subscribers: each event is read and
 * decoded once and offered to every subscriber in turn (each skips what its checkpoint says it has
 * seen). The subscription starts at the oldest checkpoint. Buffered events go in batches of at most
 * `maxBatch`; when nothing is buffered, every subscriber persists its checkpoint before the wait.
 */
export class SubscriberGroup {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private subscription: { unsubscribe(): Promise<void> } | null = null;

  constructor(
    private readonly eventStore: EventStore,
    private readonly members: readonly SubscriberRunner[],
    private readonly logger?: Logger,
    private readonly maxBatch = 64,
  ) {}

  async start(): Promise<void> {
    if (this.members.length === 0) return;
    const head = await this.eventStore.headPosition();
    await Promise.all(this.members.map((m) => m.prepare(head)));
    this.loop = this.runUntilStopped();
  }

  /**
   * The stream-name prefixes of every member, when each has some: the subscription then leaves out
   * (without decoding) the events no member wants. Undefined when some member wants every event.
   */
  private wanted(): readonly string[] | undefined {
    const all = this.members.map((m) => m.streamNamePrefixes);
    if (all.some((p) => p === undefined)) return undefined;
    return [...new Set(all.flatMap((p) => p as readonly string[]))];
  }

  /**
   * A subscription filtered by the members' prefixes when it can tell how far it has read (so a log
   * that ends in events nobody wants still counts as caught up); an unfiltered one otherwise.
   */
  private subscribe(): AllSubscription {
    const fromPosition = this.resumeFrom() ?? 'start';
    const prefixes = this.wanted();
    if (prefixes === undefined) return this.eventStore.subscribeToAll({ fromPosition });
    const filtered = this.eventStore.subscribeToAll({ fromPosition, streamNamePrefixes: prefixes });
    if (typeof filtered.readUpTo === 'function') return filtered;
    void filtered.unsubscribe();
    return this.eventStore.subscribeToAll({ fromPosition });
  }

  /** The oldest position any member has handled (null: one has handled nothing yet). */
  private resumeFrom(): Position | null {
    const positions = this.members.map((m) => m.position);
    if (positions.some((p) => p === null)) return null;
    return (positions as Position[]).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
  }

  /**
   * A failure of the subscription or of a checkpoint write does not end the group: it is logged and
   * the group subscribes again from where its members are, after a growing pause.
   */
  private async runUntilStopped(): Promise<void> {
    for (let failures = 0; !this.stopped; ) {
      const subscription = this.subscribe();
      this.subscription = subscription;
      try {
        await this.run(subscription);
        return;
      } catch (e) {
        await subscription.unsubscribe().catch(() => undefined);
        if (this.stopped) return;
        failures++;
        this.logger?.error('subscription failed; subscribing again', {
          subscribers: this.members.map((m) => m.name), failures, errorMessage: e instanceof Error ? e.message : String(e),
        });
        await sleep(backoffDelayMs(failures, RESUBSCRIBE));
      }
    }
  }

  private async run(subscription: AllSubscription): Promise<void> {
    const iterator = subscription[Symbol.asyncIterator]();
    /** Resolves on the next macrotask: tells "buffered now" from "must wait for the log". */
    const buffered = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setImmediate(() => r(false)))]);
    let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
    for (;;) {
      const next: Promise<IteratorResult<RecordedEvent>> = pending ?? iterator.next();
      pending = null;
      // Nothing buffered: every event yielded so far has been handled, so the members have seen the log up to where it was read,
      // and again each time the subscription reads further (through events its filter leaves out) before the next event.
      if (!(await buffered(next))) {
        let readUpTo = subscription.readUpTo?.() ?? null;
        for (const m of this.members) await m.idle(readUpTo);
        const readPast = subscription.readPast?.bind(subscription);
        while (readPast !== undefined && !this.stopped && !(await Promise.race([next.then(() => true, () => true), readPast(readUpTo).then(() => false)]))) {
          readUpTo = subscription.readUpTo?.() ?? null;
          for (const m of this.members) await m.idle(readUpTo);
        }
      }
      // Take the events that are already buffered, up to maxBatch, without waiting for more.
      const batch: RecordedEvent[] = [];
      let result = await next;
      let done = result.done === true;
      while (!done && !this.stopped) {
        batch.push(result.value);
        // The events the subscription already holds are taken at once, without a promise and a macrotask each.
        for (const event of subscription.takeBuffered?.(this.maxBatch - batch.length) ?? []) batch.push(event);
        if (batch.length >= this.maxBatch) break;
        const more = iterator.next();
        if (!(await buffered(more))) {
          pending = more;
          break;
        }
        result = await more;
        done = result.done === true;
      }
      if (this.stopped) break;
      for (const m of this.members) await m.accept(batch);
      if (done) break;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.members.forEach((m) => m.halt());
    await this.subscription?.unsubscribe();
    await this.loop?.catch(() => undefined);
    await Promise.all(this.members.map((m) => m.finish()));
  }
}
