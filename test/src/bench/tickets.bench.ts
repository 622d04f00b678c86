import path from 'node:path';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { READ_MODELS_FILE } from '@support/adapters';
import { countEvents } from './support/count-events';
import { deskData } from './support/desk-data';
import { COMMON_FRAGMENT } from './list-mix/list-mix';


/**
 * Tickets at scale, through the real app over HTTP: loads BENCH_TICKETS (default 100,000) manual
 * tickets of the desk data (support/desk-data: realistic and repeat customers, texts; created now,
 * so every date range holds all of them) through the command path (POST /apis/tickets/manual, fastResponse, rate limits lifted by
 * configuration, BENCH_CONCURRENCY requests in flight, default 32), then measures the latency of
 * POST /apis/task-runs/tickets/list over a mix of filters. Each create waits for the "tickets" read
 * model (read your writes), so the create rate includes projecting the ticket.
 *
 *   npm run bench -- tickets                 (100,000 tickets)
 *   BENCH_TICKETS=20000 npm run bench -- tickets
 */
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 40);
const desk = deskData({ tickets: TICKETS, nowMs: Date.now() });

const SOURCES = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall', 'Walk-In', 'Phone Desk', 'kiosk'];
const TASKS = ['task-refund', 'task-cancelled', 'task-general', null];
/** Words of the desk data's subjects and summaries (products and problems). */
const WORDS = ['kettle', 'headphones', 'refund', 'invoice', 'delivery', 'damaged', 'warranty', 'backpack', 'address', 'cancel'];

/** The example accounts with tasks that need no outside system (no store, integration or action calls), and no limits. */
const benchConfig = () => {
  const config = withoutRateLimits(exampleConfig());
  const acme = config.accounts[0];
  acme.tasks = [
    { id: 'task-refund', name: 'Refund Request', teamId: 'team-care', dataPoints: ['customer_email'], objectives: [{ param: 'refund_reason' }], transitions: [] },
    { id: 'task-cancelled', name: 'Cancelled Order Follow-up', teamId: 'team-care', objectives: [{ param: 'cancel_confirmed' }], transitions: [] },
    { id: 'task-general', name: 'General Question', teamId: 'team-care', transitions: [] },
  ];
  return config;
};

/** Customer of ticket (r × step) mod TICKETS: one that exists once the tickets are loaded. */
const customerAt = (r: number, step: number) => desk.customer(desk.customerOf((r * step) % TICKETS));

const ticketBody = (i: number) => {
  const t = desk.ticket(i);
  const c = desk.customer(t.customer);
  const task = TASKS[i % TASKS.length];
  return {
    customer: { name: c.name, phone: c.phone, email: c.email },
    subject: t.subject,
    query: t.query,
    ...(t.orderName === null ? {} : { orderName: t.orderName }),
    source: SOURCES[i % SOURCES.length],
    ...(task !== null ? { currentTaskId: task } : {}),
    fastResponse: true,
    forceCreateTicket: true,
  };
};

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function load(svc: TestService): Promise<{ seconds: number; failures: number }> {
  let next = 0;
  let failures = 0;
  let done = 0;
  const started = performance.now();
  const progressEvery = Math.max(1, Math.floor(TICKETS / 10));
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < TICKETS; i = next++) {
        const res = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: ticketBody(i) });
        if (res.status !== 200) {
          failures += 1;
          if (failures <= 3) process.stdout.write(`  create ${i} failed: ${res.status} ${res.text.slice(0, 200)}\n`);
        }
        done += 1;
        if (done % progressEvery === 0) {
          const s = (performance.now() - started) / 1000;
          process.stdout.write(`  ${done.toLocaleString('en-US')} created (${Math.round(done / s).toLocaleString('en-US')}/s)\n`);
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failures };
}

type ListBody = (run: number) => Record<string, unknown>;

async function listLatencies(svc: TestService, name: string, body: ListBody): Promise<{ name: string; times: number[]; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < LIST_RUNS; run++) {
    const started = performance.now();
    const res = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: body(run) });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`list "${name}" answered ${res.status}: ${res.text.slice(0, 200)}`);
    total = res.body.total;
  }
  return { name, times, total };
}

