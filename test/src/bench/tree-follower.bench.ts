import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { RecordedEvent } from '@support/domain';
import { treeSubscriber } from '@support/projectors';
import { ticketEvents } from './verify/synthetic-log';

/**
 * The Merkle tree's follower alone (issue 47: creates with the tree at ≥ 95 % of those without):
 * its CPU an event, BENCH_FOLLOWER_EVENTS synthetic events (default 100,000; tickets of 8) handed
 * to its handler in batches of 10 (a wake of the follower without a live window) and of 800 (its
 * 250 ms window at 600 creates a second), each event decoded from its stored JSON as the
 * subscription hands it over. Three runs of each, on a new tree file each.
 *
 *   npm run bench -- tree-follower
 */
const EVENTS = Number(process.env.BENCH_FOLLOWER_EVENTS ?? 100_000);
const line = (text: string) => process.stdout.write(`${text}\n`);

/** The stored form of the synthetic log: what the subscription parses back into each event. */
const storedLog = (): { readonly streamName: string; readonly id: string; readonly type: string; readonly data: string; readonly metadata: string }[] =>
  Array.from({ length: Math.ceil(EVENTS / 8) }, (_, i) => ticketEvents(i, new Date('2026-11-27T10:00:00.000Z'))
    .map((e) => ({ streamName: `ticket-synthetic-${i}`, id: e.id, type: e.type, data: JSON.stringify(e.data), metadata: JSON.stringify(e.metadata) }))).flat();

const cpuMicrosPerEvent = async (stored: ReturnType<typeof storedLog>, batch: number): Promise<number> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tree-follower-bench-'));
  const store = SqliteTreeStore.open(path.join(dir, TRANSPARENCY_FILE));
  try {
    const subscriber = treeSubscriber(store);
    const started = process.cpuUsage();
    for (let from = 0; from < stored.length; from += batch) {
      const events: RecordedEvent[] = [];
      for (let i = from; i < Math.min(stored.length, from + batch); i++) {
        const e = stored[i];
        events.push({
          id: e.id, type: e.type, data: JSON.parse(e.data), metadata: JSON.parse(e.metadata), streamName: e.streamName,
          revision: BigInt(i % 8), position: { commit: BigInt(i), prepare: BigInt(i) }, created: new Date(1_795_000_000_000 + i),
        });
      }
      await subscriber.handleBatchUpTo?.(events, events[events.length - 1].position);
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / stored.length;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const run = async (): Promise<void> => {
  const stored = storedLog();
  line(`tree-follower: ${stored.length.toLocaleString('en-US')} synthetic events, load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
  for (const batch of [10, 800]) {
    const runs: number[] = [];
    for (let r = 0; r < 3; r++) runs.push(await cpuMicrosPerEvent(stored, batch));
    line(`  batches of ${batch}: ${runs.map((us) => us.toFixed(1)).join(', ')} µs of CPU an event`);
  }
  line(`  (BENCH_FOLLOWER_EVENTS=${EVENTS} npm run bench -- tree-follower)`);
};
