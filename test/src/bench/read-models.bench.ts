import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EVENTS_FILE, JOBS_FILE } from '@support/app';
import { TOKENS } from '../support/example-config';
import { benchConfig, manualTicketBody } from './support/manual-tickets';
import { SERVICE_NODE_FLAGS } from './support/service-node-flags';
import { downloadCsvRecords } from './support/csv-download';
import { cpuMsOf, freePort, pinSelf, stop } from './speed/child';
import { quantile, request } from './speed/load';
import { COMMON_FRAGMENT, listMix } from './list-mix/list-mix';
import { besideSearchers } from './read-models/searchers-beside';
import { deskData, describeDesk, LIFECYCLES } from './support/desk-data';
import { SeededTicket } from './read-models/seed-log';
import { BODIES, engineFileBytes, seedDesk } from './read-models/seed-desk';
import { withTimeout } from './support/with-timeout';
import { describeMemory, MEMORY_PARTS, memoryParts, memoryPartsSampler, rssSampler, spawnService, statusBytes, waitForLogLine, waitForTotal, waitQuiet } from './read-models/service-process';

/**
 * The read models on SQLite at scale, measured from outside as speed.bench.ts measures the service:
 * BENCH_READ_MODELS_TICKETS tickets (default 1,000,000) made the way the service makes them (their
 * events appended to the embedded log through the event-store port, then projected by the service's
 * own projectors on its first start), then the real service (`node <npm start's flags>
 * app/dist/start-all.js`, pinned to core 0, this process on core 1):
 *
 * 1. Templates: the service in process on a temporary DATA_DIR makes 40 tickets through
 *    POST /apis/tickets/manual (speed.bench's bodies: varied sources, half with a task, fastResponse,
 *    forceCreateTicket), waits for their summaries, then works them through the workspace routes:
 *    8 bodies (sources, tasks) × the desk data's 5 lifecycles (open; assigned; assigned and
 *    in_progress; assigned and resolved; assigned, resolved and closed; assigned to u-desk-01); it
 *    gives back every event of its log.
 * 2. Seed (read-models/seed-log.ts): the desk data (support/desk-data: realistic customers, repeat
 *    customers, texts, 180 days with a weekly and daily rhythm, statuses and agents) for N tickets;
 *    ticket i is the template of its lifecycle and body i mod 8 with fresh UUIDs, its customer (its
 *    CustomerCreated and contact claims appended with its first ticket), number i + 1, its subject,
 *    query, order, summary, agent and times (creation and each workspace request) from the desk data;
 *    appended with the service stopped. The job dispatchers' checkpoints are then set to the log's head in the job
 *    queue (what the service that made these tickets would have left there: every job dispatched),
 *    so the first start's work is the read models', not N / 32 text jobs replayed.
 * 3. Full rebuild: the first start (no read-model file), from spawn until the service logs "read
 *    models ready" (watched in its log file: no request is sent meanwhile, since requests during the
 *    catch-up make it slower: below), then a list must answer N at once. With LOG_LEVEL above info,
 *    until a list answers N (polled every 20 ms, as speed.bench does). Polling every 20 ms ended the
 *    projections' catch-up mode (10,000-event transactions) early in every try at 100,000 tickets:
 *    3.96 GB written and 16.2-16.4 s against 1.13 GB and 12.5-13.2 s unpolled or polled every second
 *    (unpolled starts fall out of it by themselves now and then: 3.25 and 3.72 GB, 15.9 and 17.2 s).
 *    The bytes the service wrote are printed (/proc/<pid>/io) to tell which happened.
 *    The projected tickets are checked against what was appended (a sample read back, customer 0's
 *    phone listing its tickets, the newest listed numbered N).
 * 4. Lists: the list mix (list-mix/list-mix.ts: the speed issue's 7 bodies and issue 42's 4),
 *    interleaved, 4 clients, LIST_RUNS of each body, twice (the first right after the rebuild, the
 *    second steady); every answer 200 and a total. Then, as a diagnostic, 20 of each body from one
 *    client: each body's own time, without the queue.
 * 5. RSS: VmRSS once the service has had a second with no CPU to speak of, after the lists; its
 *    parts (young and old generation, other heap spaces, external, the rest) from GET /metrics.
 * 6. kill -9, then a new process: from spawn until a list answers N. Its memory idle and after a
 *    pass of the mix (diagnostic: a restarted service has not been through a rebuild).
 * 7. Export of all N tickets (every column): POST .../export, polls until succeeded, peak VmRSS
 *    (sampled every 20 ms) minus VmRSS before, and each part's peak; then the file downloaded and
 *    its rows counted.
 * 8. Diagnostic: a clean stop (the SQLite engine's close runs PRAGMA optimize, which leaves planner
 *    statistics that a rebuilt or killed service lacks), a start, a pass of the mix.
 * 9. On that service, /health/live every 20 ms and a create every 50 ms for BENCH_READ_MODELS_BESIDE_S
 *    (20) seconds, paced: alone, then while 3 clients loop on the common-fragment search (the
 *    searches run on reader threads: the event loop must not wait for them). Last, since its creates
 *    add tickets.
 * Each phase reports the CPU other processes used meanwhile (a shared machine disturbs the figures).
 * Then the disk a ticket takes, by file (events, read models, tree, jobs, the rest).
 *
 * Two desks are measured one after the other (BENCH_READ_MODELS_DESKS, default `spread,imported`):
 * the desk data over 180 days, and an imported history: the same generator with every ticket made
 * within the last hour (a desk that moved in from another helpdesk through the API), so a day, and
 * an hour, hold every ticket. One table of both ends the run.
 *
 *   npm run bench -- read-models                                   (1,000,000 tickets a desk: about 30 minutes and 14 GB each)
 *   BENCH_READ_MODELS_TICKETS=100000 npm run bench -- read-models  (about 3 minutes a desk)
 * (Times from a 200,000-ticket run on the shared 2-core machine: 3.8 minutes, 2.7 GB.)
 * Also: BENCH_READ_MODELS_LIST_RUNS (100), BENCH_READ_MODELS_IN_FLIGHT (64 tickets appended at
 * once), BENCH_READ_MODELS_LOG_LEVEL (info), BENCH_READ_MODELS_KEEP_DATA=1 (leave the work
 * directory), BENCH_READ_MODELS_REBUILD_TIMEOUT_S (1800).
 *
 * The seeded DATA_DIR (with the desk data about 6 KB of log and 8 KB of SQLite a ticket; the run
 * prints both) is under os.tmpdir() and removed at the end; the service's log lines are kept in
 * os.tmpdir()/support-read-models-<N>.log.
 */
