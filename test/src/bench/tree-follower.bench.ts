import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { canonicalTextEventOf, EventRow, recordedEventOf } from '@support/adapters/dist/event-store/sqlite/event-row';
import { RecordedEvent } from '@support/domain';
import { canonicalJson } from '@support/event-sourcing';
import { treeSubscriber } from '@support/projectors';
import { ticketEvents } from './verify/synthetic-log';

/**
 * The Merkle tree's follower alone (issue 47: creates with the tree at ≥ 95 % of those without):
 * its CPU an event, BENCH_FOLLOWER_EVENTS synthetic events (default 100,000; tickets of 8) handed
 * to its handler in batches of 10 (a wake of the follower without a live window) and of 800 (its
 * 250 ms window at 600 creates a second), each event made from its stored row as the embedded
 * log's subscription hands it over: decoded (what the follower read before the log stored canonical
 * text, and what it reads of an earlier version's events), and with its canonical text (the leaf
 * written from the text, the data decoded only when read). Three runs of each, on a new tree file each.
 *
 *   npm run bench -- tree-follower
 */
const EVENTS = Number(process.env.BENCH_FOLLOWER_EVENTS ?? 100_000);
const line = (text: string) => process.stdout.write(`${text}\n`);

/** The stored rows of the synthetic log (data and metadata as the log stores them, RFC 8785 text). */
const storedLog = (): EventRow[] =>
  Array.from({ length: Math.ceil(EVENTS / 8) }, (_, i) => ticketEvents(i, new Date('2026-11-27T10:00:00.000Z'))
    .map((e, k): EventRow => [i * 8 + k, `ticket-synthetic-${i}`, k, e.id, e.type, canonicalJson(e.data) as string, canonicalJson(e.metadata) as string, 1_795_000_000_000 + i * 8 + k])).flat();

const DECODINGS = { decoded: recordedEventOf, 'with canonical text': canonicalTextEventOf(0) } as const;

const cpuMicrosPerEvent = async (stored: readonly EventRow[], batch: number, eventOf: (row: EventRow) => RecordedEvent): Promise<number> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tree-follower-bench-'));
  const store = SqliteTreeStore.open(path.join(dir, TRANSPARENCY_FILE));
  try {
    const subscriber = treeSubscriber(store);
    const started = process.cpuUsage();
    for (let from = 0; from < stored.length; from += batch) {
      const events = stored.slice(from, from + batch).map(eventOf);
      await subscriber.handleBatchUpTo?.(events, events[events.length - 1].position);
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / stored.length;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

export const run = async (): Promise<void> => {
  const stored = storedLog();
  line(`tree-follower: ${stored.length.toLocaleString('en-US')} synthetic events, load ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores`);
  for (const [decoding, eventOf] of Object.entries(DECODINGS)) {
    for (const batch of [10, 800]) {
      const runs: number[] = [];
      for (let r = 0; r < 3; r++) runs.push(await cpuMicrosPerEvent(stored, batch, eventOf));
      line(`  ${decoding}, batches of ${batch}: ${runs.map((us) => us.toFixed(1)).join(', ')} µs of CPU an event`);
    }
  }
  line(`  (BENCH_FOLLOWER_EVENTS=${EVENTS} npm run bench -- tree-follower)`);
};
