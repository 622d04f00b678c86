import path from 'node:path';
import { EmbeddedReadStore, readReadStoreSnapshot, SnapshotHeader, writeReadStoreSnapshot } from '@support/adapters';
import { comparePositions, EventStore, Logger, positionFromString, positionToString } from '@support/domain';
import { CHECKPOINTS_COLLECTION } from '@support/projectors';

/** Where the embedded read models' snapshot lives. */
export const readModelSnapshotFile = (dataDir: string): string => path.join(dataDir, 'snapshots', 'read-models.snapshot');

/** How often the keeper looks whether a snapshot is due. */
export const SNAPSHOT_CHECK_MS = 10_000;
/** At least this long between two snapshots while the service runs (one more is taken at a clean stop). */
export const SNAPSHOT_MIN_INTERVAL_MS = 60_000;
/** Writing snapshots takes at most 1/20 of the time: a snapshot that took 5 s waits at least 100 s for the next. */
export const SNAPSHOT_DUTY_RATIO = 20;

const firstEventId = async (eventStore: EventStore): Promise<string | null> => {
  const subscription = eventStore.subscribeToAll({ fromPosition: 'start' });
  try {
    for await (const event of subscription) return event.id;
    return null;
  } finally {
    await subscription.unsubscribe();
  }
};

const logHeader = async (eventStore: EventStore): Promise<SnapshotHeader['log']> => {
  const head = await eventStore.headPosition();
  if (head === null) return null;
  return { firstEventId: (await firstEventId(eventStore)) as string, head: positionToString(head) };
};

/**
 * Restores the embedded read models (documents, indexes and the subscribers' checkpoints) from the
 * last snapshot, when it was taken beside this very log (same first event, head not behind it).
 * The subscribers then catch up from their restored checkpoints, so a restart replays only what came
 * after the snapshot. Anything else (no snapshot, another log, a damaged file) leaves the store empty
 * for a full rebuild from the log. Answers whether it restored.
 */
export const restoreReadModels = async (store: EmbeddedReadStore, eventStore: EventStore, dataDir: string, logger: Logger): Promise<boolean> => {
  const file = readModelSnapshotFile(dataDir);
  const started = Date.now();
  try {
    const snapshot = await readReadStoreSnapshot(file);
    if (snapshot === null) return false;
    const log = snapshot.header.log;
    if (log !== null) {
      const head = await eventStore.headPosition();
      if (head === null || comparePositions(head, positionFromString(log.head)) < 0 || (await firstEventId(eventStore)) !== log.firstEventId) {
        logger.warn('read-model snapshot belongs to another log; rebuilding from the log', { takenAt: snapshot.header.takenAt });
        return false;
      }
    }
    store.restore(snapshot.images);
    logger.info('read models restored from snapshot', { takenAt: snapshot.header.takenAt, ms: Date.now() - started, tables: snapshot.images.length });
    return true;
  } catch (e) {
    logger.warn('read-model snapshot unusable; rebuilding from the log', { errorMessage: (e as Error).message });
    return false;
  }
};

export interface SnapshotKeeper {
  /** Takes a snapshot now (skipped when nothing changed since the last one; joins one being written). */
  takeSnapshot(): Promise<void>;
  /** Stops the timer and waits for a snapshot being written. */
  stop(): Promise<void>;
}

/**
 * Takes a snapshot while the read models change, at most every SNAPSHOT_MIN_INTERVAL_MS and never
 * more than 1/SNAPSHOT_DUTY_RATIO of the time (a large store snapshots less often), so snapshots
 * never crowd out requests; and one at a clean stop.
 */
export const keepReadModelSnapshots = (store: EmbeddedReadStore, eventStore: EventStore, dataDir: string, logger: Logger, checkMs = SNAPSHOT_CHECK_MS): SnapshotKeeper => {
  const file = readModelSnapshotFile(dataDir);
  let lastTaken: string | undefined;
  let lastFinishedAt = Date.now();
  let lastDurationMs = 0;
  let writing: Promise<void> | null = null;
  const takeSnapshot = async (): Promise<void> => {
    if (writing !== null) return writing;
    writing = (async () => {
      const log = await logHeader(eventStore);
      const tables = store.capture();
      // Nothing new: the same log head and the same subscriber checkpoints as the last snapshot.
      const checkpoints = tables.find((t) => t.name === CHECKPOINTS_COLLECTION)?.docs.map((d) => `${d._id}=${String(d.position)}`).join(',');
      const taken = `${log?.head ?? ''}|${checkpoints ?? ''}`;
      if (taken === lastTaken) return;
      const started = Date.now();
      const { bytes } = await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log }, tables);
      lastTaken = taken;
      lastFinishedAt = Date.now();
      lastDurationMs = lastFinishedAt - started;
      logger.info('read-model snapshot written', { ms: lastDurationMs, bytes, head: log?.head ?? null });
    })()
      .catch((e) => logger.error('read-model snapshot failed', { errorMessage: (e as Error).message }))
      .finally(() => {
        writing = null;
      });
    return writing;
  };
  const due = () => Date.now() - lastFinishedAt >= Math.max(SNAPSHOT_MIN_INTERVAL_MS, SNAPSHOT_DUTY_RATIO * lastDurationMs);
  const timer = setInterval(() => {
    // Not while replaying with deferred indexes: a capture would build them half way.
    if (due() && !store.replaying) void takeSnapshot();
  }, checkMs);
  timer.unref();
  return {
    takeSnapshot,
    stop: async () => {
      clearInterval(timer);
      if (writing !== null) await writing;
    },
  };
};
