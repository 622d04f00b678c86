import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LogLeaf, LogLeafChunk } from '@support/event-sourcing';
import type { Position } from '@support/domain';
import { positionAt } from './event-row';
import { OfflineEventLog } from './offline-log';

/** A range of positions a thread is asked to hash: after `after`, up to `upTo` inclusive. */
export interface LeavesAsked {
  readonly chunk: number;
  readonly after: number;
  readonly upTo: number;
}

/** The events found in a range: their positions and leaf hashes (32 bytes each), in order; whether each is the stored leaf of its position and no other is stored there. */
export type LeavesHashed =
  | { readonly chunk: number; readonly positions: Float64Array; readonly hashes: Uint8Array; readonly matchesStored: boolean }
  | { readonly chunk: number; readonly failed: string };

/** What each thread opens: the log's file, and the tree's (its stored leaves), when given. */
export interface LeavesWork {
  readonly file: string;
  readonly treeFile?: string;
}

export interface LogLeavesOptions {
  /**
   * The tree's file (DATA_DIR/transparency.sqlite): each leaf is then first written from the stored
   * text and compared with the stored leaf, and recomputed by decoding only where they differ.
   */
  readonly treeFile?: string;
  /** Threads that hash (default: one per core, at most MAX_THREADS). */
  readonly threads?: number;
  /**
   * Positions a thread hashes at a time (default 512): small enough that a range's rows and leaf
   * texts die in the thread's young generation (THREAD_HEAP) rather than being promoted and
   * collected again.
   */
  readonly chunkPositions?: number;
}

const HASH_BYTES = 32;

/** A leaf as a thread answered it: its position made only when read (the audit reads it only where the log differs). */
class HashedLeaf implements LogLeaf {
  constructor(private readonly rowid: number, readonly hash: Buffer) {}

  get position(): Position {
    return positionAt(this.rowid);
  }
}

/** Each thread adds its own heap and connection to the process: more than 3 would take npm run verify past its memory budget (docs/performance.md). */
const MAX_THREADS = 3;

/** A thread holds one range's rows at a time: a small heap keeps its memory small (its garbage is collected often). */
const THREAD_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 32 };

/**
 * The leaf of every event of the embedded log's file as it is now, in position order, a chunk at a
 * time: reading, parsing, canonicalizing and hashing are spread over worker threads, each with its
 * own read-only connection and a range of positions at a time (the hashing of an event does not
 * depend on any other). At most two ranges a thread are in flight, so memory does not grow with the
 * log, whatever the pace of the consumer.
 */
export async function* logLeaves(file: string, options: LogLeavesOptions = {}): AsyncGenerator<LogLeafChunk> {
  const threads = Math.max(1, options.threads ?? Math.min(MAX_THREADS, availableParallelism()));
  const chunkPositions = options.chunkPositions ?? 512;
  const log = new OfflineEventLog(file);
  const span = log.positions();
  log.close();
  if (span === null) return;
  const chunks = Math.ceil((span.last - span.first + 1) / chunkPositions);
  const rangeOf = (chunk: number): LeavesAsked => {
    const after = span.first - 1 + chunk * chunkPositions;
    return { chunk, after, upTo: Math.min(span.last, after + chunkPositions) };
  };

  const workers = Array.from({ length: Math.min(threads, chunks) }, () => new Worker(path.join(__dirname, 'log-leaves-worker.js'), { workerData: { file, treeFile: options.treeFile } satisfies LeavesWork, resourceLimits: THREAD_HEAP }));
  const answered = new Map<number, LeavesHashed>();
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let asked = 0;
  const askNext = (worker: Worker) => {
    if (asked < chunks) worker.postMessage(rangeOf(asked++));
  };
  for (const worker of workers) {
    worker.on('message', (answer: LeavesHashed) => {
      answered.set(answer.chunk, answer);
      wake?.();
    });
    worker.on('error', (e) => {
      failure = e;
      wake?.();
    });
  }
  try {
    // Two ranges in flight a thread: one hashed while the other's answer is taken in.
    for (let k = 0; k < 2; k++) workers.forEach(askNext);
    for (let chunk = 0; chunk < chunks; chunk++) {
      while (!answered.has(chunk) && failure === null) await new Promise<void>((resolve) => (wake = resolve));
      if (failure !== null) throw failure;
      const answer = answered.get(chunk) as LeavesHashed;
      answered.delete(chunk);
      if ('failed' in answer) throw new Error(`hashing the events after position ${rangeOf(chunk).after}: ${answer.failed}`);
      // The thread that answered is asked for the next range (any thread: they all read the same file).
      askNext(workers[chunk % workers.length]);
      const hashes = Buffer.from(answer.hashes.buffer, answer.hashes.byteOffset, answer.hashes.byteLength);
      const leaves: LogLeaf[] = new Array(answer.positions.length);
      for (let i = 0; i < answer.positions.length; i++) leaves[i] = new HashedLeaf(answer.positions[i], hashes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES));
      yield Object.assign(leaves, { matchesStored: answer.matchesStored });
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
