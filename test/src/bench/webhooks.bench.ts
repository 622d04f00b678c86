import { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../support/example-config';
import { benchConfig, manualTicketBody } from './support/manual-tickets';
import { Desk, deskData } from './support/desk-data';
import { SERVICE_NODE_FLAGS } from './support/service-node-flags';
import { cpuMsOf, freePort, pinSelf, spawnPinned, stop } from './speed/child';
import { quantile, request, runLoad } from './speed/load';
import { runPaced } from './speed/paced-load';
import { waitReady } from './speed/wait-ready';

/**
 * Webhook delivery under ticket creates, as a user runs it (embedded engines), in two topologies:
 * - one process (`npm start`) pinned to core 0, this load generator and the receiver (answering
 *   after BENCH_RECEIVER_MS, 50 ms) on core 1: deliveries share the creates' core;
 * - four processes (`npm run start:four` without nginx: creates go to command-api): command-api,
 *   query-api and projectors pinned to core 0, workers on core 1 with the load and the receiver.
 * In each, every run is made twice, on a fresh service without subscriptions and on one with a
 * subscription to ticket.created:
 *   1. paced: BENCH_WEBHOOK_RATE (1,000) creates a second for BENCH_WEBHOOK_SECONDS (30 s);
 *   2. saturated: BENCH_WEBHOOK_CREATES (10,000) creates over 50 connections, as fast as the service answers.
 * Prints the create rates and latencies, the service's CPU per create (its deliveries included), every
 * delivery's arrival, the webhook-ids the receiver got twice, and how long after the last create the
 * backlog was drained. Targets (issue 34): no delivery missing or twice, drained within 10 s of the
 * last create, creates lowered by at most a tenth.
 *
 *   npm run bench -- webhooks
 *   BENCH_WEBHOOK_TOPOLOGY=four BENCH_WEBHOOK_RATE=800 BENCH_WEBHOOK_SECONDS=10 npm run bench -- webhooks
 */
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 30);
const SATURATED_CREATES = Number(process.env.BENCH_WEBHOOK_CREATES ?? 10_000);
const CONNECTIONS = 50;
const MAX_IN_FLIGHT = 256;
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 50);
const DRAIN_LIMIT_MS = 120_000;
const ROOT = path.resolve(__dirname, '..', '..', '..');
type Topology = 'one' | 'four';
const TOPOLOGIES: readonly Topology[] = process.env.BENCH_WEBHOOK_TOPOLOGY ? [process.env.BENCH_WEBHOOK_TOPOLOGY as Topology] : ['one', 'four'];

