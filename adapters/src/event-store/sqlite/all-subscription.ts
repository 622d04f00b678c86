import { AllSubscription, Position, RecordedEvent } from '@support/domain';
import { positionAt, EventRow } from './event-row';
import { LogWatcher } from './log-watcher';

/** What a subscription needs from the store. */
interface LogFeed {
  readonly watcher: LogWatcher;
  /** The rows after `after` up to `upTo` (inclusive) of the streams with these prefixes, in order. */
  readRange(after: number, upTo: number, prefixes: readonly string[]): EventRow[];
  /** The event of a row, as the subscription was asked for (recordedEventOf, or with its canonical text). */
  eventOf(row: EventRow): RecordedEvent;
}

/** Positions read per query: one batch is held in memory at a time, so a slow consumer only falls behind in the file. */
const BATCH_POSITIONS = 512;

/** Events appended through the store that a subscription keeps (as made on arrival) until it reaches them; past it, it reads them from the file. */
const MAX_ARRIVED = 4_096;

/**
 * Catch-up subscription to the whole log: reads the stored events in batches of positions (the
 * prefix filter applied by SQLite), then waits for the watcher to report a newer head (an append here,
 * or another connection's commit found by polling) and reads what was added.
 * `after` is how far the log has been read, events the filter left out included.
 * With `onArrival`, each event is yielded as that function makes it; the events appended through
 * the store are made so as they are written (`appended`), and the subscription takes them from
 * there instead of reading them back from the file (other connections' events are read).
 */
export class SqliteAllSubscription implements AllSubscription {
  private after: number;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly stopListening: () => void;
  private readWaiters: { readonly past: number; readonly resolve: () => void }[] = [];
  /** The batch last read, the next of its rows to yield, and the last position the batch covers. */
  private held: EventRow[] = [];
  private heldAt = 0;
  private heldUpTo = 0;
  /**
   * Events appended through the store after `after`, in order: their positions, and each as made on
   * arrival (null: its stream is left out by the filter). Two arrays rather than an object per event:
   * they are kept until the consumer reads them, long enough for the collector to copy what is kept.
   */
  private arrivedAt: number[] = [];
  private arrived: (RecordedEvent | null)[] = [];
  /** A run of the arrived events taken to be yielded (instead of `held`), and the next of it to yield. */
  private takenAt: number[] = [];
  private taken: (RecordedEvent | null)[] = [];
  private takenNext = 0;

  constructor(
    private readonly feed: LogFeed,
    /** Exclusive: the first event yielded is after this position (-1: from the first, which may be 0). */
    after: number,
    private readonly prefixes: readonly string[],
    private readonly onUnsubscribe: (subscription: SqliteAllSubscription) => void,
    private readonly onArrival?: (event: RecordedEvent) => RecordedEvent,
  ) {
    this.after = after;
    this.heldUpTo = after;
    this.stopListening = feed.watcher.listen(() => this.wake?.());
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent, void, undefined> {
    while (!this.stopped) {
      const event = this.nextHeld();
      if (event !== undefined) {
        yield event;
        continue;
      }
      // The batch is done: the positions it covered after its last event (left out by the filter) are read too.
      this.after = Math.max(this.after, this.heldUpTo);
      const head = this.feed.watcher.known();
      if (this.after >= head) {
        this.tellReaders();
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      if (this.takeArrived(head)) continue;
      // Read from the file up to the first event appended through the store that is kept, if any.
      const nextArrived = this.arrivedAt.length > 0 ? this.arrivedAt[0] - 1 : Infinity;
      const upTo = Math.min(head, this.after + BATCH_POSITIONS, nextArrived);
      this.held = this.feed.readRange(this.after, upTo, this.prefixes);
      this.heldAt = 0;
      this.heldUpTo = upTo;
    }
  }

  /**
   * Events appended through the store, from the store's commit (rows already durable or not: only
   * those up to the watcher's head are taken). Kept made on arrival, up to MAX_ARRIVED.
   */
  appended(rows: readonly EventRow[]): void {
    if (this.onArrival === undefined || this.stopped) return;
    try {
      for (const row of rows) {
        if (row[0] <= this.after || this.arrivedAt.length >= MAX_ARRIVED) continue;
        const wanted = this.prefixes.length === 0 || this.prefixes.some((p) => row[1].startsWith(p));
        const event = wanted ? this.onArrival(this.feed.eventOf(row)) : null;
        this.arrivedAt.push(row[0]);
        this.arrived.push(event);
      }
    } catch {
      // Told from the append's commit, which must not fail for it: these events are read from the file instead,
      // where onArrival's failure reaches the consumer through the iteration.
      this.arrivedAt = [];
      this.arrived = [];
    }
  }

  /**
   * When the kept events continue the log from `after`, takes the run of them up to `head` (no gap:
   * a position between them was another connection's, and is read from the file). Those at or
   * before `after` (read from the file meanwhile) are dropped.
   */
  private takeArrived(head: number): boolean {
    const at = this.arrivedAt;
    let from = 0;
    while (from < at.length && at[from] <= this.after) from++;
    let end = from;
    while (end < at.length && at[end] === this.after + 1 + (end - from) && at[end] <= head) end++;
    if (end === from) {
      if (from > 0) this.dropArrived(from);
      return false;
    }
    this.takenAt = at.slice(from, end);
    this.taken = this.arrived.slice(from, end);
    this.takenNext = 0;
    this.dropArrived(end);
    this.heldUpTo = this.takenAt[this.takenAt.length - 1];
    return true;
  }

  private dropArrived(count: number): void {
    this.arrivedAt = this.arrivedAt.slice(count);
    this.arrived = this.arrived.slice(count);
  }

  private nextHeld(): RecordedEvent | undefined {
    while (!this.stopped && this.takenNext < this.taken.length) {
      const event = this.taken[this.takenNext];
      this.after = this.takenAt[this.takenNext++];
      if (event !== null) return event;
    }
    this.takenAt = [];
    this.taken = [];
    this.takenNext = 0;
    if (this.stopped || this.heldAt >= this.held.length) {
      this.held = [];
      this.heldAt = 0;
      return undefined;
    }
    const row = this.held[this.heldAt++];
    this.after = row[0];
    const event = this.feed.eventOf(row);
    return this.onArrival === undefined ? event : this.onArrival(event);
  }

  /** The held events iteration would yield next, up to `max`, at once. */
  takeBuffered(max: number): RecordedEvent[] {
    const taken: RecordedEvent[] = [];
    while (taken.length < max && (this.heldAt < this.held.length || this.takenNext < this.taken.length)) {
      const event = this.nextHeld();
      if (event === undefined) break;
      taken.push(event);
    }
    return taken;
  }

  /** Every event up to here has been yielded or left out by the filter. */
  readUpTo(): Position | null {
    return this.after >= 0 ? positionAt(this.after) : null;
  }

  readPast(position: Position | null): Promise<void> {
    const past = position === null ? -1 : Number(position.commit);
    if (this.after > past || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.readWaiters.push({ past, resolve }));
  }

  async unsubscribe(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.tellReaders();
    this.stopListening();
    this.wake?.();
    this.onUnsubscribe(this);
  }

  private tellReaders(): void {
    if (this.readWaiters.length === 0) return;
    const due = this.readWaiters.filter((w) => this.after > w.past || this.stopped);
    this.readWaiters = this.readWaiters.filter((w) => !due.includes(w));
    due.forEach((w) => w.resolve());
  }
}
