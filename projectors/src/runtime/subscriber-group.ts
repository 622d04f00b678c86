import { AllSubscription, backoffDelayMs, BackoffPolicy, comparePositions, EventStore, Logger, Position, RecordedEvent, thrownMessage } from '@support/domain';
import { sleep, TimeSlice } from '@support/event-sourcing';

/** What the group asks of each of its members (a SubscriberRunner, subscriber.ts). */
interface GroupMember {
  readonly name: string;
  readonly position: Position | null;
  readonly streamNamePrefixes: readonly string[] | undefined;
  /** Loads its checkpoint and notes the head of the log it must reach; answers the checkpoint. */
  prepare(head: Position | null): Promise<Position | null>;
  accept(batch: readonly RecordedEvent[]): Promise<void>;
  idle(readUpTo?: Position | null): Promise<void>;
  halt(): void;
  finish(): Promise<void>;
}

/** How a group batches the events it hands its members. */
export interface GroupBatching {
  /** At most this many buffered events go in a live batch (default 64). */
  readonly maxBatch?: number;
  /** Catching up with the log as it was at start, a batch waits for the log's next reads until it holds this many (default maxBatch). */
  readonly catchUpBatch?: number;
  /** Live, a batch waits this long from its first event, then takes what the log holds by then (default 0: it takes what is buffered). */
  readonly liveWindowMs?: number;
  /**
   * What a batch keeps of each event until its members handle it (default: the event itself), made
   * by the subscription (SubscribeToAllOptions.onArrival: the embedded log makes it as it appends).
   * A member that needs little of an event (the Merkle tree: its leaf hash) keeps a small stand-in,
   * so that a live window holds no event's data.
   */
  readonly onArrival?: (event: RecordedEvent) => RecordedEvent;
}

/** Whether `p` settles within `ms` (0: by the next macrotask, which tells "buffered now" from "must wait for the log"); a rejection of `p` rejects. */
const settlesWithin = (p: Promise<unknown>, ms: number): Promise<boolean> => new Promise<boolean>((resolve, reject) => {
  // The timer goes once p settles, rather than firing later for nothing.
  const timer = ms <= 0 ? setImmediate(() => resolve(false)) : setTimeout(() => resolve(false), ms);
  const clear = () => (ms <= 0 ? clearImmediate(timer as NodeJS.Immediate) : clearTimeout(timer as NodeJS.Timeout));
  p.then(() => { clear(); resolve(true); }, (e) => { clear(); reject(e); });
});

/** Buffered events taken at a time while a batch fills, between looks at the time slice. */
const ARRIVAL_CHUNK = 64;

/** How long a batch catching up with the log waits for the log's next read before it is handled as it is. */
const CATCH_UP_WAIT_MS = 50;

/** A failed subscription is opened again after 400 ms, 800 ms, ... up to 30 s. */
const RESUBSCRIBE: BackoffPolicy = { firstMs: 400, maxMs: 30_000 };

/**
 * One catch-up subscription to the log shared by several subscribers: each event is read and
 * decoded once and offered to every subscriber in turn (each skips what its checkpoint says it has
 * seen). The subscription starts at the oldest checkpoint. Live, buffered events go in batches of
 * at most `maxBatch`; when nothing is buffered, every subscriber persists its checkpoint before the
 * wait. While catching up with the log as it was at start, a batch waits for the log's next reads
 * until it holds `catchUpBatch` events, so that a read model writes in large transactions (each
 * index page written a few times, not once per log read). Live, a batch may also wait
 * `liveWindowMs` from its first event and take what the log holds by then (read models: one
 * transaction for the events of many commands arriving together rather than one per few; the log is
 * read once for them, not at each append). See GroupBatching.
 */
export class SubscriberGroup {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private subscription: { unsubscribe(): Promise<void> } | null = null;
  /** Ends the pause of a live window at once (stop). */
  private endPause: (() => void) | null = null;

  private readonly maxBatch: number;
  private readonly catchUpBatch: number;
  private readonly liveWindowMs: number;
  private readonly onArrival: ((event: RecordedEvent) => RecordedEvent) | undefined;

  constructor(
    private readonly eventStore: EventStore,
    private readonly members: readonly GroupMember[],
    private readonly logger?: Logger,
    batching: GroupBatching = {},
  ) {
    this.maxBatch = batching.maxBatch ?? 64;
    this.catchUpBatch = batching.catchUpBatch ?? this.maxBatch;
    this.liveWindowMs = batching.liveWindowMs ?? 0;
    this.onArrival = batching.onArrival;
  }

  /** The head of the log at start, until a batch reaches it (null: caught up). */
  private catchUpTo: Position | null = null;

