import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { readdir, rm, stat } from 'node:fs/promises';
import {
  applyDeltaChain, deltaFile, deltaSeqOf, DeltaTable, EmbeddedReadStore, readReadStoreDelta, readReadStoreSnapshot, SnapshotHeader, writeReadStoreDelta, writeReadStoreSnapshot,
} from '@support/adapters';
import { comparePositions, EventStore, Logger, positionFromString, positionToString } from '@support/domain';

/** Where the embedded read models' snapshot lives. */
export const readModelSnapshotFile = (dataDir: string): string => path.join(dataDir, 'snapshots', 'read-models.snapshot');

/** How often the keeper looks whether a snapshot or a delta is due. */
export const SNAPSHOT_CHECK_MS = 1_000;
/**
 * At least this long between two full snapshots while the service runs (one more is taken at a
 * clean stop); the duty ratio below spaces large ones further. Short, so that a chain started on a
 * small store (a new service under load) is soon replaced by a full snapshot instead of growing to
 * dozens of deltas that a restart applies one by one.
 */
export const SNAPSHOT_MIN_INTERVAL_MS = 10_000;
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

/**
 * The log a snapshot is taken beside: its first event's id and its head now. The first event is read
 * once (the log is append-only, so it never changes), not for every delta: reading it decoded a batch
 * of the log's first records from the file every two or three seconds under load.
 */
const logHeaderOf = (eventStore: EventStore): (() => Promise<SnapshotHeader['log']>) => {
  let first: string | null = null;
  return async () => {
    const head = await eventStore.headPosition();
    if (head === null) return null;
    first ??= await firstEventId(eventStore);
    return { firstEventId: first as string, head: positionToString(head) };
  };
};

/** Where the chain of snapshot files stands: the full snapshot it starts from, and the last delta after it. */
export interface SnapshotChain {
  /** The full snapshot's takenAt (deltas name it). */
  readonly base: string;
  /** The last delta written or restored after it (0: none). */
  readonly seq: number;
  /** Sizes on disk: the full snapshot, and the deltas after it together. */
  readonly baseBytes: number;
  readonly deltaBytes: number;
}

/** The deltas beside the snapshot file, by number. */
const deltaNumbers = async (file: string): Promise<number[]> => {
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  return names.map((name) => deltaSeqOf(path.basename(file), name)).filter((n): n is number => n !== null).sort((a, b) => a - b);
};

/**
 * Restores the embedded read models (documents, indexes and the subscribers' checkpoints) from the
 * last full snapshot and the deltas written after it (1, 2, ... while each names that snapshot and
 * reads whole; the chain stops at the first that does not), when they were taken beside this very
 * log (same first event, head not behind the last one applied). The subscribers then catch up from
 * their restored checkpoints, so a restart replays only what came after the last delta. Anything
 * else (no snapshot, another log, a damaged file) leaves the store empty for a full rebuild from
 * the log. Answers the chain restored, or null.
 */
export const restoreReadModels = async (store: EmbeddedReadStore, eventStore: EventStore, dataDir: string, logger: Logger): Promise<SnapshotChain | null> => {
  const file = readModelSnapshotFile(dataDir);
  const started = Date.now();
  try {
    const snapshot = await readReadStoreSnapshot(file);
    if (snapshot === null) return null;
    const chain: DeltaTable[][] = [];
    let log = snapshot.header.log;
    let seq = 0;
    let deltaBytes = 0;
    for (const n of await deltaNumbers(file)) {
      if (n !== seq + 1) break;
      try {
        const delta = await readReadStoreDelta(deltaFile(file, n));
        if (delta.header.base !== snapshot.header.takenAt || delta.header.seq !== n) break;
        chain.push(delta.tables);
        log = delta.header.log;
        seq = n;
        deltaBytes += (await stat(deltaFile(file, n))).size;
      } catch (e) {
        logger.warn('read-model snapshot delta unusable; catching up from the one before', { delta: n, errorMessage: (e as Error).message });
        break;
      }
    }
    if (log !== null) {
      const head = await eventStore.headPosition();
      if (head === null || comparePositions(head, positionFromString(log.head)) < 0 || (await firstEventId(eventStore)) !== log.firstEventId) {
        logger.warn('read-model snapshot belongs to another log; rebuilding from the log', { takenAt: snapshot.header.takenAt });
        return null;
      }
    }
    // The chain merged first: one pass over the snapshot's tables however many deltas follow it.
    const images = applyDeltaChain(snapshot.images, chain);
    store.restore(images);
    // Deltas after the end of the chain (after a missing or damaged one) could only ever be applied out of order.
    for (const n of await deltaNumbers(file)) if (n > seq) await rm(deltaFile(file, n), { force: true });
    logger.info('read models restored from snapshot', { takenAt: snapshot.header.takenAt, deltas: seq, ms: Date.now() - started, tables: images.length });
    return { base: snapshot.header.takenAt, seq, baseBytes: (await stat(file)).size, deltaBytes };
  } catch (e) {
    logger.warn('read-model snapshot unusable; rebuilding from the log', { errorMessage: (e as Error).message });
    return null;
  }
};

export interface SnapshotKeeper {
  /** Takes a full snapshot now (skipped when nothing changed since the last one; joins one being written). */
  takeSnapshot(): Promise<void>;
  /** Writes a delta of what changed since the last snapshot or delta now (nothing without a full snapshot to follow). */
  takeDelta(): Promise<void>;
  /** Stops the timer and waits for a snapshot being written. */
  stop(): Promise<void>;
}

/**
 * At least this long between two deltas: under a steady load of creates a kill -9 finds the read
 * models a few seconds behind the log at most, which a restart replays in about a second.
 */
