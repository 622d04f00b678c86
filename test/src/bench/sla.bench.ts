import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { EVENTS_FILE } from '@support/app';
import { TOKENS } from '../support/example-config';
import { benchConfig, manualTicketBody } from './support/manual-tickets';
import { cpuMsOf, pinSelf, stop } from './speed/child';
import { quantile, request, runLoad } from './speed/load';
import { startDeskService, timedPhase } from './read-models/desk-service';
import { waitQuiet } from './read-models/service-process';

/**
 * Live SLA at scale (issue 46), measured from outside on the real service (`node <npm start's
 * flags> app/dist/start-all.js`, pinned to core 0; this process on core 1):
 *
 * 1. The desk's BENCH_SLA_PRESENT tickets (default 1,000,000; read-models/seed-desk.ts: desk-shaped
 *    data, their SLA outcomes up to now already in the log) seeded, then the first start rebuilds
 *    the read models. The bench account has no opening hours (due moments in plain time) and, beside
 *    the demo policies, a policy "Callback": first response within BENCH_SLA_TARGET_MINUTES (9).
 * 2. BENCH_SLA_OPEN tickets (100,000) created through POST /apis/tickets/manual, paced at
 *    BENCH_SLA_CREATES_PER_S (250): each one's Callback target falls due TARGET minutes after its
 *    creation, so the due moments are staggered as the creates were, and nobody answers them.
 * 3. Nothing due (between the last create and the first Callback due moment): once the service has
 *    had a quiet second, its CPU over BENCH_SLA_IDLE_S (60) seconds, the SLA watcher sweeping every
 *    second over the open tickets; then the agent's queue (GET /apis/sla/queue: pending by next due
 *    moment, due within 60 minutes, breached), 4 clients, after 20 untimed requests of each.
 * 4. The breaches: after the last due moment, until every Callback target is recorded breached (or
 *    BENCH_SLA_SETTLE_S, 120, pass); then, the service stopped, each SlaBreached of a Callback
 *    target read from the log: how late it was appended after its due moment (the log's `created`).
 *
 *   npm run bench -- sla                                                    (about 50 minutes, 10 GB)
 *   BENCH_SLA_PRESENT=100000 BENCH_SLA_OPEN=20000 npm run bench -- sla      (about 12 minutes)
 * BENCH_SLA_KEEP_DATA=1 keeps the work directory; BENCH_SLA_WORK_DIR=<it> runs again on its seeded
 * desk (and the tickets earlier runs created), without the seed. The service runs with LOG_TREE=off.
 */
const PRESENT = Number(process.env.BENCH_SLA_PRESENT ?? 1_000_000);
const OPEN = Number(process.env.BENCH_SLA_OPEN ?? 100_000);
const RATE = Number(process.env.BENCH_SLA_CREATES_PER_S ?? 250);
const TARGET_MINUTES = Number(process.env.BENCH_SLA_TARGET_MINUTES ?? 9);
const IDLE_MS = Number(process.env.BENCH_SLA_IDLE_S ?? 60) * 1000;
const SETTLE_MS = Number(process.env.BENCH_SLA_SETTLE_S ?? 120) * 1000;
const QUEUE_RUNS = 100;
/** A work directory a run kept (BENCH_SLA_KEEP_DATA=1), its desk already seeded: the seed is skipped. */
const REUSE = process.env.BENCH_SLA_WORK_DIR ?? '';
const KEEP_DATA = (process.env.BENCH_SLA_KEEP_DATA ?? '') !== '' || REUSE !== '';
const LABEL = 'Callback';
const TARGET = { lateP99Ms: 5_000, idleCpuShare: 0.05, queueP95Ms: 25 };

