import { comparePositions, Position, ProjectionProgress } from '@support/domain';
import { CheckpointStore } from './checkpoints';
import { projectionSubscriberName } from './projection';
import { SubscriberRunner } from './subscriber';

/** All in one process: ask the runners themselves (no polling). */
export const inProcessProgress = (runners: () => readonly SubscriberRunner[]): ProjectionProgress => ({
  waitFor: async (projections, position, timeoutMs) => {
    const wanted = runners().filter((r) => projections.includes(r.name.replace(/^projection:/, '')));
    const results = await Promise.all(wanted.map((r) => r.waitFor(position, timeoutMs)));
    return results.every(Boolean);
  },
});

/** Gateway and projectors in different processes: poll the checkpoints the projectors persist. */
export const checkpointPollingProgress = (checkpoints: CheckpointStore, pollMs = 20): ProjectionProgress => ({
  waitFor: async (projections, position, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    const reached = async (name: string) => {
      const cp: Position | null = await checkpoints.load(projectionSubscriberName(name));
      return cp !== null && comparePositions(cp, position) >= 0;
    };
    for (;;) {
      const all = await Promise.all(projections.map(reached));
      if (all.every(Boolean)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  },
});
