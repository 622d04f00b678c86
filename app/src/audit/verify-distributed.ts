import { Position, positionFromString, positionToString, RecordedEvent } from '@support/domain';
import {
  auditLog, AuditVerdict, Checkpoint, eventLeafHash, isCheckpointError, LogLeaf, LogLeafChunk, openCheckpoint, StoredCheckpoint, TreeLeaf,
} from '@support/event-sourcing';
import { describeVerdict } from './verify-report';

/** The log as the audit reads it over a store that serves no file to read offline (EventStoreDB). */
export interface AuditedLog {
  /**
   * Its user events in order, after `after` (exclusive) or from the start: the events, and their
   * order, the tree's follower took. Read once from the start; again from a removed event's position.
   */
  readonly events: (after: Position | null) => AsyncIterable<RecordedEvent>;
  /** Whether the stream holds an event at this revision (the stream a removed event left a gap in). */
  readonly hasRevision: (streamName: string, revision: bigint) => Promise<boolean>;
}

/** The tree as stored (MongoTreeStore's copy, SqliteTreeStore): its leaves and its signed checkpoints. */
export interface AuditedTree {
  leaves(from: number): Iterable<TreeLeaf>;
  leaf(index: number): TreeLeaf | null;
  checkpoints(): Iterable<StoredCheckpoint>;
}

/** A checkpoint's note and where it comes from (to name it when its signature fails). */
export interface CheckpointNote {
  readonly note: string;
  readonly from: string;
}

/** The tree's stored checkpoints, then the one an auditor kept elsewhere, as notes to open. */
export const checkpointNotes = (stored: Iterable<StoredCheckpoint>, kept: CheckpointNote | null): CheckpointNote[] =>
  [...[...stored].map((c) => ({ note: c.note, from: `the stored checkpoint of size ${c.size}` })), ...(kept === null ? [] : [kept])];

/** The notes opened with the verifier key, by size ascending; the first that fails, as the line to print. */
export const openCheckpoints = (notes: readonly CheckpointNote[], key: string): Checkpoint[] | { failed: string } => {
  const checkpoints: Checkpoint[] = [];
  for (const { note, from } of notes) {
    const opened = openCheckpoint(note, key);
    if (isCheckpointError(opened)) return { failed: `${from}: ${opened.message}` };
    checkpoints.push(opened);
  }
  return checkpoints.sort((a, b) => a.size - b.size);
};

/** Events hashed at a time: the audit's chunk, and what is kept to name a differing event. */
const CHUNK = 512;

/**
 * The log's leaves a chunk at a time: each event's leaf is the RFC 8785 text of its record (the
 * store gives no canonical text), hashed as the follower hashed it. `current` holds the events of
 * the chunk the audit takes, by position, so that it can name the one that differs.
 */
async function* leafChunks(events: AsyncIterable<RecordedEvent>, current: Map<string, RecordedEvent>): AsyncGenerator<LogLeafChunk> {
  let chunk: LogLeaf[] = [];
  const pending = new Map<string, RecordedEvent>();
  const handOver = (): LogLeafChunk => {
    current.clear();
    for (const [position, event] of pending) current.set(position, event);
    pending.clear();
    const taken = chunk;
    chunk = [];
    return taken;
  };
  for await (const event of events) {
    chunk.push({ position: event.position, hash: eventLeafHash(event) });
    pending.set(positionToString(event.position), event);
    if (chunk.length === CHUNK) yield handOver();
  }
  if (chunk.length > 0) yield handOver();
}

/**
 * Where an event removed at `position` was: the first later event whose stream lacks the revision
 * before it (OfflineEventLog.gapAfter's answer, over the port). A stream seen since `position`
 * lacks it when its previous event there is another revision; a stream first seen there is asked.
 */
export const gapAfter = async (log: AuditedLog, position: Position): Promise<{ streamName: string; revision: number } | null> => {
  const seen = new Map<string, bigint>();
  for await (const event of log.events(position)) {
    const previous = seen.get(event.streamName);
    seen.set(event.streamName, event.revision);
    if (event.revision === 0n) continue;
    const before = event.revision - 1n;
    const lacks = previous === undefined ? !(await log.hasRevision(event.streamName, before)) : previous !== before;
    if (lacks) return { streamName: event.streamName, revision: Number(before) };
  }
  return null;
};

export interface DistributedVerifyInput {
  readonly log: AuditedLog;
  readonly tree: AuditedTree;
  /** Checkpoints whose signatures were checked (openCheckpoints), by size ascending. */
  readonly checkpoints: readonly Checkpoint[];
}

export interface VerifyOutcome {
  readonly verdict: AuditVerdict;
  /** The line `npm run verify` prints (verify-report), as on the embedded log. */
  readonly report: string;
  /** Its exit code: 0 verified, 1 the log is not what was signed. */
  readonly code: 0 | 1;
}

/**
 * The audit of `npm run verify` over a log read through a port (EventStoreDB's $all) and the tree
 * where the service keeps it (MongoDB, or DATA_DIR): every leaf recomputed from its event in log
 * order, the tree from them, checked against the stored leaves and every signed checkpoint. Names
 * the first altered, missing or reordered event by position and stream, as the embedded path does.
 * Reads the log once (and once more from a removed event to name its stream).
 */
export const verifyDistributed = async ({ log, tree, checkpoints }: DistributedVerifyInput): Promise<VerifyOutcome> => {
  const current = new Map<string, RecordedEvent>();
  const verdict = await auditLog({
    events: leafChunks(log.events(null), current),
    eventAt: (position) => current.get(positionToString(position)) ?? null,
    leavesFrom: (index) => tree.leaves(index),
    leafAt: (index) => tree.leaf(index),
    checkpoints,
  });
  const missing = !verdict.verified && verdict.finding.kind === 'missing' ? verdict.finding.position : null;
  const gap = missing === null ? null : await gapAfter(log, positionFromString(missing));
  return { verdict, report: describeVerdict(verdict, () => gap), code: verdict.verified ? 0 : 1 };
};
