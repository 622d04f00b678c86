import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cursor } from '@support/domain';

/** Documents produced per step before the cursor lets other work run. */
const BATCH_SIZE = 1000;

/**
 * A lazy, single-use cursor over a query: nothing runs until it is read, and reading it as an
 * async iterable produces the results in batches, yielding to the event loop between batches
 * so a long export does not starve other requests. Like a MongoDB cursor it can be read once.
 */
export class EmbeddedCursor<T> implements Cursor<T> {
  private opened = false;

  constructor(private readonly run: () => Iterator<T>) {}

  async toArray(): Promise<T[]> {
    const results = this.open();
    const all: T[] = [];
    for (let step = results.next(); !step.done; step = results.next()) all.push(step.value);
    return all;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    const results = this.open();
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
          batch.push(step.value);
        }
        yield* batch;
        if (done) return;
        await nextTurn();
      }
    } finally {
      results.return?.();
    }
  }

  private open(): Iterator<T> {
    if (this.opened) throw new Error('A cursor can be read once; run the query again to read it again');
    this.opened = true;
    return this.run();
  }
}