const line = (text: string) => process.stdout.write(`${text}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;

const startReceiver = async () => {
  const ids = new Map<string, number>();
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => {
      const id = String(req.headers['webhook-id']);
      ids.set(id, (ids.get(id) ?? 0) + 1);
      lastAt = performance.now();
      res.writeHead(200);
      res.end();
    }, RECEIVER_MS));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids, lastAt: () => lastAt,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
};
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

interface Figures {
  readonly paced: { rate: number; p50: number; p99: number; failures: number; cpuPerCreateUs: number | null; endedAt: number };
  readonly saturated: { rate: number; p99: number; failures: number; cpuPerCreateUs: number | null; endedAt: number };
  /** With a subscription: deliveries received, ids twice, drain after the paced run (s). */
  readonly delivered?: { paced: number; drainedS: number; total: number; twice: number; drainedAfterSaturatedS: number };
}

/** Waits until the receiver has `count` ids; answers seconds from `after` to the last arrival. */
const drain = async (receiver: Receiver, count: number, after: number): Promise<number> => {
  const deadline = performance.now() + DRAIN_LIMIT_MS;
  while (receiver.ids.size < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return Math.max(0, receiver.lastAt() - after) / 1000;
};

/** The service's processes: the API one (creates, subscriptions, lists) first. */
const startProcesses = async (topology: Topology, env: NodeJS.ProcessEnv): Promise<{ apiPort: number; listPort: number; processes: ChildProcess[] }> => {
  const script = (name: string) => path.join(ROOT, 'app', 'dist', `start-${name}.js`);
  if (topology === 'one') {
    const port = await freePort();
    return { apiPort: port, listPort: port, processes: [spawnPinned(0, script('all'), { ...env, PORT: String(port) }, SERVICE_NODE_FLAGS)] };
  }
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const processes = (['command-api', 'query-api', 'projectors', 'workers'] as const).map((name, i) =>
    spawnPinned(name === 'workers' ? 1 : 0, script(name), { ...env, PORT: String(ports[i]) }, SERVICE_NODE_FLAGS));
  return { apiPort: ports[0], listPort: ports[1], processes };
};

/** CPU time of the processes on core 0 (the creates' core). */
const core0CpuMs = (topology: Topology, processes: readonly ChildProcess[]): number | null => {
  const onCore0 = topology === 'one' ? processes : processes.slice(0, 3);
  const each = onCore0.map((p) => cpuMsOf(p.pid));
  return each.some((ms) => ms === null) ? null : (each as number[]).reduce((a, b) => a + b, 0);
};

const measure = async (topology: Topology, receiver: Receiver | null, desk: Desk): Promise<Figures> => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'support-webhooks-bench-'));
  const configFile = path.join(work, 'accounts.json');
  writeFileSync(configFile, JSON.stringify(benchConfig()));
  const { apiPort: port, listPort, processes } = await startProcesses(topology, {
    HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'silent', WEBHOOK_ALLOWED_HOSTS: receiver === null ? '' : new URL(receiver.url).host,
  });
  for (const p of processes) p.stderr?.on('data', (d) => process.stderr.write(d));
  try {
    await waitReady(listPort, null, 60_000);
    if (receiver !== null) {
      const made = await request(new http.Agent(), port, 'POST', '/apis/webhooks', TOKENS.acmeAdmin, { url: receiver.url, eventTypes: ['ticket.created'] });
      if (made.status !== 201) throw new Error(`subscribing answered ${made.status}: ${made.text}`);
    }
    const create = (offset: number) => (agent: http.Agent, i: number) =>
      request(agent, port, 'POST', '/apis/tickets/manual', TOKENS.acmeAdmin, manualTicketBody(desk, offset + i));
    const cpu0 = core0CpuMs(topology, processes);
    const paced = await runPaced(RATE, SECONDS, MAX_IN_FLIGHT, create(0));
    const pacedDrainedS = receiver === null ? 0 : await drain(receiver, paced.sent, paced.endedAt);
    const cpu1 = core0CpuMs(topology, processes);
    const saturated = await runLoad(port, CONNECTIONS, SATURATED_CREATES, create(paced.sent));
    const satEndedAt = performance.now();
    const total = paced.sent + SATURATED_CREATES;
    const satDrainedS = receiver === null ? 0 : await drain(receiver, total, satEndedAt);
    const cpu2 = core0CpuMs(topology, processes);
    const perCreate = (a: number | null, b: number | null, n: number) => (a === null || b === null ? null : ((b - a) * 1000) / n);
    return {
      paced: {
        rate: paced.sent / paced.seconds, p50: quantile(paced.latenciesMs, 0.5), p99: quantile(paced.latenciesMs, 0.99), failures: paced.failures,
        cpuPerCreateUs: perCreate(cpu0, cpu1, paced.sent), endedAt: paced.endedAt,
      },
      saturated: {
        rate: saturated.requests / saturated.seconds, p99: quantile(saturated.latenciesMs, 0.99), failures: saturated.failures,
        cpuPerCreateUs: perCreate(cpu1, cpu2, SATURATED_CREATES), endedAt: satEndedAt,
      },
      ...(receiver === null ? {} : {
        delivered: {
          paced: Math.min(receiver.ids.size, paced.sent), drainedS: pacedDrainedS, total: receiver.ids.size,
          twice: [...receiver.ids.values()].filter((n) => n > 1).length, drainedAfterSaturatedS: satDrainedS,
        },
      }),
    };
  } finally {
    await Promise.all(processes.map((p) => stop(p)));
    rmSync(work, { recursive: true, force: true });
  }
};

export const run = async (): Promise<void> => {
  await pinSelf(1);
  const receiver = await startReceiver();
  // The creates' bodies: ticket i of a desk of as many tickets as a run makes.
  const desk = deskData({ tickets: RATE * SECONDS + SATURATED_CREATES, nowMs: Date.now() });
  try {
    for (const topology of TOPOLOGIES) {
      receiver.ids.clear();
      line(topology === 'one'
        ? `webhooks, one process (npm start) pinned to core 0; load and receiver (answering after ${RECEIVER_MS} ms) on core 1`
        : `webhooks, four processes: command-api, query-api and projectors pinned to core 0; workers, load and receiver (answering after ${RECEIVER_MS} ms) on core 1`);
      report(await measure(topology, null, desk), await measure(topology, receiver, desk));
    }
    line('reproduce: npm run bench -- webhooks');
  } finally {
    await receiver.stop();
  }
};

const report = (without: Figures, withSub: Figures): void => {
  const cpu = (us: number | null) => (us === null ? '?' : `${us.toFixed(0)} µs`);
  const lower = (a: number, b: number) => `${(100 * (1 - b / a)).toFixed(1)} % lower`;
  line(`  paced, ${RATE} creates/s offered for ${SECONDS} s (${RATE * SECONDS} creates):`);
  for (const [name, f] of [['without subscriptions', without], ['with one subscription', withSub]] as const) {
    line(`    ${name.padEnd(22)} ${f.paced.rate.toFixed(0)} creates/s, p50 ${ms(f.paced.p50)}, p99 ${ms(f.paced.p99)}, ${f.paced.failures} failed; CPU per create on core 0 ${cpu(f.paced.cpuPerCreateUs)}`);
  }
  line(`    creates/s ${lower(without.paced.rate, withSub.paced.rate)} (target at most 10 %)`);
  line(`  saturated, ${SATURATED_CREATES} creates over ${CONNECTIONS} connections:`);
  for (const [name, f] of [['without subscriptions', without], ['with one subscription', withSub]] as const) {
    line(`    ${name.padEnd(22)} ${f.saturated.rate.toFixed(0)} creates/s, p99 ${ms(f.saturated.p99)}, ${f.saturated.failures} failed; CPU per create on core 0 ${cpu(f.saturated.cpuPerCreateUs)}`);
  }
  line(`    creates/s ${lower(without.saturated.rate, withSub.saturated.rate)}`);
  const d = withSub.delivered;
  if (d !== undefined) {
    line(`  deliveries: ${d.total} of ${RATE * SECONDS + SATURATED_CREATES} received, ${d.twice} webhook-ids twice`);
    line(`    backlog drained ${d.drainedS.toFixed(1)} s after the last paced create (target at most 10 s), ${d.drainedAfterSaturatedS.toFixed(1)} s after the last saturated one`);
  }
};
