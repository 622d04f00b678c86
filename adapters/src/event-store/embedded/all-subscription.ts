import { AllSubscription, RecordedEvent } from '@support/domain';
import { CommitNotifier } from './commit-notifier';

/** What a subscription needs from the log. */
export interface LogFeed {
  /** Records acknowledged so far: positions 0 .. durableCount - 1. */
  durableCount(): number;
  /** Some of the events from `from` on, in order, never reaching `limit`; reads one batch from disk. */
  readBatch(from: number, limit: number): Promise<RecordedEvent[]>;
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

  constructor(
    private readonly feed: LogFeed,
    /** First position to yield. */
    from: number,
    private readonly prefixes: readonly string[],
    private readonly onUnsubscribe: (subscription: EmbeddedAllSubscription) => void,
  ) {
    this.next = from;
    this.stopListening = feed.commits.listen(() => this.wake?.());
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent, void, undefined> {
    while (!this.stopped) {
      const durable = this.feed.durableCount();
      if (this.next >= durable) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      const events = await this.feed.readBatch(this.next, durable);
      for (const event of events) {
        if (this.stopped) return;
        this.next = Number(event.position.commit) + 1;
        if (this.matches(event.streamName)) yield event;
      }
    }
  }

  async unsubscribe(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopListening();
    this.wake?.();
    this.onUnsubscribe(this);
  }

  private matches(streamName: string): boolean {
    return this.prefixes.length === 0 || this.prefixes.some((prefix) => streamName.startsWith(prefix));
  }
}
