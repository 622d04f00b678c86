import { performance } from 'node:perf_hooks';

/**
 * The longest the event loop went without a turn while this runs (a request arriving then waits
 * that long): measured between consecutive setImmediate callbacks, each of which lets I/O run
 * before it. For benchmarks of background work that must leave requests their turn.
 */
export const longestTurn = (): { readonly longestMs: number; stop(): void } => {
  let running = true;
  let last = performance.now();
  let longestMs = 0;
  const tick = () => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get longestMs() {
      return longestMs;
    },
    stop: () => {
      running = false;
    },
  };
};
