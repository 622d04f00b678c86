import { Logger } from '@support/domain';
import { everyInterval } from '@support/event-sourcing';

/**
 * A piece of work run at start and then every interval, one run at a time (a run that outlasts the
 * interval is followed by one more at once, not by one per interval missed); a failed run is logged
 * and the next one comes at its time. `stop` waits for a run in hand.
 */
export const periodicSweep = <D extends { readonly logger: Logger }>(name: string, intervalMs: number, sweep: (deps: D) => Promise<void>) => ({
  name,
  start: async (deps: D): Promise<{ stop(): Promise<void> }> =>
    everyInterval(intervalMs, async () => {
      try {
        await sweep(deps);
      } catch (e) {
        deps.logger.error(`${name} failed`, { errorName: (e as Error).name, errorMessage: (e as Error).message });
      }
    }),
});
