import { parentPort, workerData } from 'node:worker_threads';
// The leaf's module, not the package: each thread loads only what it runs (about 19 MB less a thread).
import { eventLeafHash } from '@support/event-sourcing/dist/transparency/leaf';
import { recordedEventOf } from './event-row';
import { OfflineEventLog } from './offline-log';
import type { LeavesAsked, LeavesHashed } from './log-leaves';

/**
 * The body of a logLeaves thread: on its own read-only connection to the log's file, recomputes the
 * leaf hash of every event of each range of positions it is asked for, and answers the positions
 * and the hashes (32 bytes each, in order). Ended by its parent (terminate).
 */
const log = new OfflineEventLog((workerData as { readonly file: string }).file);

parentPort?.on('message', (asked: LeavesAsked) => {
  try {
    const positions: number[] = [];
    const hashes: Buffer[] = [];
    for (const row of log.rows(asked.after, asked.upTo)) {
      positions.push(row[0]);
      hashes.push(eventLeafHash(recordedEventOf(row)));
    }
    const answer: LeavesHashed = { chunk: asked.chunk, positions: Float64Array.from(positions), hashes: Buffer.concat(hashes) };
    parentPort?.postMessage(answer, [answer.positions.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort?.postMessage({ chunk: asked.chunk, failed: (e as Error).message });
  }
});
