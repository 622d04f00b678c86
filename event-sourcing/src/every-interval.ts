/**
 * Runs `run` at once and then every `intervalMs`, one run at a time: a tick while a run is in hand
 * and another already waits adds nothing, so a run that outlasts the interval is followed by one
 * more at once, not by one for every interval missed. `run` handles its own failures (a rejection
 * is dropped so that the next run still comes). `stop` ends the ticks and waits for the run in hand.
 */
export const everyInterval = (intervalMs: number, run: () => Promise<void>): { stop(): Promise<void> } => {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let waiting = false;
  const tick = () => {
    if (waiting) return;
    waiting = true;
    running = running.then(async () => {
      waiting = false;
      if (!stopped) await run().catch(() => undefined);
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
};
