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

/** An event appended through the store, as made on arrival (null: its stream is left out by the filter). */
interface Arrived {
  readonly position: number;
  readonly event: RecordedEvent | null;
}

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
  /** Events appended through the store after `after`, in order, made on arrival. */
  private arrived: Arrived[] = [];
  /** A run of `arrived` taken to be yielded (instead of `held`), and the next of it to yield. */
  private taken: Arrived[] = [];
  private takenAt = 0;

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
      const nextArrived = this.arrived.length > 0 ? this.arrived[0].position - 1 : Infinity;
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
        if (row[0] <= this.after || this.arrived.length >= MAX_ARRIVED) continue;
        const wanted = this.prefixes.length === 0 || this.prefixes.some((p) => row[1].startsWith(p));
        this.arrived.push({ position: row[0], event: wanted ? this.onArrival(this.feed.eventOf(row)) : null });
      }
    } catch {
      // Told from the append's commit, which must not fail for it: these events are read from the file instead,
      // where onArrival's failure reaches the consumer through the iteration.
      this.arrived = [];
    }
  }

  /**
   * When the kept events continue the log from `after`, takes the run of them up to `head` (no gap:
   * a position between them was another connection's, and is read from the file). Those at or
   * before `after` (read from the file meanwhile) are dropped.
   */
  private takeArrived(head: number): boolean {
    let from = 0;
    while (from < this.arrived.length && this.arrived[from].position <= this.after) from++;
    let end = from;
    while (end < this.arrived.length && this.arrived[end].position === this.after + 1 + (end - from) && this.arrived[end].position <= head) end++;
    if (end === from) {
      if (from > 0) this.arrived = this.arrived.slice(from);
      return false;
    }
    this.taken = this.arrived.slice(from, end);
    this.takenAt = 0;
    this.arrived = this.arrived.slice(end);
    this.heldUpTo = this.taken[this.taken.length - 1].position;
    return true;
  }

  private nextHeld(): RecordedEvent | undefined {
    while (!this.stopped && this.takenAt < this.taken.length) {
      const arrived = this.taken[this.takenAt++];
      this.after = arrived.position;
      if (arrived.event !== null) return arrived.event;
    }
    this.taken = [];
    this.takenAt = 0;
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
    while (taken.length < max && (this.heldAt < this.held.length || this.takenAt < this.taken.length)) {
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
