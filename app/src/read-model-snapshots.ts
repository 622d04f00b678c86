import path from 'node:path';
import { EmbeddedReadStore, readReadStoreSnapshot, SnapshotHeader, writeReadStoreSnapshot } from '@support/adapters';
import { comparePositions, EventStore, Logger, positionFromString, positionToString } from '@support/domain';
import { CHECKPOINTS_COLLECTION } from '@support/projectors';

/** Where the embedded read models' snapshot lives. */
export const readModelSnapshotFile = (dataDir: string): string => path.join(dataDir, 'snapshots', 'read-models.snapshot');

/** How often a snapshot is taken while events come in (and once more at a clean stop). */
export const SNAPSHOT_INTERVAL_MS = 10_000;

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
  /** Takes a snapshot now (skipped when nothing was appended since the last one, or one is being written). */
  takeSnapshot(): Promise<void>;
  /** Stops the timer and waits for a snapshot being written. */
  stop(): Promise<void>;
}

/** Takes a snapshot every SNAPSHOT_INTERVAL_MS while the log grows. */
export const keepReadModelSnapshots = (store: EmbeddedReadStore, eventStore: EventStore, dataDir: string, logger: Logger, intervalMs = SNAPSHOT_INTERVAL_MS): SnapshotKeeper => {
  const file = readModelSnapshotFile(dataDir);
  let lastTaken: string | undefined;
  let writing: Promise<void> | null = null;
  const takeSnapshot = async (): Promise<void> => {
    if (writing !== null) return writing;
    writing = (async () => {
      const log = await logHeader(eventStore);
      const images = store.image();
      // Nothing new: the same log head and the same subscriber checkpoints as the last snapshot.
      const checkpoints = images.find((i) => i.name === CHECKPOINTS_COLLECTION)?.docs.map((d) => `${d._id}=${String(d.position)}`).join(',');
      const taken = `${log?.head ?? ''}|${checkpoints ?? ''}`;
      if (taken === lastTaken) return;
      const started = Date.now();
      const { bytes } = await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log }, images);
      lastTaken = taken;
      logger.info('read-model snapshot written', { ms: Date.now() - started, bytes, head: log?.head ?? null });
    })()
      .catch((e) => logger.error('read-model snapshot failed', { errorMessage: (e as Error).message }))
      .finally(() => {
        writing = null;
      });
    return writing;
  };
  const timer = setInterval(() => void takeSnapshot(), intervalMs);
  timer.unref();
  return {
    takeSnapshot,
    stop: async () => {
      clearInterval(timer);
      if (writing !== null) await writing;
    },
  };
};
