import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { Frontier, FrontierNode, hashLeaf, inclusionProof, LOWEST_STORED_LEVEL, TreeLeaf } from '@support/event-sourcing';
import { TOKENS } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { countEvents } from './support/count-events';
import { deskData } from './support/desk-data';
import { benchConfig, manualTicketBody } from './support/manual-tickets';

/**
 * The Merkle tree's cost (issue 47), through the real app over HTTP: BENCH_TICKETS manual tickets
 * (default 2,000) created with BENCH_CONCURRENCY in flight (default 16), on a fresh DATA_DIR each
 * run, alternately with the tree (the follower and the signer, LOG_TREE=on) and without
 * (LOG_TREE=off), BENCH_RUNS runs of each (default 2); the tree file's bytes per event; the time
 * of `npm run verify` over the last run's data directory; then inclusion proofs in a tree of
 * BENCH_TREE_LEAVES leaves (default 1,000,000) filled directly (no log), 1,000 at random positions
 * (each leaf found by its position, then its proof, as the route by position does).
 *
 *   npm run bench -- transparency
 *   BENCH_TICKETS=10000 BENCH_RUNS=3 npm run bench -- transparency
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const TREE_LEAVES = Number(process.env.BENCH_TREE_LEAVES ?? 1_000_000);
const VERIFY_CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'verify-log.js');

/** p50 and p95 of inclusion proofs at random leaves of a tree of TREE_LEAVES synthetic leaves. */
const proofLatency = async (): Promise<{ build: number; p50: number; p95: number }> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tree-bench-'));
  const store = SqliteTreeStore.open(path.join(dir, TRANSPARENCY_FILE));
  try {
    const started = performance.now();
    const frontier = Frontier.empty();
    for (let from = 0; from < TREE_LEAVES; from += 10_000) {
      const leaves: TreeLeaf[] = [];
      const nodes: FrontierNode[] = [];
      for (let i = from; i < Math.min(TREE_LEAVES, from + 10_000); i++) {
        const hash = hashLeaf(Buffer.from(`event ${i}`));
        leaves.push({ position: { commit: BigInt(i), prepare: BigInt(i) }, hash });
        nodes.push(...frontier.append(hash).filter((n) => n.level >= LOWEST_STORED_LEVEL));
      }
      store.append(leaves, nodes, { size: frontier.size, lastPosition: leaves[leaves.length - 1].position, frontier: frontier.roots });
    }
    const build = (performance.now() - started) / 1000;
    const times: number[] = [];
    for (let k = 0; k < 1_000; k++) {
      const position = store.leaf(Math.floor(Math.random() * TREE_LEAVES))?.position;
      if (position === undefined) throw new Error('the tree lacks a leaf it was filled with');
      // As the route by position: the leaf found by its position, then its proof.
      const t = performance.now();
      const index = store.leafIndexOf(position);
      if (index === null) throw new Error(`no leaf at position ${position.commit}`);
      inclusionProof(index, TREE_LEAVES, store.node);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return { build, p50: times[499], p95: times[949] };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

const createAll = async (svc: TestService): Promise<number> => {
  const desk = deskData({ tickets: TICKETS, nowMs: Date.now() });
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    for (let i = next++; i < TICKETS; i = next++) {
      const res = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: manualTicketBody(desk, i) });
      if (res.status !== 200) throw new Error(`create ${i}: ${res.status} ${res.text.slice(0, 200)}`);
    }
  }));
  return TICKETS / ((performance.now() - started) / 1000);
};

/** The tree file's size once its WAL is folded in. */
const treeBytes = (dataDir: string): number => {
  const file = path.join(dataDir, TRANSPARENCY_FILE);
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return statSync(file).size;
};

export const run = async (): Promise<void> => {
  const rates: Record<'on' | 'off', number[]> = { on: [], off: [] };
  let perEvent = 0;
  let verified = '';
  for (let r = 0; r < RUNS * 2; r++) {
    const tree = r % 2 === 0 ? 'off' : 'on';
    const svc = await startTestService({ config: benchConfig(), env: { LOG_TREE: tree, LOG_CHECKPOINT_MS: '1000' } });
    const rate = await createAll(svc);
    rates[tree].push(rate);
    process.stdout.write(`  run ${r + 1} (tree ${tree}): ${rate.toFixed(0)} creates/s\n`);
    if (tree === 'on') {
      const head = Number((await svc.deps.eventStore.headPosition())?.commit ?? -1) + 1;
      // At least: checkpoints signed meanwhile add their own events.
      await eventually(() => svc.deps.transparency.store.state().size >= head, 'the tree holds the log', 60_000);
    }
    await svc.stop({ remove: false });
    if (tree === 'on') {
      const events = await countEvents(svc.dataDir);
      perEvent = treeBytes(svc.dataDir) / events;
      const t = performance.now();
      const child = spawnSync(process.execPath, [VERIFY_CLI], { env: { ...process.env, DATA_DIR: svc.dataDir } });
      const said = `exit ${child.status}: ${child.stdout.toString().trim()}${child.stderr.toString().trim()}`;
      verified = `${said}: ${((performance.now() - t) / 1000).toFixed(2)} s, ${(events / ((performance.now() - t) / 1000)).toFixed(0)} events/s (the process's start included)`;
    }
    rmSync(svc.dataDir, { recursive: true, force: true });
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  process.stdout.write(`  creates/s with the tree ${mean(rates.on).toFixed(0)}, without ${mean(rates.off).toFixed(0)}: ${(100 * mean(rates.on) / mean(rates.off)).toFixed(1)} % (target >= 95 %)\n`);
  process.stdout.write(`  tree storage: ${perEvent.toFixed(1)} bytes per event (target <= 100)\n`);
  process.stdout.write(`  npm run verify: ${verified}\n`);
  const proofs = await proofLatency();
  process.stdout.write(`  inclusion proof in a tree of ${TREE_LEAVES} leaves (built in ${proofs.build.toFixed(1)} s): p50 ${proofs.p50.toFixed(3)} ms, p95 ${proofs.p95.toFixed(3)} ms\n`);
  process.stdout.write(`  (BENCH_TREE_LEAVES=${TREE_LEAVES} BENCH_TICKETS=${TICKETS} BENCH_CONCURRENCY=${CONCURRENCY} BENCH_RUNS=${RUNS} npm run bench -- transparency)\n`);
};
