import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as E from 'fp-ts/Either';
import { decodeAccountConfig, type Principal, TOKEN_SCOPES } from '@support/domain';
import { listTickets } from '@support/query-api';
import { exampleConfig } from '../support/example-config';
import { listMix } from './list-mix/list-mix';
import { tempSqliteReadModels } from '../support/sqlite-read-models';
import { seedTickets } from './list-mix/seed-tickets';
import { deskData, describeDesk } from './support/desk-data';


/**
 * The list part of the speed benchmark, in process and quick to repeat: the tickets read model
 * seeded through the projection with the desk data's tickets (support/desk-data: realistic
 * customers and texts over the last 180 days, with their statuses and agents; list-mix/seed-tickets),
 * then the list mix through the list use case (decode, compile, find and count). It prints, per
 * body: how many tickets the first run matched, CPU time per request run alone (p50 and p95 of the
 * runs), then p50/p95 of the latency with 4 clients at once on this one thread (a request that holds
 * the event loop holds up the others here as in the service). Also the mean time of one ticket's
 * projection writes while seeding.
 *
 *   npm run bench -- list-mix                        (100,000 tickets)
 *   BENCH_LIST_TICKETS=30000 BENCH_LIST_RUNS=40 npm run bench -- list-mix
 */
const TICKETS = Number(process.env.BENCH_LIST_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 40);
const line = (text: string) => process.stdout.write(`${text}\n`);
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const f = (n: number) => n.toFixed(2).padStart(8);

const principal = (): Principal => {
  const directory = decodeAccountConfig(exampleConfig());
  if (E.isLeft(directory)) throw new Error('example configuration does not decode');
  const account = directory.right.account('acme');
  if (account === undefined) throw new Error('no acme account');
  return { account, accountId: account.id, tokenId: 'bench', user: null, role: 'admin', scopes: TOKEN_SCOPES, expiresAt: null };
};

export async function run(): Promise<void> {
  const store = tempSqliteReadModels();
  const nowMs = Date.now();
  const desk = deskData({ tickets: TICKETS, nowMs });
  for (const l of describeDesk(desk)) line(l);
  const seeded = await seedTickets(store, desk);
  line(`list-mix: ${TICKETS.toLocaleString('en-US')} tickets seeded through the projection into SQLite, ${seeded.usPerTicket.toFixed(0)} µs of decisions and projection writes per ticket (create, summary, lifecycle)`);
  // The seeding's garbage collected now, not in the middle of the measured requests.
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const who = principal();
  const deps = { readModels: store };
  const mix = listMix(desk, nowMs);
  const list = async (body: unknown) => {
    const answer = await listTickets(deps, who, body);
    if (E.isLeft(answer)) throw new Error(`list failed: ${JSON.stringify(answer.left)}`);
    return answer.right;
  };
  // Warm-up: three of each body; the first run's total is what the body matches.
  const matched = new Map<string, number>();
  for (const [name, body] of mix) {
    for (let r = 0; r < 3; r++) {
      const answer = await list(body(r));
      if (r === 0) matched.set(name, (answer.body as { total: number }).total);
    }
  }
  const cpu = new Map<string, number[]>();
  for (const [name, body] of mix) {
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const before = process.cpuUsage();
      await list(body(r));
      const used = process.cpuUsage(before);
      times.push((used.user + used.system) / 1000);
    }
    cpu.set(name, times.sort((a, b) => a - b));
  }
  const latencies = new Map<string, number[]>(mix.map(([name]) => [name, []]));
  const jobs = mix.flatMap(([name, body]) => Array.from({ length: RUNS }, (_, r) => ({ name, body: body(r) })));
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let j = next++; j < jobs.length; j = next++) {
      const t0 = performance.now();
      await list(jobs[j].body);
      (latencies.get(jobs[j].name) as number[]).push(performance.now() - t0);
      await new Promise((r) => setImmediate(r));
    }
  }));
  line(`  ${'body'.padEnd(28)} ${'matches'.padStart(9)} ${'CPU p50'.padStart(11)} ${'CPU p95'.padStart(11)} | 4 clients: ${'p50'.padStart(11)} ${'p95'.padStart(11)}`);
  let worst = 0;
  for (const [name] of mix) {
    const c = cpu.get(name) as number[];
    const l = (latencies.get(name) as number[]).sort((a, b) => a - b);
    worst = Math.max(worst, quantile(l, 0.95));
    line(`  ${name.padEnd(28)} ${(matched.get(name) ?? NaN).toLocaleString('en-US').padStart(9)} ${f(quantile(c, 0.5))} ms ${f(quantile(c, 0.95))} ms |            ${f(quantile(l, 0.5))} ms ${f(quantile(l, 0.95))} ms`);
  }
  line(`  worst p95 with 4 clients: ${worst.toFixed(1)} ms`);
  line(`reproduce: ${TICKETS === 100_000 ? '' : `BENCH_LIST_TICKETS=${TICKETS} `}npm run bench -- list-mix`);
  await store.close();
}