const TICKETS = Number(process.env.BENCH_READ_MODELS_TICKETS ?? 1_000_000);
const LIST_RUNS = Number(process.env.BENCH_READ_MODELS_LIST_RUNS ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_READ_MODELS_IN_FLIGHT ?? 64);
const LOG_LEVEL = process.env.BENCH_READ_MODELS_LOG_LEVEL ?? 'info';
/** How long /health/live and creates are timed, alone and beside the searchers. */
const BESIDE_MS = Number(process.env.BENCH_READ_MODELS_BESIDE_S ?? 20) * 1000;
/** Set: the work directory (DATA_DIR, log, config) is left in place for a look afterwards. */
const KEEP_DATA = (process.env.BENCH_READ_MODELS_KEEP_DATA ?? '') !== '';
const MB = 1024 * 1024;
const ROOT = path.resolve(__dirname, '..', '..', '..');
/** Targets at 100,000 and at 1,000,000 tickets (others: the nearer). */
const SMALL = TICKETS <= 300_000;
const TARGET = {
  rssMb: SMALL ? 300 : 1024,
  restartS: SMALL ? 2 : 3,
  listP95Ms: SMALL ? 15 : 25,
  rebuildEventsPerS: 40_000,
  exportS: 30,
  exportAddedMb: 64,
};
const TIMEOUT = {
  rebuildMs: Number(process.env.BENCH_READ_MODELS_REBUILD_TIMEOUT_S ?? 1_800) * 1000,
  restartMs: 300_000,
  quietMs: 120_000,
  exportMs: 900_000,
  downloadMs: 600_000,
};