export async function run(): Promise<void> {
  process.stdout.write(`tickets: ${TICKETS.toLocaleString('en-US')} tickets, ${desk.customers.toLocaleString('en-US')} customers, concurrency ${CONCURRENCY}, embedded engines\n`);
  let errorsLogged = 0;
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    error: (message: string, fields?: Record<string, unknown>) => {
      if (errorsLogged++ < 3) process.stdout.write(`  service error: ${message} ${JSON.stringify(fields ?? {}).slice(0, 400)}\n`);
    },
  };
  let svc = await startTestService({ config: benchConfig(), logger });
  let running = true;
  try {
    const loaded = await load(svc);
    process.stdout.write(
      `create (POST /apis/tickets/manual): ${Math.round(TICKETS / loaded.seconds).toLocaleString('en-US')} tickets/s ` +
        `(${loaded.seconds.toFixed(1)} s for ${TICKETS.toLocaleString('en-US')}, ${loaded.failures} failed)\n`,
    );

    const first = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { sortOrder: 'asc', limit: 1 } });
    const last = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 1 } });
    const t0 = Date.parse(first.body.data[0].createdAt);
    const t1 = Date.parse(last.body.data[0].createdAt);
    const at = (fraction: number) => new Date(t0 + (t1 - t0) * fraction).toISOString();
    const deepestPage = Math.max(1, Math.floor(TICKETS / 50) - 1);

    const mix: [string, ListBody][] = [
      ['default (page 1, 10, newest first)', () => ({})],
      ['limit 250', () => ({ limit: 250 })],
      ['statuses [open, queued]', () => ({ statuses: ['open', 'queued'], limit: 50 })],
      ['date range (middle half)', (r) => ({ startDate: at(0.25 + r / 1000), endDate: at(0.75), limit: 50 })],
      ['search (a word of subjects)', (r) => ({ search: WORDS[r % WORDS.length], limit: 50 })],
      ['search (one customer name)', (r) => ({ search: customerAt(r, 131).name, limit: 50 })],
      ['search (common surname, ~5%)', () => ({ search: COMMON_FRAGMENT, limit: 50 })],
      ['search (an email\'s local part)', (r) => ({ search: customerAt(r, 389).email.split('@')[0], limit: 50 })],
      ['phoneNumber (one customer)', (r) => ({ phoneNumber: customerAt(r, 977).phone })],
      ['source email', () => ({ source: 'email', limit: 50 })],
      ['manualSourceLabel Walk-In', () => ({ manualSourceLabel: 'Walk-In', limit: 50 })],
      ['taskIds [task-refund]', () => ({ taskIds: ['task-refund'], limit: 50 })],
      ['ticketNumber (one)', (r) => ({ ticketNumber: String(1 + ((r * 4099) % TICKETS)) })],
      ['sort asc by updatedAt', () => ({ timestampKey: 'updatedAt', sortOrder: 'asc', limit: 50 })],
      ['deep page (limit 50, last pages)', (r) => ({ page: deepestPage - (r % 10), limit: 50 })],
      ['combined (status+task+source+dates)', () => ({ statuses: ['open'], taskIds: ['task-refund', 'task-general'], source: 'chatapp', startDate: at(0.1), endDate: at(0.9), limit: 25 })],
    ];
    const results = [];
    for (const [name, body] of mix) results.push(await listLatencies(svc, name, body));

    process.stdout.write(`list (POST /apis/task-runs/tickets/list), ${LIST_RUNS} sequential requests per filter:\n`);
    process.stdout.write(`  ${'filter'.padEnd(40)} ${'matches'.padStart(8)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p99'.padStart(10)}\n`);
    const all: number[] = [];
    for (const r of results) {
      const sorted = [...r.times].sort((a, b) => a - b);
      all.push(...sorted);
      process.stdout.write(
        `  ${r.name.padEnd(40)} ${String(r.total).padStart(8)} ${ms(quantile(sorted, 0.5)).padStart(10)} ${ms(quantile(sorted, 0.95)).padStart(10)} ${ms(quantile(sorted, 0.99)).padStart(10)}\n`,
      );
    }
    all.sort((a, b) => a - b);
    process.stdout.write(
      `  ${'all filters'.padEnd(40)} ${''.padStart(8)} ${ms(quantile(all, 0.5)).padStart(10)} ${ms(quantile(all, 0.95)).padStart(10)} ${ms(quantile(all, 0.99)).padStart(10)}\n`,
    );
    process.stdout.write(`  process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB\n`);

    // A restart restores the embedded read models from their snapshot (taken at the stop) and catches up.
    await svc.stop({ remove: false });
    running = false;
    const restarted = performance.now();
    svc = await startTestService({ config: benchConfig(), logger, dataDir: svc.dataDir });
    running = true;
    const check = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 1 } });
    process.stdout.write(
      `restart (read models on disk, caught up from their checkpoints): ready in ${((performance.now() - restarted) / 1000).toFixed(1)} s (list total ${check.body.total})\n`,
    );
    // Without a snapshot every read model is rebuilt from the whole log.
    await svc.stop({ remove: false });
    running = false;
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(svc.dataDir, `${READ_MODELS_FILE}${suffix}`), { force: true });
    const head = await countEvents(svc.dataDir);
    const rebuilding = performance.now();
    svc = await startTestService({ config: benchConfig(), logger, dataDir: svc.dataDir });
    running = true;
    const rebuildSeconds = (performance.now() - rebuilding) / 1000;
    const rebuilt = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 1 } });
    process.stdout.write(
      `full rebuild from the log: ready in ${rebuildSeconds.toFixed(1)} s, ${Math.round(head / rebuildSeconds).toLocaleString('en-US')} events/s ` +
        `(${head.toLocaleString('en-US')} events; list total ${rebuilt.body.total})\n`,
    );
    process.stdout.write(`reproduce: ${TICKETS === 100_000 ? '' : `BENCH_TICKETS=${TICKETS} `}npm run bench -- tickets\n`);
  } finally {
    if (running) await svc.stop({ remove: true });
    else rmSync(svc.dataDir, { recursive: true, force: true });
  }
}
