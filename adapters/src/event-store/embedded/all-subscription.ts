import { AllSubscription, Position, RecordedEvent } from '@support/domain';
import { CommitNotifier } from './commit-notifier';
import { streamNameFilter } from './stream-name-filter';

/** What a subscription needs from the log. */
export interface LogFeed {
  /** Records acknowledged so far: positions 0 .. durableCount - 1. */
  durableCount(): number;
  /**
   * Some of the events from `from` on, in order, never reaching `limit`, and where the batch ends
   * (exclusive); reads one batch from disk. With `accept`, records it refuses are left out undecoded.
   */
  readBatch(from: number, limit: number, accept?: (payload: Buffer) => boolean): Promise<{ readonly events: RecordedEvent[]; readonly end: number }>;
  readonly commits: CommitNotifier;
}

/**
 * Catch-up subscription to the whole log: reads stored events from disk in batches, then waits for
 * commits and reads what they added. It holds one batch at a time, so a slow consumer only falls
 * behind on disk, never in memory.
 */
export class EmbeddedAllSubscription implements AllSubscription {
  private next: number;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly stopListening: () => void;
  private readonly accept: ((payload: Buffer) => boolean) | undefined;
  private readWaiters: { readonly past: number; readonly resolve: () => void }[] = [];
  /** The batch last read from the log, the next of its events to yield, and where the batch ends (exclusive). */
  private held: RecordedEvent[] = [];
  private heldAt = 0;
  private heldEnd = 0;

  constructor(
    private readonly feed: LogFeed,
    /** First position to yield. */
    from: number,
    private readonly prefixes: readonly string[],
    private readonly onUnsubscribe: (subscription: EmbeddedAllSubscription) => void,
  ) {
    this.next = from;
    this.accept = streamNameFilter(prefixes);
    this.stopListening = feed.commits.listen(() => this.wake?.());
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent, void, undefined> {
    while (!this.stopped) {
      const event = this.nextHeld();
      if (event !== undefined) {
        yield event;
        continue;
      }
      if (this.stopped) return;
      // The records the filter left out after the last event yielded are passed too.
      this.next = Math.max(this.next, this.heldEnd);
      const durable = this.feed.durableCount();
      if (this.next >= durable) {
        this.tellReaders();
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      const { events, end } = await this.feed.readBatch(this.next, durable, this.accept);
      this.held = events;
      this.heldAt = 0;
      this.heldEnd = end;
    }
  }

  /** The next held event the consumer wants (passing those it does not), or undefined when the held batch is done. */
  private nextHeld(): RecordedEvent | undefined {
    while (!this.stopped && this.heldAt < this.held.length) {
      const event = this.held[this.heldAt++];
      this.next = Number(event.position.commit) + 1;
      if (this.matches(event.streamName)) return event;
    }
    this.held = [];
    this.heldAt = 0;
    return undefined;
  }

  /** The held events iteration would yield next, up to `max`, at once (a replay then costs no promise per event). */
  takeBuffered(max: number): RecordedEvent[] {
    const taken: RecordedEvent[] = [];
    while (taken.length < max && this.heldAt < this.held.length) {
      const event = this.nextHeld();
      if (event === undefined) break;
      taken.push(event);
    }
    return taken;
  }

  readPast(position: Position | null): Promise<void> {
    const past = position === null ? -1 : Number(position.commit);
    if (this.next - 1 > past || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.readWaiters.push({ past, resolve }));
  }

  private tellReaders(): void {
    if (this.readWaiters.length === 0) return;
    const read = this.next - 1;
    const due = this.readWaiters.filter((w) => read > w.past || this.stopped);
    this.readWaiters = this.readWaiters.filter((w) => !due.includes(w));
    due.forEach((w) => w.resolve());
  }

  /** Every event before `next` has been yielded or left out by the filter; the consumer has taken all that were yielded. */
  readUpTo(): Position | null {
    return this.next > 0 ? { commit: BigInt(this.next - 1), prepare: BigInt(this.next - 1) } : null;
  }

  async unsubscribe(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.tellReaders();
    this.stopListening();
    this.wake?.();
    this.onUnsubscribe(this);
  }

  private matches(streamName: string): boolean {
    return this.prefixes.length === 0 || this.prefixes.some((prefix) => streamName.startsWith(prefix));
  }
}
