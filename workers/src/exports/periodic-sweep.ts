import { Logger } from '@support/domain';

/**
 * A piece of work run at start and then every interval, one run at a time (a run that outlasts the
 * interval is followed by one more at once, not by one per interval missed); a failed run is logged
 * and the next one comes at its time. `stop` waits for a run in hand.
 */
export const periodicSweep = <D extends { readonly logger: Logger }>(name: string, intervalMs: number, sweep: (deps: D) => Promise<void>) => ({
  name,
  start: async (deps: D): Promise<{ stop(): Promise<void> }> => {
    let running: Promise<void> = Promise.resolve();
    let stopped = false;
    // A tick while a run is in hand and another waits adds nothing: a slow run is followed by one run, not by a queue of them.
    let waiting = false;
    const tick = () => {
      if (waiting) return;
      waiting = true;
      running = running.then(async () => {
        waiting = false;
        if (stopped) return;
        try {
          await sweep(deps);
        } catch (e) {
          deps.logger.error(`${name} failed`, { errorName: (e as Error).name, errorMessage: (e as Error).message });
        }
      });
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return {
      stop: async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  },
});
