import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cursor } from '@support/domain';
import { TimeSlice } from '@support/domain';
import { PAUSE, ScanStep } from './scan-pause';

/** Documents produced per step before the cursor lets other work run. */
const BATCH_SIZE = 1000;

/**
 * A lazy, single-use cursor over a query: nothing runs until it is read. Reading it (toArray or
 * as an async iterable) lets other work run whenever the scan has run for its slice of time at one
 * of the scan's pauses, and the async iterable also between batches of results, so neither a long
 * scan nor a long export starves other requests. Like a MongoDB cursor it can be read once.
 */
export class EmbeddedCursor<T> implements Cursor<T> {
  private opened = false;

  constructor(private readonly run: () => Iterator<ScanStep<T>>) {}

  async toArray(): Promise<T[]> {
    const results = this.open();
    const slice = new TimeSlice();
    const all: T[] = [];
    for (let step = results.next(); !step.done; step = results.next()) {
      if (step.value !== PAUSE) all.push(step.value);
      else if (slice.used()) await slice.yieldTurn();
    }
    return all;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const batch of this.batches()) yield* batch;
  }

  /** Up to BATCH_SIZE documents at a time, with a turn for other work between batches. */
  async *batches(): AsyncGenerator<readonly T[], void, undefined> {
    const results = this.open();
    const slice = new TimeSlice();
    try {
      for (;;) {
        const batch: T[] = [];
        let done = false;
        while (batch.length < BATCH_SIZE) {
          const step = results.next();
          if (step.done === true) {
            done = true;
            break;
          }
          if (step.value !== PAUSE) batch.push(step.value);
          else if (slice.used()) await slice.yieldTurn();
        }
        if (batch.length > 0) yield batch;
        if (done) return;
        await nextTurn();
      }
    } finally {
      results.return?.(undefined);
    }
  }

  private open(): Iterator<ScanStep<T>> {
    if (this.opened) throw new Error('A cursor can be read once; run the query again to read it again');
    this.opened = true;
    return this.run();
  }
}
