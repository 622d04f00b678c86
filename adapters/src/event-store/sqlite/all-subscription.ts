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

/**
 * Catch-up subscription to the whole log: reads the stored events in batches of positions (the
 * prefix filter applied by SQLite), then waits for the watcher to report a newer head (an append here,
 * or another connection's commit found by polling) and reads what was added.
 * `after` is how far the log has been read, events the filter left out included.
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

  constructor(
    private readonly feed: LogFeed,
    /** Exclusive: the first event yielded is after this position (-1: from the first, which may be 0). */
    after: number,
    private readonly prefixes: readonly string[],
    private readonly onUnsubscribe: (subscription: SqliteAllSubscription) => void,
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
      const upTo = Math.min(head, this.after + BATCH_POSITIONS);
      this.held = this.feed.readRange(this.after, upTo, this.prefixes);
      this.heldAt = 0;
      this.heldUpTo = upTo;
    }
  }

  private nextHeld(): RecordedEvent | undefined {
    if (this.stopped || this.heldAt >= this.held.length) {
      this.held = [];
      this.heldAt = 0;
      return undefined;
    }
    const row = this.held[this.heldAt++];
    this.after = row[0];
    return this.feed.eventOf(row);
  }

  /** The held events iteration would yield next, up to `max`, at once. */
  takeBuffered(max: number): RecordedEvent[] {
    const taken: RecordedEvent[] = [];
    while (taken.length < max && this.heldAt < this.held.length) {
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
