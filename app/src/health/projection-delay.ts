import { comparePositions, EventStore, Position, READ_YOUR_WRITES_MS } from '@support/domain';
import { CheckpointStore, projectionSubscriberName } from '@support/projectors';

/** How long the oldest event of the log a read model has not applied yet has waited (0: it has them all). */
export interface ProjectionDelay {
  readonly readModel: string;
  readonly seconds: number;
}

/** The time of the first event of the log after `from` (the log holds one: `from` is behind its head). */
const firstEventAfter = async (store: EventStore, from: Position | null): Promise<number> => {
  const subscription = store.subscribeToAll({ fromPosition: from ?? 'start' });
  try {
    const next = await subscription[Symbol.asyncIterator]().next();
    return next.done === true ? Date.now() : next.value.created.getTime();
  } finally {
    await subscription.unsubscribe();
  }
};

/**
 * Every read model's delay, from the checkpoints the projectors persist (so any process can tell,
 * the gateways included); measured at most once a second, however often health and metrics ask.
 */
export const projectionDelays = (store: EventStore, checkpoints: CheckpointStore, readModels: readonly string[]): (() => Promise<readonly ProjectionDelay[]>) => {
  const measure = async (): Promise<ProjectionDelay[]> => {
    const head = await store.headPosition();
    const now = Date.now();
    // Read models often stand at the same position (one shared subscription): each is read once.
    const firsts = new Map<string, Promise<number>>();
    return Promise.all(readModels.map(async (readModel) => {
      const at = await checkpoints.load(projectionSubscriberName(readModel));
      if (head === null || (at !== null && comparePositions(at, head) >= 0)) return { readModel, seconds: 0 };
      const key = at === null ? 'start' : `${at.commit}/${at.prepare}`;
      if (!firsts.has(key)) firsts.set(key, firstEventAfter(store, at));
      return { readModel, seconds: Math.max(0, now - (await firsts.get(key)!)) / 1000 };
    }));
  };
  let last: { at: number; delays: Promise<ProjectionDelay[]> } | null = null;
  return () => {
    if (last === null || Date.now() - last.at > 1_000) last = { at: Date.now(), delays: measure() };
    return last.delays;
  };
};

/** The read models whose delay is past the read-your-writes wait: commands answer before these have their events. */
export const behindReadYourWrites = (delays: readonly ProjectionDelay[]): string[] =>
  delays.filter((d) => d.seconds * 1000 > READ_YOUR_WRITES_MS).map((d) => d.readModel);