  async start(): Promise<void> {
    if (this.members.length === 0) return;
    const head = await this.eventStore.headPosition();
    const from = await Promise.all(this.members.map((m) => m.prepare(head)));
    // Behind the head: catch up in large batches (a member at null has read nothing yet).
    this.catchUpTo = head !== null && from.some((p) => p === null || comparePositions(p, head) < 0) ? head : null;
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
    const onArrival = this.onArrival;
    if (prefixes === undefined) return this.eventStore.subscribeToAll({ fromPosition, onArrival });
    const filtered = this.eventStore.subscribeToAll({ fromPosition, streamNamePrefixes: prefixes, onArrival });
    if (typeof filtered.readUpTo === 'function') return filtered;
    void filtered.unsubscribe();
    return this.eventStore.subscribeToAll({ fromPosition, onArrival });
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
          subscribers: this.members.map((m) => m.name), failures, errorMessage: thrownMessage(e),
        });
        await sleep(backoffDelayMs(failures, RESUBSCRIBE));
      }
    }
  }

  /**
   * Catching up ends once the subscription has read up to the head noted at start (the last events
   * may be of streams no member wants), not at a read that was merely slow (a busy disk, a busy
   * event loop: ending there made the rest of a rebuild write in small batches). A subscription
   * that cannot tell how far it has read ends it when it had nothing to hand over (`idle`).
   */
  private endCatchUpIfRead(subscription: AllSubscription, idle: boolean): void {
    if (this.catchUpTo === null) return;
    if (typeof subscription.readUpTo !== 'function') {
      if (idle) this.catchUpTo = null;
      return;
    }
    const read = subscription.readUpTo();
    if (read !== null && comparePositions(read, this.catchUpTo) >= 0) this.catchUpTo = null;
  }

  private async run(subscription: AllSubscription): Promise<void> {
    const iterator = subscription[Symbol.asyncIterator]();
    /** While catching up, the log's next read is waited for (briefly: a filtered log may have nothing more for the members). */
    const soon = (p: Promise<unknown>) => settlesWithin(p, this.catchUpTo === null ? 0 : CATCH_UP_WAIT_MS);
    let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
    for (;;) {
      const next: Promise<IteratorResult<RecordedEvent>> = pending ?? iterator.next();
      pending = null;
      // Nothing buffered: every event yielded so far has been handled, so the members have seen the log up to where it was read,
      // and again each time the subscription reads further (through events its filter leaves out) before the next event.
      if (!(await soon(next))) {
        this.endCatchUpIfRead(subscription, true);
        let readUpTo = subscription.readUpTo?.() ?? null;
        for (const m of this.members) await m.idle(readUpTo);
        const readPast = subscription.readPast?.bind(subscription);
        while (readPast !== undefined && !this.stopped && !(await Promise.race([next.then(() => true, () => true), readPast(readUpTo).then(() => false)]))) {
          readUpTo = subscription.readUpTo?.() ?? null;
          for (const m of this.members) await m.idle(readUpTo);
        }
      }
      // Take the events that are already buffered (catching up: that the log's next reads bring), up to the batch size.
      const limit = this.catchUpTo === null ? this.maxBatch : this.catchUpBatch;
      const batch: RecordedEvent[] = [];
      const slice = new TimeSlice();
      let result = await next;
      let done = result.done === true;
      let drained = false;
      let windowOpen = this.catchUpTo === null && this.liveWindowMs > 0;
      while (!done && !this.stopped) {
        batch.push(result.value);
        // The events the subscription already holds are taken at once, without a promise and a macrotask each, in time
        // slices (each event's arrival may be work: the tree's onArrival hashes it).
        for (let taken = ARRIVAL_CHUNK; taken === ARRIVAL_CHUNK && batch.length < limit;) {
          if (slice.used()) await slice.yieldTurn();
          const events = subscription.takeBuffered?.(Math.min(ARRIVAL_CHUNK, limit - batch.length)) ?? [];
          for (const event of events) batch.push(event);
          taken = events.length;
        }
        if (batch.length >= limit || this.stopped) break;
        // Live, with a window: the log is read again once the window closes, and what it holds by then joins the batch
        // (one read for the window, not one for every append in it).
        if (windowOpen) {
          windowOpen = false;
          await this.pause(this.liveWindowMs);
          if (this.stopped) break;
        }
        const more = iterator.next();
        if (!(await soon(more))) {
          pending = more;
          drained = true;
          break;
        }
        result = await more;
        done = result.done === true;
      }
      if (this.stopped) break;
      for (const m of this.members) await m.accept(batch);
      const last = batch[batch.length - 1];
      if (this.catchUpTo !== null && last !== undefined && comparePositions(last.position, this.catchUpTo) >= 0) this.catchUpTo = null;
      else if (drained) this.endCatchUpIfRead(subscription, false);
      if (done) break;
    }
  }

  /** Waits `ms`, or less when the group stops. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.endPause = null;
        resolve();
      }, ms);
      this.endPause = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.endPause?.();
    this.members.forEach((m) => m.halt());
    await this.subscription?.unsubscribe();
    await this.loop?.catch(() => undefined);
    await Promise.all(this.members.map((m) => m.finish()));
  }
}