export const DELTA_MIN_INTERVAL_MS = 2_000;
/** A full snapshot (and a fresh chain) after this many deltas. */
export const MAX_DELTAS = 30;
/** Deltas take at most 1/10 of the time (they hold only what changed, so under load about a second of every ten). */
export const DELTA_DUTY_RATIO = 10;

/**
 * Keeps the snapshot chain while the read models change: a delta of what changed (small: only the
 * documents written since the last one) at most every DELTA_MIN_INTERVAL_MS, and a full snapshot
 * at most every SNAPSHOT_MIN_INTERVAL_MS once the deltas hold half as much as the snapshot or
 * number MAX_DELTAS; full snapshots never more than 1/SNAPSHOT_DUTY_RATIO of the time and deltas
 * 1/DELTA_DUTY_RATIO, so snapshots never crowd out requests; deltas go on while a full snapshot is
 * written (a kill meanwhile finds a recent delta); a full one at a clean stop. A `kill -9` then loses only the last few
 * seconds of projection, which the restart replays.
 */
export const keepReadModelSnapshots = (
  store: EmbeddedReadStore,
  eventStore: EventStore,
  dataDir: string,
  logger: Logger,
  restored: SnapshotChain | null = null,
  checkMs = SNAPSHOT_CHECK_MS,
): SnapshotKeeper => {
  const file = readModelSnapshotFile(dataDir);
  const logHeader = logHeaderOf(eventStore);
  let chain = restored;
  const full = { finishedAt: Date.now(), durationMs: 0 };
  const delta = { finishedAt: Date.now(), durationMs: 0 };
  // A full snapshot and a delta may be written at once (deltas go on while a long full snapshot is written); two of a kind never.
  const writing: { full: Promise<void> | null; delta: Promise<void> | null } = { full: null, delta: null };
  const once = (kind: 'full' | 'delta', work: () => Promise<void>, what: string): Promise<void> => {
    const running = writing[kind];
    if (running !== null) return running;
    const started = work()
      .catch((e) => logger.error(`read-model ${what} failed`, { errorMessage: (e as Error).message }))
      .finally(() => {
        writing[kind] = null;
      });
    writing[kind] = started;
    return started;
  };
  const takeSnapshot = (): Promise<void> =>
    once('full', async () => {
      if (chain !== null && chain.seq === 0 && store.unsaved.writes === 0 && !store.unsaved.needsFull) return;
      const log = await logHeader();
      const captureStarted = performance.now();
      const tables = store.capture();
      const captureMs = performance.now() - captureStarted;
      const started = Date.now();
      const takenAt = new Date().toISOString();
      const { bytes, activeMs } = await writeReadStoreSnapshot(file, { takenAt, log }, tables);
      store.forgetChanges(tables, true);
      // The deltas of the old chain go, those written meanwhile too: the new snapshot starts a chain (they kept their changes noted).
      for (const n of await deltaNumbers(file)) await rm(deltaFile(file, n), { force: true });
      chain = { base: takenAt, seq: 0, baseBytes: bytes, deltaBytes: 0 };
      full.finishedAt = Date.now();
      // The duty ratio weighs the time the snapshot held the event loop, not the wall time (on a busy core that is mostly other work).
      full.durationMs = captureMs + activeMs;
      logger.info('read-model snapshot written', { ms: full.finishedAt - started, activeMs: Math.round(full.durationMs), bytes, head: log?.head ?? null });
    }, 'snapshot');
  const takeDelta = (): Promise<void> =>
    once('delta', async () => {
      const base = chain;
      if (base === null) return;
      // Written while a full snapshot is: it extends the old chain until the snapshot lands, and keeps its changes noted for the new one.
      const besideFull = writing.full !== null;
      const log = await logHeader();
      const captureStarted = performance.now();
      const changes = store.captureChanges();
      const captureMs = performance.now() - captureStarted;
      const started = Date.now();
      const seq = base.seq + 1;
      const { bytes, activeMs } = await writeReadStoreDelta(deltaFile(file, seq), { base: base.base, seq, takenAt: new Date().toISOString(), log }, changes);
      if (!besideFull) store.forgetChanges(changes, false);
      if (chain === base) chain = { base: base.base, seq, baseBytes: base.baseBytes, deltaBytes: base.deltaBytes + bytes };
      delta.finishedAt = Date.now();
      delta.durationMs = captureMs + activeMs;
      logger.info('read-model snapshot delta written', { seq, ms: delta.finishedAt - started, activeMs: Math.round(delta.durationMs), bytes, head: log?.head ?? null });
    }, 'snapshot delta');
  const rested = (kind: { finishedAt: number; durationMs: number }, minMs: number, dutyRatio: number) =>
    Date.now() - kind.finishedAt >= Math.max(minMs, dutyRatio * kind.durationMs);
  const timer = setInterval(() => {
    // Not while replaying with deferred indexes: a capture would build them half way.
    if (store.replaying || writing.delta !== null) return;
    const unsaved = store.unsaved;
    if (unsaved.writes === 0 && !unsaved.needsFull && chain !== null) return;
    const fullWanted = chain === null || unsaved.needsFull || chain.seq >= MAX_DELTAS || chain.deltaBytes * 2 >= chain.baseBytes;
    // Without a snapshot to follow, the first full one comes at once (small on a new service; after a rebuild it saves the next start one).
    if (writing.full === null && fullWanted && (chain === null || rested(full, SNAPSHOT_MIN_INTERVAL_MS, SNAPSHOT_DUTY_RATIO))) void takeSnapshot();
    else if (chain !== null && !unsaved.needsFull && rested(delta, DELTA_MIN_INTERVAL_MS, DELTA_DUTY_RATIO)) void takeDelta();
  }, checkMs);
  timer.unref();
  return {
    takeSnapshot,
    takeDelta,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([writing.full, writing.delta]);
    },
  };
};
