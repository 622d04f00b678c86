import http from 'node:http';
import { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startHangingServer } from '../support/hanging-server';
import { startTestService } from '../support/test-service';

/**
 * Ticket creates on a task without outside dependencies, while other creates run on the refund task
 * (whose data points and actions call the store, the integration and execute actions): once with
 * those dependencies answering at once, once with them accepting connections and never answering.
 * Prints the p50/p99 of the dependency-free creates in both runs and their ratio (target: p99
 * within 20 %), and the refund creates' p100 (target: at most 5 s).
 *
 *   npm run bench -- hanging-dependencies
 *   BENCH_CREATES=4000 npm run bench -- hanging-dependencies
 */
const CREATES = Number(process.env.BENCH_CREATES ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const REFUND_CONCURRENCY = Number(process.env.BENCH_REFUND_CONCURRENCY ?? 4);

/** Answers every request at once: 200 with an empty JSON object. */
const startAnsweringServer = async () => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** The demo accounts without limits, a dependency-free task added, every outside system at `dependencies`. */
const configWith = (dependencies: string) => {
  const config = JSON.parse(JSON.stringify(withoutRateLimits(exampleConfig())).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, dependencies));
  config.accounts[0].tasks.push({ id: 'task-general', name: 'General Question', teamId: 'team-care', transitions: [] });
  return config;
};

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

interface RunFigures {
  readonly p50: number;
  readonly p99: number;
  readonly refundCreates: number;
  readonly refundMax: number;
  readonly failures: number;
}

const runWith = async (dependencies: string): Promise<RunFigures> => {
  const svc = await startTestService({ config: configWith(dependencies) });
  try {
    const create = async (i: number, taskName: string) => {
      const started = performance.now();
      const res = await svc.api('POST', '/apis/tickets/manual', {
        token: TOKENS.acmeAdmin,
        body: { customer: { phone: `+1415${String(6_000_000 + (i % 5_000)).padStart(7, '0')}` }, query: `question ${i}`, taskName, fastResponse: true, forceCreateTicket: true },
      });
      return { ms: performance.now() - started, ok: res.status === 200 };
    };
    let stop = false;
    const refund: number[] = [];
    let failures = 0;
    const background = Promise.all(Array.from({ length: REFUND_CONCURRENCY }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const r = await create(1_000_000 + w * 100_000 + i, 'Refund Request');
        refund.push(r.ms);
        if (!r.ok) failures++;
      }
    }));
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < CREATES; i = next++) {
        const r = await create(i, 'General Question');
        latencies.push(r.ms);
        if (!r.ok) failures++;
      }
    }));
    stop = true;
    await background;
    latencies.sort((a, b) => a - b);
    return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), refundCreates: refund.length, refundMax: Math.max(...refund), failures };
  } finally {
    await svc.stop();
  }
};

export const run = async (): Promise<void> => {
  const answering = await startAnsweringServer();
  const hanging = await startHangingServer();
  try {
    const healthy = await runWith(answering.url);
    const hung = await runWith(hanging.url);
    const line = (name: string, f: RunFigures) =>
      `${name.padEnd(22)} general creates p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; refund creates ${f.refundCreates}, p100 ${f.refundMax.toFixed(0)} ms; failures ${f.failures}\n`;
    process.stdout.write(`${CREATES} creates on a task without dependencies (${CONCURRENCY} in flight) beside refund creates (${REFUND_CONCURRENCY} in flight)\n`);
    process.stdout.write(line('dependencies answering', healthy));
    process.stdout.write(line('dependencies hanging', hung));
    process.stdout.write(`p99 ratio hanging / answering: ${(hung.p99 / healthy.p99).toFixed(2)} (target at most 1.20); refund p100 with the hang ${hung.refundMax.toFixed(0)} ms (target at most 5000)\n`);
    process.stdout.write('reproduce: npm run bench -- hanging-dependencies\n');
  } finally {
    await hanging.stop();
    await answering.stop();
  }
};
