import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A point in a scan where a batch of candidates has been tested: a reader that may wait (a find
 * or count of the collection API) lets other work run there once its slice of time is used, so
 * one long scan does not hold up every other request; writes and other synchronous readers skip it.
 */
export const PAUSE: unique symbol = Symbol('scan pause');
export type ScanStep<T> = T | typeof PAUSE;

/** The steps without the pauses (a synchronous reader). */
export function* withoutPauses<T>(steps: Iterable<ScanStep<T>>): Generator<T> {
  for (const step of steps) if (step !== PAUSE) yield step;
}

/** Most time a scan runs before it lets other work run. */
const SLICE_MS = 4;

/** Counts a reader's time and answers, at a pause, whether to let other work run now. */
export class TimeSlice {
  private startedAt = performance.now();

  /** Lets other work run when this slice is used up (the caller awaits it only then). */
  used(): boolean {
    return performance.now() - this.startedAt >= SLICE_MS;
  }

  async yieldTurn(): Promise<void> {
    await nextTurn();
    this.startedAt = performance.now();
  }
}
