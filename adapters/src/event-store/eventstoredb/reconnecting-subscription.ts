import { AllStreamResolvedEvent, AllStreamSubscription, ReadPosition } from '@eventstore/db-client';
import { AllSubscription, backoffDelayMs, Position, RecordedEvent } from '@support/domain';
import { ReadProgress } from './read-progress';
import { toRecordedEvent } from './recorded-event';
import { isCheckpointMark } from './subscription-filter';

export interface Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
}

/** Told when a subscription dropped and will be opened again after `retryInMs`. */
export type DropListener = (error: Error, retryInMs: number) => void;

/**
 * A catch-up subscription to $all that survives dropped connections: when the client's subscription
 * fails or ends, it is opened again from the last position yielded, after a backoff that doubles up
 * to `maxMs` and resets once events flow again, until `unsubscribe()`. It tells how far it has read
 * (readUpTo, readPast): the events it yielded and the checkpoints of its filter (subscription-filter),
 * so that a consumer of a filtered subscription hears of the events left out.
 */
export class ReconnectingAllSubscription implements AllSubscription {
  private current: AllStreamSubscription | null = null;
  private stopped = false;
  private interruptSleep: (() => void) | null = null;
  private readonly progress = new ReadProgress();

  constructor(
    private readonly subscribe: (from: ReadPosition) => AllStreamSubscription,
    /** Where to start; a promise so that `end` can be pinned to the head position when subscribing. */
    private checkpoint: Promise<ReadPosition>,
    private readonly backoff: Backoff,
    private readonly onDrop: DropListener,
    /** Called when the subscription ends for good. */
    private readonly onEnd: () => void = () => undefined,
    /** What is yielded of each event (SubscribeToAllOptions.onArrival). */
    private readonly onArrival: (event: RecordedEvent) => RecordedEvent = (event) => event,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<RecordedEvent, void, undefined> {
    let drops = 0;
    try {
      while (!this.stopped) {
        const from = await this.checkpoint;
        if (this.stopped) return;
        const subscription = this.subscribe(from);
        this.current = subscription;
        let dropped: Error = new Error('subscription ended by the server');
        try {
          for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent | unknown>) {
            if (isCheckpointMark(resolved)) {
              this.progress.advance(resolved.checkpoint);
              continue;
            }
            if (!(resolved as AllStreamResolvedEvent).event) continue;
            const event = toRecordedEvent((resolved as AllStreamResolvedEvent).event!);
            this.checkpoint = Promise.resolve(event.position);
            this.progress.advance(event.position);
            drops = 0;
            yield this.onArrival(event);
            if (this.stopped) return;
          }
        } catch (error) {
          dropped = error instanceof Error ? error : new Error(String(error));
        } finally {
          this.current = null;
          if (!this.stopped) await subscription.unsubscribe().catch(() => undefined);
        }
        if (this.stopped) return;
        const delay = backoffDelayMs(++drops, { firstMs: this.backoff.initialMs, maxMs: this.backoff.maxMs });
        this.onDrop(dropped, delay);
        await this.sleep(delay);
      }
    } finally {
      this.stopped = true;
      this.progress.end();
      this.onEnd();
    }
  }

  /** Every event up to here has been yielded or left out by the filter (null before the first event or checkpoint). */
  readUpTo(): Position | null {
    return this.progress.readUpTo();
  }

  readPast(position: Position | null): Promise<void> {
    return this.progress.readPast(position);
  }

  async unsubscribe(): Promise<void> {
    this.stopped = true;
    this.progress.end();
    this.onEnd();
    this.interruptSleep?.();
    await this.current?.unsubscribe();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.interruptSleep = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
