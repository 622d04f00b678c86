import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadOrCreateLogSigningKey, silentLogger, SqliteEventStore, SqliteTreeStore, TRANSPARENCY_FILE } from '@support/adapters';
import { EVENTS_FILE } from '@support/app';
import { signNewHead, treeFollower } from '@support/projectors';
import { eventually } from '../support/eventually';
import { scriptNodeFlags } from './support/service-node-flags';
import { appendSyntheticTickets } from './verify/synthetic-log';

/**
 * `npm run verify` over a large log (issue 47: 1,000,000 tickets' events in 60 s and 256 MB): a
 * synthetic log of BENCH_VERIFY_EVENTS events (default 500,000; tickets of 8 events, about 500
 * bytes each) appended through the port, the tree's follower catching up with it (timed), one
 * signed checkpoint, then the verify command (with the node flags of `npm run verify`) under
 * /usr/bin/time: wall time, CPU time (user + sys: the events a core verifies a second, to
 * extrapolate to other machines) and peak RSS.
 *
 *   BENCH_VERIFY_EVENTS=500000 npm run bench -- verify
 */
const EVENTS = Number(process.env.BENCH_VERIFY_EVENTS ?? 500_000);
const VERIFY_CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'verify-log.js');
const line = (text: string) => process.stdout.write(`${text}\n`);

/** A field of /usr/bin/time -v's report. */
const timeField = (report: string, name: string): string => new RegExp(`\\t${name}: (.+)`).exec(report)?.[1].trim() ?? '?';

/** Seconds of "h:mm:ss" or "m:ss.ss". */
const seconds = (clock: string): number => clock.split(':').reduce((s, part) => s * 60 + Number(part), 0);

export const run = async (): Promise<void> => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'verify-bench-'));
  try {
    let t = performance.now();
    const log = SqliteEventStore.open({ file: path.join(dataDir, EVENTS_FILE) });
    const events = await appendSyntheticTickets(log, EVENTS);
    line(`verify: ${events.toLocaleString('en-US')} synthetic events appended in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    t = performance.now();
    const tree = SqliteTreeStore.open(path.join(dataDir, TRANSPARENCY_FILE));
    const follower = treeFollower(tree, log, silentLogger);
    await follower.group.start();
    await eventually(() => tree.state().size === events, 'the tree holds the log', 3_600_000);
    const caughtUp = (performance.now() - t) / 1000;
    await follower.group.stop();
    signNewHead({ store: tree, key: await loadOrCreateLogSigningKey(dataDir), origin: 'support-service/log', clock: { now: () => new Date() } });
    await tree.close();
    await log.close();
    line(`  the tree's follower caught up in ${caughtUp.toFixed(1)} s (${Math.round(events / caughtUp).toLocaleString('en-US')} events/s); one checkpoint signed`);

    const child = spawnSync('/usr/bin/time', ['-v', process.execPath, ...scriptNodeFlags('verify', 'verify-log.js'), VERIFY_CLI], { env: { ...process.env, DATA_DIR: dataDir } });
    const report = child.stderr.toString();
    const wall = seconds(timeField(report, 'Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)'));
    const cpu = Number(timeField(report, 'User time \\(seconds\\)')) + Number(timeField(report, 'System time \\(seconds\\)'));
    const rssMb = Number(timeField(report, 'Maximum resident set size \\(kbytes\\)')) / 1024;
    line(`  npm run verify: exit ${child.status}: ${child.stdout.toString().trim()}`);
    line(`  ${wall.toFixed(1)} s (${Math.round(events / wall).toLocaleString('en-US')} events/s), CPU ${cpu.toFixed(1)} s (${Math.round(events / cpu).toLocaleString('en-US')} events a CPU-second), peak RSS ${rssMb.toFixed(0)} MB, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`);
    line(`  (BENCH_VERIFY_EVENTS=${EVENTS} npm run bench -- verify)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
