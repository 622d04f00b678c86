import { parentPort, workerData } from 'node:worker_threads';
// The leaf's modules, not the package: each thread loads only what it runs, which keeps every thread's memory small.
import { eventLeafHash } from '@support/event-sourcing/dist/transparency/leaf';
import { storedLeafHash } from '@support/event-sourcing/dist/transparency/stored-leaf';
import type { Hash } from '@support/event-sourcing/dist/transparency/hashing';
import { StoredLeafHashes } from '../../transparency/stored-leaf-hashes';
import { EventRow, recordedEventOf } from './event-row';
import { OfflineEventLog } from './offline-log';
import type { LeavesAsked, LeavesHashed, LeavesWork } from './log-leaves';

/**
 * The body of a logLeaves thread: on its own read-only connection to the log's file, recomputes the
 * leaf hash of every event of each range of positions it is asked for, and answers the positions
 * and the hashes (32 bytes each, in order). Ended by its parent (terminate).
 *
 * With the tree's file, a leaf is first written from the row's stored text (storedLeafHash, no
 * decoding): where that is the stored leaf, the event is the one the tree holds. Where it is not
 * (text written before the log stored canonical text, or altered), the leaf is recomputed the slow
 * way (decode, canonicalize), so an old log verifies and a changed event is found as before.
 */
const work = workerData as LeavesWork;
const log = new OfflineEventLog(work.file);
const storedLeaves = work.treeFile === undefined ? null : new StoredLeafHashes(work.treeFile);

const leafOf = (row: EventRow, stored: Buffer | undefined): Hash => {
  if (stored !== undefined) {
    const [position, streamName, revision, id, type, data, metadata, created] = row;
    const fast = storedLeafHash({
      position: `${position}/${position}`, streamName, revision: `${revision}`, id, type, created: new Date(created).toISOString(), data, metadata,
    });
    if (fast.equals(stored)) return fast;
  }
  return eventLeafHash(recordedEventOf(row));
};

parentPort?.on('message', (asked: LeavesAsked) => {
  try {
    const positions: number[] = [];
    const hashes: Buffer[] = [];
    const stored = storedLeaves?.between(asked.after, asked.upTo) ?? [];
    let s = 0;
    let matched = 0;
    for (const row of log.rows(asked.after, asked.upTo)) {
      while (s < stored.length && stored[s][0] < row[0]) s++;
      const storedHash = s < stored.length && stored[s][0] === row[0] ? stored[s][1] : undefined;
      const hash = leafOf(row, storedHash);
      if (storedHash !== undefined && hash.equals(storedHash)) matched += 1;
      positions.push(row[0]);
      hashes.push(hash);
    }
    // Every event is its stored leaf, and no stored leaf of the range lacks its event.
    const matchesStored = storedLeaves !== null && matched === positions.length && stored.length === positions.length;
    const answer: LeavesHashed = { chunk: asked.chunk, positions: Float64Array.from(positions), hashes: Buffer.concat(hashes), matchesStored };
    parentPort?.postMessage(answer, [answer.positions.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort?.postMessage({ chunk: asked.chunk, failed: (e as Error).message });
  }
});