const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const line = (text: string) => process.stdout.write(`${text}\n`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** The list answer's total (after its page of items: found from the end, without parsing a page of 250 tickets on the client's loop). */
const totalOf = (text: string): number => {
  const at = text.lastIndexOf('"total":');
  return at < 0 ? NaN : Number(/^"total":(\d+)/.exec(text.slice(at))?.[1] ?? NaN);
};
/** The commit the service runs from, and the files changed beside it (the build is of the working tree). */
const codeVersion = (): string => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean).map((l) => l.slice(3));
    return dirty.length === 0 ? head : `${head} + uncommitted changes to ${dirty.join(', ')}`;
  } catch {
    return 'unknown (no git)';
  }
};
/** CPU time (ms) each process has used so far, by pid, with its name (/proc/<pid>/stat; 100 clock ticks a second). */
const processCpu = (): Map<number, { ms: number; name: string }> => {
  const out = new Map<number, { ms: number; name: string }>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(') ');
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(pid), { ms: (Number(fields[11]) + Number(fields[12])) * 10, name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // gone
    }
  }
  return out;
};
/** CPU that processes other than `mine` used between two samples (ms), and the busiest of them. */
const othersBetween = (before: Map<number, { ms: number; name: string }>, after: Map<number, { ms: number; name: string }>, mine: readonly (number | undefined)[]): { ms: number; top: string } => {
  const used: [number, number, string][] = [];
  for (const [pid, p] of after) {
    if (mine.includes(pid)) continue;
    const delta = p.ms - (before.get(pid)?.ms ?? 0);
    if (delta > 0) used.push([pid, delta, p.name]);
  }
  used.sort((a, b) => b[1] - a[1]);
  const args = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 80);
    } catch {
      return '';
    }
  };
  return { ms: used.reduce((n, u) => n + u[1], 0), top: used.slice(0, 3).map(([pid, ms, name]) => `${pid} ${args(pid) || name} ${ms} ms`).join(', ') };
};
const dirBytes = (dir: string): number => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

/** The service's log lines (JSON) written since `offset` of the log file. */
const logLinesSince = (logFile: string, offset: number): { time: number; message: string; fields: Record<string, unknown> }[] => {
  const text = readFileSync(logFile, 'utf8').slice(offset);
  return text.split('\n').flatMap((l) => {
    try {
      const j = JSON.parse(l) as Record<string, unknown>;
      return [{ time: Date.parse(String(j.time)), message: String(j.message ?? j.msg ?? ''), fields: j }];
    } catch {
      return [];
    }
  });
};

/** The desks measured: tickets spread over 180 days, and an imported history (every ticket made within the last hour). */
type DeskKind = 'spread' | 'imported';
const DESKS = (process.env.BENCH_READ_MODELS_DESKS ?? 'spread,imported').split(',').map((d) => d.trim()).filter((d): d is DeskKind => d === 'spread' || d === 'imported');
const IMPORTED_WITHIN_MS = 3_600_000;

