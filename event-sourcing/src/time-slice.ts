import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Most time a long piece of work (a scan, an export's rows) runs before it lets other work run. */
const SLICE_MS = 4;

/**
 * Cooperative sharing of the event loop: long work counts its time and, once its slice is used,
 * gives a turn to whatever waits (requests above all), so one long scan or export does not hold up
 * every other request.
 */
export class TimeSlice {
  private startedAt = performance.now();

  /** Whether this slice is used up (the caller then awaits `yieldTurn`). */
  used(): boolean {
    return performance.now() - this.startedAt >= SLICE_MS;
  }

  async yieldTurn(): Promise<void> {
    await nextTurn();
    this.startedAt = performance.now();
  }
}