const line = (text: string) => process.stdout.write(`${text}\n`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The bench accounts without opening hours, with the Callback policy beside the demo ones. */
const slaConfig = () => {
  const config = benchConfig();
  const acme = config.accounts[0] as { openingHours?: unknown; slaPolicies: unknown[] };
  delete acme.openingHours;
  acme.slaPolicies = [...acme.slaPolicies, { label: LABEL, metric: 'firstResponse', targetMinutes: TARGET_MINUTES }];
  return config;
};

/** Sends `total` creates, the i-th not before `startMs + i / rate`, at most `inFlight` at once; each one's answer status and latency. */
const pacedCreates = async (port: number, total: number, rate: number, inFlight: number, body: (i: number) => unknown) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const start = performance.now();
  const latencies: number[] = [];
  const failures = new Map<number, number>();
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    for (let i = next++; i < total; i = next++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const t0 = performance.now();
      const r = await request(agent, port, 'POST', '/apis/tickets/manual', TOKENS.acmeAdmin, body(i)).catch(() => ({ status: 0, text: '' }));
      latencies.push(performance.now() - t0);
      if (r.status !== 200) failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
    }
  }));
  agent.destroy();
  return { seconds: (performance.now() - start) / 1000, latencies: latencies.sort((a, b) => a - b), failures };
};

/** The Callback breaches appended after `afterPosition`: how late each was appended after its due moment (ms), and how many breaches were recorded twice. */
const callbackBreaches = (dataDir: string, afterPosition: number) => {
  const db = new Database(path.join(dataDir, EVENTS_FILE), { readonly: true });
  try {
    const rows = db.prepare("SELECT stream_name AS stream, data, created FROM events WHERE position > ? AND type = 'SlaBreached'").all(afterPosition) as { stream: string; data: string; created: number }[];
    const late: number[] = [];
    const seen = new Set<string>();
    let twice = 0;
    for (const r of rows) {
      const d = JSON.parse(r.data) as { label: string; dueAt: string; target: number };
      if (d.label !== LABEL) continue;
      const key = `${r.stream}/${d.target}`;
      if (seen.has(key)) twice++;
      seen.add(key);
      late.push(r.created - Date.parse(d.dueAt));
    }
    return { late: late.sort((a, b) => a - b), twice };
  } finally {
    db.close();
  }
};

const headPosition = (dataDir: string): number => {
  const db = new Database(path.join(dataDir, EVENTS_FILE), { readonly: true });
  try {
    return Number((db.prepare('SELECT max(position) AS p FROM events').get() as { p: number | null }).p ?? 0);
  } finally {
    db.close();
  }
};