/** One desk measured; answers its table's rows. */
async function runDesk(kind: DeskKind): Promise<[string, string, string][]> {
  line('');
  line(`=== the ${kind} desk ===`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'support-read-models-'));
  const dataDir = path.join(work, 'data');
  const configFile = path.join(work, 'accounts.json');
  const logFile = path.join(work, 'service.log');
  const keptLog = path.join(os.tmpdir(), `support-read-models-${kind}-${TICKETS}.log`);
  writeFileSync(configFile, JSON.stringify(benchConfig()));
  writeFileSync(logFile, '');
  await pinSelf(1);
  line(`code: ${codeVersion()}`);
  const desk = deskData({ tickets: TICKETS, nowMs: Date.now(), ...(kind === 'imported' ? { importedWithinMs: IMPORTED_WITHIN_MS } : {}) });
  const CUSTOMERS = desk.customers;
  for (const l of describeDesk(desk)) line(l);
  const idle0 = processCpu();
  await sleep(1_000);
  const idle = othersBetween(idle0, processCpu(), [process.pid]);
  if (idle.ms > 100) line(`WARNING: the machine is busy before the run (the figures will be disturbed): ${idle.ms} ms of CPU in a second by others (${idle.top})`);
  line(`read-models: ${int(TICKETS)} tickets of ${int(CUSTOMERS)} customers, made from ${BODIES * LIFECYCLES.length} template tickets through the log; service pinned to core 0 (node${SERVICE_NODE_FLAGS.length === 0 ? " without flags, as npm start runs it" : ` ${SERVICE_NODE_FLAGS.join(' ')}, as npm start runs it`}), load on core 1; DATA_DIR ${dataDir}`);
  const rows: [string, string, string][] = [];
  const running: { service: ReturnType<typeof spawnService> | null } = { service: null };
  const phases: [string, number][] = [];
  const disturbed: string[] = [];
  /**
   * Times a phase, and tells the CPU that processes other than this one and the service used
   * during it (the machine's busy time less theirs): more than a tenth of a core is reported.
   */
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const before = processCpu();
    const services = new Set<number | undefined>([running.service?.pid]);
    try {
      return await work();
    } finally {
      const seconds = (performance.now() - t0) / 1000;
      phases.push([name, seconds]);
      services.add(running.service?.pid);
      const others = othersBetween(before, processCpu(), [process.pid, ...services]);
      if (others.ms > 100 * seconds) disturbed.push(`${name}: ${(others.ms / 1000).toFixed(1)} s of CPU by other processes in ${seconds.toFixed(1)} s (${others.top})`);
    }
  };
  const port = await freePort();
  const serviceEnv = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONFIG_FILE: configFile, LOG_LEVEL };
  /** Spawns the service; answers when it was spawned (performance.now()) and where its log lines begin. */
  const startService = () => {
    const logOffset = statSync(logFile).size;
    const spawnedAt = performance.now();
    const spawnedWall = Date.now();
    const service = spawnService(0, path.join(ROOT, 'app', 'dist', 'start-all.js'), serviceEnv, SERVICE_NODE_FLAGS, logFile);
    running.service = service;
    return { child: service, spawnedAt, spawnedWall, logOffset };
  };
  /** When the service logged `listening` and `read models ready` after a spawn (s after it). */
  const startLog = (s: { spawnedWall: number; logOffset: number }): string => {
    const lines = logLinesSince(logFile, s.logOffset);
    const at = (message: string) => {
      const l = lines.find((x) => x.message === message);
      return l === undefined ? '?' : `${((l.time - s.spawnedWall) / 1000).toFixed(2)} s`;
    };
    return `service log: listening at ${at('listening')}, read models ready at ${at('read models ready')} after spawn`;
  };

  try {
    // 1-2. Templates, then the log seeded from them.
    const sampleTickets = [...new Set([0, 1, 2, 3, 4, 5, 6, 7, CUSTOMERS, CUSTOMERS + 1, Math.floor(TICKETS / 2), Math.floor(TICKETS / 2) + 1, TICKETS - 2, TICKETS - 1])].filter((i) => i < TICKETS);
    const { seeded, events } = await seedDesk({ dataDir, desk, config: benchConfig(), inFlight: IN_FLIGHT, sampleTickets, line, phase });

    // 3. Full rebuild: the first start, no read-model file.
    const first = startService();
    const logsReady = ['trace', 'debug', 'info'].includes(LOG_LEVEL.toLowerCase());
    const rebuildSeconds = await phase('full rebuild (first start)', async () => {
      if (!logsReady) return waitForTotal(first.child, port, TICKETS, first.spawnedAt, TIMEOUT.rebuildMs, 'full rebuild');
      const seconds = await waitForLogLine(first.child, logFile, first.logOffset, 'read models ready', first.spawnedAt, TIMEOUT.rebuildMs, 'full rebuild');
      const confirmed = await waitForTotal(first.child, port, TICKETS, first.spawnedAt, 5_000 + (performance.now() - first.spawnedAt), 'full rebuild (the list after "read models ready")');
      line(`  ready logged ${seconds.toFixed(2)} s after spawn; a list answered ${int(TICKETS)} ${((confirmed - seconds) * 1000).toFixed(0)} ms later`);
      return seconds;
    });
    const rebuildWritten = (() => {
      try {
        return Number(/^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${first.child.pid}/io`, 'utf8'))?.[1] ?? NaN);
      } catch {
        return NaN;
      }
    })();
    const rebuildRate = events / rebuildSeconds;
    line(`full rebuild: ${int(events)} events, a list answers ${int(TICKETS)} after ${rebuildSeconds.toFixed(1)} s: ${int(rebuildRate)} events/s (${startLog(first)}); the service wrote ${(rebuildWritten / 1e9).toFixed(2)} GB to disk; peak RSS so far ${mb(statusBytes(first.child.pid, 'VmHWM') ?? 0)}, read-model file ${mb(dirBytes(dataDir) - engineFileBytes(dataDir, EVENTS_FILE) - engineFileBytes(dataDir, JOBS_FILE))}`);
    rows.push(['Full rebuild from the log', `${int(rebuildRate)} events/s (${int(events)} events, ${rebuildSeconds.toFixed(1)} s from spawn to "read models ready")`, `≥ ${int(TARGET.rebuildEventsPerS)} events/s`]);

    // The seeded tickets as projected.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const problems: string[] = [];
    const check = (s: SeededTicket, t: Record<string, unknown>) => {
      const expected: [string, unknown, unknown][] = [
        ['ticketNumber', t.ticketNumber, s.ticketNumber], ['customerId', t.customerId, s.customerId], ['customerName', t.customerName, s.customerName],
        ['customerPhones', JSON.stringify(t.customerPhones), JSON.stringify([s.phone])], ['customerEmails', JSON.stringify(t.customerEmails), JSON.stringify([s.email])],
        ['createdAt', t.createdAt, s.createdAt], ['summary', t.summary, s.summary], ['orderName', t.orderName, s.orderName],
        ['taskId', t.taskId, s.taskId], ['ticketName', t.ticketName, s.subject], ['status', t.status, s.status], ['assignedToId', t.assignedToId, s.assignedToId],
      ];
      for (const [field, got, want] of expected) if (got !== want) problems.push(`ticket ${s.i} (template ${s.template}): ${field} ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      if (s.summary === null) problems.push(`ticket ${s.i}: its template left no summary`);
    };
    for (const s of seeded.samples) {
      const r = await request(agent, port, 'GET', `/apis/tickets/${s.ticketId}`, TOKENS.acmeAdmin, undefined);
      if (r.status !== 200) problems.push(`ticket ${s.i}: GET answered ${r.status}`);
      else check(s, JSON.parse(r.text).ticket);
    }
    const withTask = seeded.samples.filter((s) => s.taskId !== null).length;
    const byPhone = JSON.parse((await request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, { phoneNumber: desk.customer(0).phone })).text);
    if (byPhone.total !== desk.ticketsOf(0)) problems.push(`customer 0's phone lists ${byPhone.total} tickets, expected ${desk.ticketsOf(0)}`);
    const newest = JSON.parse((await request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, { limit: 1 })).text);
    const newestItem = (newest.data ?? [])[0] as Record<string, unknown> | undefined;
    if (newestItem !== undefined && newestItem.ticketNumber !== TICKETS) problems.push(`the newest ticket listed has number ${newestItem.ticketNumber}, expected ${TICKETS}`);
    line(`  check: ${seeded.samples.length} sampled tickets read back (${withTask} with a task, ${seeded.samples.length - withTask} without), customer 0's phone lists ${byPhone.total}, newest listed #${newestItem?.ticketNumber ?? '?'}: ${problems.length === 0 ? 'as made' : `${problems.length} problem(s)`}`);
    for (const p of problems.slice(0, 20)) line(`    ${p}`);
    if (problems.length > 0) throw new Error(`the seeded tickets were not projected as made (${problems.length} problem(s), above)`);

    // 4. The list mix, 4 clients at once (its dates count back from the desk data's now, the seeding's).
    const mix = listMix(desk, desk.nowMs);
    const runMix = async (pid: number | undefined, clients = 4, runs = LIST_RUNS): Promise<{ latencies: Map<string, number[]>; cpuPerList: number | null; totals: Map<string, number> }> => {
      const latencies = new Map<string, number[]>(mix.map(([name]) => [name, []]));
      const totals = new Map<string, number>();
      const jobs = Array.from({ length: runs }, (_, r) => mix.map(([name, body]) => ({ name, body: body(r) }))).flat();
      const cpuBefore = cpuMsOf(pid);
      let next = 0;
      await Promise.all(Array.from({ length: clients }, async () => {
        for (let j = next++; j < jobs.length; j = next++) {
          const t0 = performance.now();
          const r = await request(agent, port, 'POST', '/apis/task-runs/tickets/list', TOKENS.acmeAdmin, jobs[j].body);
          const elapsed = performance.now() - t0;
          if (r.status !== 200) throw new Error(`list ${jobs[j].name}: ${r.status} ${r.text.slice(0, 200)}`);
          const total = totalOf(r.text);
          if (!Number.isInteger(total)) throw new Error(`list ${jobs[j].name}: no total in the answer`);
          (latencies.get(jobs[j].name) as number[]).push(elapsed);
          totals.set(jobs[j].name, total);
        }
      }));
      const cpuAfter = cpuMsOf(pid);
      return { latencies, totals, cpuPerList: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / jobs.length };
    };
    const bodyP95 = new Map<string, number>();
    const report = (title: string, pass: Awaited<ReturnType<typeof runMix>>): number => {
      const lists = [...pass.latencies.values()].reduce((n, l) => n + l.length, 0);
      line(`  list mix, ${title}: the service used ${pass.cpuPerList === null ? '?' : pass.cpuPerList.toFixed(2)} ms of CPU per list (${lists} lists, HTTP included)`);
      let worst = 0;
      for (const [name, times] of pass.latencies) {
        times.sort((a, b) => a - b);
        worst = Math.max(worst, quantile(times, 0.95));
        bodyP95.set(name, quantile(times, 0.95));
        line(`    list ${name.padEnd(28)} p50 ${ms(quantile(times, 0.5)).padStart(9)}  p95 ${ms(quantile(times, 0.95)).padStart(9)}  max ${ms(times[times.length - 1]).padStart(9)}  (total ${int(pass.totals.get(name) ?? NaN)})`);
      }
      return worst;
    };
    const [cold, steady] = await phase('lists (two passes of the mix)', async () => {
      const c = report('right after the rebuild', await runMix(first.child.pid));
      const s = report('again (steady)', await runMix(first.child.pid));
      // Where the latency of the mix comes from: each body's own time, one request at a time (no queue behind the other clients).
      report('one client, one request at a time (each body\'s own time)', await runMix(first.child.pid, 1, 20));
      return [c, s];
    });
    const alone = (name: string) => ms(bodyP95.get(name) ?? NaN);
    rows.push(['Date-range bodies alone (one client, 20 each), p95', `last hour ${alone('last hour')}, last 90 days ${alone('last 90 days')}`, '≤ 10 ms']);
    line(`  list worst p95: ${ms(cold)} right after the rebuild, ${ms(steady)} steady`);
    rows.push([`List p95, 4 clients, the ${mix.length}-body mix, worst body`, `${ms(steady)} steady (${ms(cold)} right after the rebuild)`, `≤ ${TARGET.listP95Ms} ms`]);

    // 5. RSS, steady.
    const quietAfter = await phase('RSS: wait for a quiet second', () => waitQuiet(first.child.pid, TIMEOUT.quietMs));
    const rss = statusBytes(first.child.pid, 'VmRSS') ?? NaN;
    const hwm = statusBytes(first.child.pid, 'VmHWM') ?? NaN;
    const parts = await memoryParts(port);
    line(`RSS steady: ${mb(rss)} (a quiet second ${quietAfter.toFixed(1)} s after the lists; peak since spawn ${mb(hwm)})`);
    if (parts !== null) line(`  ${describeMemory(parts)}`);
    rows.push([`Service RSS with ${int(TICKETS)} tickets, steady`, `${mb(rss)} (peak during the rebuild ${mb(hwm)})`, `≤ ${TARGET.rssMb >= 1024 ? '1 GB' : `${TARGET.rssMb} MB`}`]);

    // 6. kill -9, then back in service.
    await stop(first.child, 'SIGKILL');
    const second = startService();
    const restartSeconds = await phase('restart after kill -9', () => waitForTotal(second.child, port, TICKETS, second.spawnedAt, TIMEOUT.restartMs, 'restart after kill -9'));
    line(`restart after kill -9: a list answers ${int(TICKETS)} ${restartSeconds.toFixed(2)} s after spawn (${startLog(second)})`);
    rows.push(['Back in service after kill -9', `${restartSeconds.toFixed(2)} s from spawn`, `≤ ${TARGET.restartS} s`]);
    // The restarted service's memory (it did not rebuild): after a pass of the mix and a quiet second.
    await waitQuiet(second.child.pid, TIMEOUT.quietMs);
    const restartedIdle = await memoryParts(port);
    if (restartedIdle !== null) line(`  restarted, idle: ${describeMemory(restartedIdle)}`);
    const restartedPass = await runMix(second.child.pid);
    line(`  restarted, a pass of the mix: worst p95 ${ms(Math.max(...[...restartedPass.latencies.values()].map((t) => quantile(t.sort((a, b) => a - b), 0.95))))}, ${restartedPass.cpuPerList?.toFixed(2) ?? '?'} ms of CPU per list`);
    await waitQuiet(second.child.pid, TIMEOUT.quietMs);
    const restartedAfter = await memoryParts(port);
    if (restartedAfter !== null) line(`  restarted, after the pass and a quiet second: ${describeMemory(restartedAfter)}`);

    // 7. The export of every ticket.
    const exportBefore = await memoryParts(port);
    const exported = await phase('export (start → succeeded)', async () => {
      const sampler = rssSampler(second.child.pid);
      const partsSampler = memoryPartsSampler(port);
      const t0 = performance.now();
      const start = await request(agent, port, 'POST', '/apis/task-runs/tickets/export', TOKENS.acmeAdmin, {});
      if (start.status !== 202) throw new Error(`export start answered ${start.status}: ${start.text.slice(0, 300)}`);
      const { jobId, total } = JSON.parse(start.text) as { jobId: string; total: number };
      for (;;) {
        const poll = await request(agent, port, 'GET', `/apis/task-runs/tickets/export/${jobId}`, TOKENS.acmeAdmin, undefined);
        if (poll.status !== 200) throw new Error(`export status answered ${poll.status}: ${poll.text.slice(0, 300)}`);
        const body = JSON.parse(poll.text) as { job: { status: string; processed: number; fileSizeBytes?: number }; downloadUrl?: string };
        if (body.job.status === 'succeeded' || body.job.status === 'failed') {
          const seconds = (performance.now() - t0) / 1000;
          const memory = sampler.stop();
          const partsPeak = await partsSampler.stop();
          if (body.job.status === 'failed') throw new Error(`export failed: ${poll.text.slice(0, 300)}`);
          return { seconds, memory, partsPeak, total, job: body.job, downloadUrl: body.downloadUrl };
        }
        if (performance.now() - t0 > TIMEOUT.exportMs) throw new Error(`export: not succeeded within ${TIMEOUT.exportMs / 1000} s (status ${body.job.status}, ${body.job.processed} processed)`);
        await sleep(100);
      }
    });
    if (exported.downloadUrl === undefined) throw new Error('export succeeded without a downloadUrl');
    const d0 = performance.now();
    const file = await phase('export download', () => withTimeout(downloadCsvRecords(exported.downloadUrl as string), TIMEOUT.downloadMs, 'export download'));
    const downloadSeconds = (performance.now() - d0) / 1000;
    if (file.status !== 200) throw new Error(`export download answered ${file.status}`);
    const fileRows = file.records - 1;
    const added = exported.memory.peak - exported.memory.first;
    line(`export: total ${int(exported.total)}, processed ${int(exported.job.processed)}, succeeded after ${exported.seconds.toFixed(1)} s (${int(exported.job.processed / exported.seconds)} rows/s); RSS ${mb(exported.memory.first)} before, peak ${mb(exported.memory.peak)}: +${(added / MB).toFixed(1)} MB`);
    const partsPeak = exported.partsPeak;
    if (exportBefore !== null && partsPeak !== null) {
      const names: Record<string, string> = { rss: 'RSS (sampled every 250 ms)', young: 'young generation', old: 'old generation', otherHeap: 'other heap spaces', external: 'external' };
      line(`  each part at its own peak against before (from /metrics): ${MEMORY_PARTS.map((k) => `${names[k]} +${((partsPeak[k] - exportBefore[k]) / MB).toFixed(1)} MB`).join(', ')}`);
    }
    line(`  download: ${(file.bytes / MB).toFixed(1)} MB, ${int(fileRows)} rows after the header, in ${downloadSeconds.toFixed(1)} s${fileRows === TICKETS ? '' : ` (expected ${int(TICKETS)})`}`);
    rows.push([`Export of ${int(TICKETS)} tickets, every column`, `${exported.seconds.toFixed(1)} s (${int(exported.job.processed / exported.seconds)} rows/s), +${(added / MB).toFixed(1)} MB RSS (file ${(file.bytes / MB).toFixed(0)} MB, ${int(fileRows)} rows)`, `≤ ${TARGET.exportS} s, ≤ ${TARGET.exportAddedMb} MB added`]);
    // Where the disk goes: every file of DATA_DIR by engine, a ticket's share.
    const files: [string, number][] = [
      ['events', engineFileBytes(dataDir, EVENTS_FILE)], ['read models', engineFileBytes(dataDir, 'read-models.sqlite')], ['tree', engineFileBytes(dataDir, 'transparency.sqlite')],
      ['jobs', engineFileBytes(dataDir, JOBS_FILE)],
    ];
    const allBytes = dirBytes(dataDir);
    const perTicket = (bytes: number) => `${(bytes / TICKETS / 1024).toFixed(2)} KB`;
    line(`disk: ${mb(allBytes)} in DATA_DIR, ${perTicket(allBytes)} a ticket: ${files.map(([name, bytes]) => `${name} ${perTicket(bytes)}`).join(', ')}, the rest (export file, keys, limits) ${perTicket(allBytes - files.reduce((n, [, b]) => n + b, 0))}`);
    rows.push(['Disk a ticket (every file of DATA_DIR)', `${perTicket(allBytes)} (${files.map(([name, bytes]) => `${name} ${perTicket(bytes)}`).join(', ')})`, '≤ 6 KB']);
    await stop(second.child);

    // 8. Diagnostic: a clean stop (the read models' close runs SQLite's PRAGMA optimize, which leaves planner statistics) and a start.
    // Not one of the figures: a failure here is reported and the table still printed.
    try {
      const third = startService();
      const cleanRestart = await phase('diagnostic: start after a clean stop, a pass of the mix', async () => {
        const seconds = await waitForTotal(third.child, port, TICKETS, third.spawnedAt, TIMEOUT.restartMs, 'start after a clean stop');
        const pass = await runMix(third.child.pid);
        const worst = report('after a clean stop and start (diagnostic)', pass);
        await waitQuiet(third.child.pid, TIMEOUT.quietMs);
        return { seconds, worst, memory: await memoryParts(port) };
      });
      line(`diagnostic, after a clean stop: back ${cleanRestart.seconds.toFixed(2)} s after spawn; list worst p95 ${ms(cleanRestart.worst)}${cleanRestart.memory === null ? '' : `; ${describeMemory(cleanRestart.memory)}`}`);
      // 9. /health/live and creates, paced, alone and while three clients loop on the common-fragment search (last: its creates add tickets).
      const searched = await phase('health and creates beside three searchers', async () => {
        const createBody = (i: number) => manualTicketBody(desk, (i * 7_919) % TICKETS);
        const alone = await besideSearchers(port, 0, { search: COMMON_FRAGMENT }, createBody, BESIDE_MS);
        const beside = await besideSearchers(port, 3, { search: COMMON_FRAGMENT }, (i) => createBody(i + 100_000), BESIDE_MS);
        return { alone, beside };
      });
      const spreadOf = (x: { p50: number; p99: number; n: number }) => `p50 ${ms(x.p50)}, p99 ${ms(x.p99)} (${x.n})`;
      line(`health and creates, paced, alone: /health/live ${spreadOf(searched.alone.health)}; create ${spreadOf(searched.alone.creates)}`);
      line(`  while 3 clients loop on {"search":"${COMMON_FRAGMENT}"} (${spreadOf(searched.beside.searches ?? { p50: NaN, p99: NaN, n: 0 })}): /health/live ${spreadOf(searched.beside.health)}; create ${spreadOf(searched.beside.creates)}`);
      rows.push(['While 3 clients loop on the common-fragment search: /health/live p99, create p99',
        `${ms(searched.beside.health.p99)}, ${ms(searched.beside.creates.p99)} (alone: ${ms(searched.alone.health.p99)}, ${ms(searched.alone.creates.p99)})`, '≤ 2 × alone; ≤ 10 ms']);
      await stop(third.child);
    } catch (e) {
      line(`diagnostic after a clean stop failed: ${(e as Error).message}`);
      if (running.service !== null) await stop(running.service, 'SIGKILL');
    }
    agent.destroy();
    if (fileRows !== TICKETS) throw new Error(`the export file holds ${fileRows} rows, expected ${TICKETS}`);

    line('');
    line(`phases (${kind} desk): ${phases.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join('; ')}`);
    line(disturbed.length === 0 ? 'other processes: under a tenth of a core in every phase' : `WARNING, the machine was shared: ${disturbed.join('; ')}`);
    return rows;
  } finally {
    if (running.service !== null) await stop(running.service, 'SIGKILL').catch(() => undefined);
    try {
      copyFileSync(logFile, keptLog);
      line(`the service's log: ${keptLog}`);
    } catch {
      // no log
    }
    if (KEEP_DATA) line(`kept (BENCH_READ_MODELS_KEEP_DATA): ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const tables: [DeskKind, [string, string, string][]][] = [];
  for (const kind of DESKS) tables.push([kind, await runDesk(kind)]);
  line('');
  line('| Desk | Figure | Measured | Target |');
  line('|---|---|---|---|');
  for (const [kind, rows] of tables) for (const [figure, measured, target] of rows) line(`| ${kind} | ${figure} | ${measured} | ${target} |`);
  line('');
  line(`this process (templates, seeder, load): peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
  line(`reproduce: ${TICKETS === 1_000_000 ? '' : `BENCH_READ_MODELS_TICKETS=${TICKETS} `}${DESKS.join(',') === 'spread,imported' ? '' : `BENCH_READ_MODELS_DESKS=${DESKS.join(',')} `}npm run bench -- read-models`);
}