export async function run(): Promise<void> {
  await pinSelf(1);
  line(`sla: ${int(PRESENT)} desk tickets present, ${int(OPEN)} created through the API at ${RATE}/s with a ${TARGET_MINUTES}-minute first-response target (${LABEL}) nobody meets; load on core 1`);
  const phase = timedPhase(line);
  // 1. The desk, and the first start.
  const started = await startDeskService({ name: 'sla', present: PRESENT, reuse: REUSE, keep: KEEP_DATA, config: slaConfig(), line, phase });
  const { desk, dataDir, port, logFile } = started;
  const { service } = started;
  try {
    const before = headPosition(dataDir);

    // 2. The open tickets.
    const createdFrom = Date.now();
    const creates = await phase('creates', () => pacedCreates(port, OPEN, RATE, 32, (i) => manualTicketBody(desk, i % PRESENT)));
    const lastDue = Date.now() + TARGET_MINUTES * 60_000;
    const firstDue = createdFrom + TARGET_MINUTES * 60_000;
    const failed = [...creates.failures].map(([s, n]) => `${n} × ${s}`).join(', ');
    line(`creates: ${int(OPEN)} in ${creates.seconds.toFixed(1)} s (${int(OPEN / creates.seconds)}/s), p50 ${ms(quantile(creates.latencies, 0.5))}, p99 ${ms(quantile(creates.latencies, 0.99))}${failed ? `, failed: ${failed}` : ''}`);

    // 3. Nothing due: the watcher's cost, then the queue.
    await waitQuiet(service.pid, 300_000, 50);
    let idleShare: number | null = null;
    const idleRoom = firstDue - Date.now() - 5_000;
    if (idleRoom >= IDLE_MS) {
      const cpu0 = cpuMsOf(service.pid)!;
      const t0 = performance.now();
      await sleep(IDLE_MS);
      idleShare = (cpuMsOf(service.pid)! - cpu0) / (performance.now() - t0);
      line(`nothing due: the service used ${(idleShare * 100).toFixed(2)} % of a core over ${(IDLE_MS / 1000).toFixed(0)} s (${int(OPEN)} Callback targets and the desk's open tickets pending)`);
    } else {
      line(`nothing due: no room to measure (${(idleRoom / 1000).toFixed(0)} s before the first due moment; raise BENCH_SLA_TARGET_MINUTES)`);
    }
    const queues = [['pending, by next due moment', 'state=pending'], ['pending, due within 60 minutes', 'state=pending&dueWithinMinutes=60'], ['breached, newest first', 'state=breached']] as const;
    const queueP95: number[] = [];
    for (const [name, query] of queues) {
      if (Date.now() > firstDue - 10_000) break;
      await runLoad(port, 4, 20, (agent) => request(agent, port, 'GET', `/apis/sla/queue?${query}`, TOKENS.acmeAdmin, undefined)); // warm-up, not timed
      const load = await runLoad(port, 4, QUEUE_RUNS, (agent) => request(agent, port, 'GET', `/apis/sla/queue?${query}`, TOKENS.acmeAdmin, undefined));
      queueP95.push(quantile(load.latenciesMs, 0.95));
      line(`  queue ${name.padEnd(32)} p50 ${ms(quantile(load.latenciesMs, 0.5)).padStart(9)}  p95 ${ms(quantile(load.latenciesMs, 0.95)).padStart(9)}  (${load.failures} failed)`);
    }

    // 4. The breaches.
    const until = lastDue + SETTLE_MS;
    line(`breaches: due from ${new Date(firstDue).toISOString()} to ${new Date(lastDue).toISOString()}; waiting`);
    let found = { late: [] as number[], twice: 0 };
    for (;;) {
      await sleep(10_000);
      if (Date.now() < lastDue) continue;
      found = callbackBreaches(dataDir, before);
      if (found.late.length >= OPEN || Date.now() > until) break;
    }
    await stop(service);
    found = callbackBreaches(dataDir, before);
    const late = found.late;
    line(`breaches: ${int(late.length)} of ${int(OPEN)} Callback targets recorded breached (${found.twice} twice); appended after the due moment p50 ${ms(quantile(late, 0.5))}, p99 ${ms(quantile(late, 0.99))}, max ${ms(late[late.length - 1] ?? NaN)}`);

    const queueWorst = queueP95.length === 0 ? NaN : Math.max(...queueP95);
    line('');
    line('| Figure | Measured | Target |');
    line('|---|---|---|');
    line(`| Breaches after their due moment, ${int(OPEN)} open tickets staggered at ${RATE}/s, ${int(PRESENT)} present | ${int(late.length)} of ${int(OPEN)}; p99 ${ms(quantile(late, 0.99))} late | every one, p99 ≤ 5 s ${late.length === OPEN && quantile(late, 0.99) <= TARGET.lateP99Ms ? '✓' : '✗'} |`);
    line(`| Service CPU when nothing is due | ${idleShare === null ? 'not measured' : `${(idleShare * 100).toFixed(2)} % of a core`} | ≤ 5 % ${idleShare !== null && idleShare <= TARGET.idleCpuShare ? '✓' : '✗'} |`);
    line(`| SLA queue p95, 4 clients, worst of three | ${ms(queueWorst)} | ≤ 25 ms ${queueWorst <= TARGET.queueP95Ms ? '✓' : '✗'} |`);
    line(`reproduce: BENCH_SLA_PRESENT=${PRESENT} BENCH_SLA_OPEN=${OPEN} BENCH_SLA_CREATES_PER_S=${RATE} BENCH_SLA_TARGET_MINUTES=${TARGET_MINUTES} npm run bench -- sla`);
    line(`the service's log: ${logFile}`);
  } finally {
    await started.close();
  }
}
