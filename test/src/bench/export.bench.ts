import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import * as E from 'fp-ts/Either';
import { stringify as csvStringify } from 'csv-stringify/sync';
import { writeToString } from '@fast-csv/format';
import Papa from 'papaparse';
import { createArrayCsvStringifier } from 'csv-writer';
import { decodeAccountConfig, exportColumns, ExportTicket } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService } from '../support/test-service';
import { csvRecordsWriter } from '@support/workers';
import { seedTickets, SeedTicket } from '../exports/support/seed-tickets';
import { profiledPhase } from './support/cpu-profile';
import { longestTurn } from './support/longest-turn';

/**
 * The CSV export at scale: BENCH_EXPORT_TICKETS (default 1,000,000) tickets with lifecycle data
 * (family metrics, response waits, status history, CSAT, dispositions, payload, Voice FCR) are
 * written straight into the embedded ticket read model of the running service (loading a million
 * through HTTP is not the point), then one export of all of them runs through the real path:
 * POST /apis/task-runs/tickets/export → dispatcher → queue → worker (cursor → rows → d3-dsv →
 * blob upload) → polls of GET .../export/{jobId} until it succeeded. Prints rows per second, wall
 * time (start request to succeeded), the process's peak RSS minus its RSS before the export
 * (sampled every 20 ms), the CPU time of the process per row, and a breakdown of the CPU per row
 * (row building; d3-dsv, which the worker uses, against csv-writer, papaparse, @fast-csv/format and
 * csv-stringify on the same rows).
 *
 *   npm run bench -- export
 *   BENCH_EXPORT_TICKETS=200000 npm run bench -- export
 *   BENCH_CPU_PROFILE=/tmp/export.cpuprofile npm run bench -- export   (a CPU profile of the export phase)
 */
const TICKETS = Number(process.env.BENCH_EXPORT_TICKETS ?? 1_000_000);
const MB = 1024 * 1024;

const STATUSES = ['open', 'assigned', 'queued', 'closed', 'resolved_by_agent', 'resolved_by_ai', 'stale'];
const SOURCES = ['chatapp', 'email', 'liveChat', 'voiceCall', 'manual'];
const T0 = Date.parse('2026-08-03T03:30:00Z');

export const ticketAt = (i: number): SeedTicket => {
  const created = T0 + i * 6_000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const status = STATUSES[i % STATUSES.length];
  const resolved = status !== 'open' && status !== 'assigned' && status !== 'queued';
  const source = SOURCES[i % SOURCES.length];
  const child = i % 10 === 9;
  return {
    _id: `bench-${i}`,
    ticketNumber: i + 1,
    ticketName: `Question ${i}`,
    status,
    summary: `Customer asks about order #${100_000 + i}, "parcel" late, needs help`,
    orderName: `#${100_000 + i}`,
    source,
    manualSourceLabel: source === 'manual' ? 'Walk-In' : null,
    customerId: `cust-${i % 50_000}`,
    customerName: `Customer ${i % 50_000}`,
    customerPhones: [`+1415${String(5_000_000 + (i % 50_000)).padStart(7, '0')}`],
    customerEmails: i % 3 === 0 ? [`customer${i % 50_000}@example.com`] : [],
    createdAt: iso(created),
    updatedAt: iso(created + 3_600_000),
    executedAt: iso(created + 1_000),
    assignedAt: iso(created + 600_000),
    assignedToId: 'u-agent',
    assignedById: 'u-admin',
    involvedAgentIds: i % 4 === 0 ? [] : ['u-agent'],
    resolvedAt: resolved ? iso(created + 26 * 3_600_000) : null,
    resolvedBy: resolved ? (status === 'resolved_by_ai' ? 'ai' : 'agent') : null,
    resolvedByUserId: resolved && status !== 'resolved_by_ai' ? 'u-agent' : null,
    resolution: resolved ? status : null,
    taskId: i % 2 === 0 ? 'task-refund' : 'task-cancelled',
    taskTeamId: 'team-care',
    taskPath: i % 2 === 0 ? ['task-refund'] : ['task-refund', 'task-cancelled'],
    actions: [{ actionKey: 'notify_warehouse', status: 'succeeded' }],
    objectives: i % 2 === 0 ? { refund_reason: 'damaged', delivery_state: 'delivered', window_open: true } : { cancel_confirmed: 'yes' },
    payload: JSON.stringify({ kiosk: `K-${i % 9}`, refund_reason: 'damaged', emailClient: 'gmail' }),
    sentiment: 'negative',
    sentiments: ['negative', 'neutral'],
    ticketType: child ? 'child' : 'ticket',
    parentTicketId: child ? `bench-${i - 1}` : null,
    involvedSources: [source, 'email'],
    firstResponseAt: iso(created + 40 * 60_000),
    latestResponseAt: iso(created + 5 * 3_600_000),
    responseWaits: [{ from: iso(created), to: iso(created + 40 * 60_000) }, { from: iso(created + 4 * 3_600_000), to: iso(created + 5 * 3_600_000) }],
    statusHistory: [{ status: 'open', at: iso(created) }, { status: 'queued', at: iso(created + 60_000) }, { status: 'assigned', at: iso(created + 600_000) }],
    csat: resolved ? { rating: 1 + (i % 5), comment: i % 7 === 0 ? 'Quick, helpful\nthanks' : null } : null,
    csatStatus: resolved ? 'submitted' : null,
    csatSentAt: resolved ? iso(created + 27 * 3_600_000) : null,
    csatSubmittedAt: resolved ? iso(created + 28 * 3_600_000) : null,
    category: 'Refund',
    subcategory: 'Damaged',
    dispositions: { 'Refund Reason': 'Broken in transit' },
    emailThreadIds: ['thread-1'],
    emailClients: ['gmail'],
    autoResolved: status === 'resolved_by_ai',
    family: child ? null : {
      childTickets: 1, interactionTickets: 0, chatSessionIds: ['s1'], emailThreadIds: ['thread-1'], emailClients: ['gmail'],
      customerEmailMessageIds: ['m1'], agentEmailMessageIds: ['a1'], incomingCallIds: i % 5 === 3 ? ['c1'] : [], outgoingCallIds: [],
      channels: i % 5 === 3 ? ['voiceCall', 'email'] : ['email'], delegatedChildWork: false, lastInboundContactAt: null,
    },
    voiceFcr: i % 5 === 3 ? { callId: 'c1', outcome: 'resolved_on_call', reason: 'resolved_on_call', evaluatedAt: iso(created + 1_800_000), laterInboundContact: false } : null,
  };
};

function* tickets(n: number): Generator<SeedTicket> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 100_000 === 0) process.stdout.write(`  ${i.toLocaleString('en-US')} seeded (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    yield ticketAt(i);
  }
}

/** Parts of the memory sampled beside RSS: V8's young and old generations (committed pages) and memory outside the JS heap (Buffers). */
const memoryParts = (): { readonly name: string; read(): number }[] => {
  const space = (name: string) => () => getHeapSpaceStatistics().find((s) => s.space_name === name)?.physical_space_size ?? 0;
  return [
    { name: 'young generation', read: space('new_space') },
    { name: 'old generation', read: space('old_space') },
    { name: 'large objects', read: space('large_object_space') },
    { name: 'Buffers (external)', read: () => process.memoryUsage().arrayBuffers },
  ];
};


/**
 * A client listing a customer's tickets by phone every 50 ms (one request at a time) until
 * stopped: the latency of each list, to show whether the service keeps answering while it exports.
 * A lookup by phone costs the same at any number of tickets (an index), so the client measures the
 * export's effect on other requests without loading the service itself.
 */
const listProber = (url: string): { stop(): Promise<number[]> } => {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${url}/apis/task-runs/tickets/list`, {
        method: 'POST', headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ phoneNumber: ticketAt(1).customerPhones?.[0], limit: 10 }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list answered ${res.status} during the export`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies.sort((a, b) => a - b);
    },
  };
};
const latencyLine = (sorted: readonly number[]): string => {
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return `${sorted.length} lists, p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${q(1).toFixed(1)} ms`;
};

const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
};

/**
 * CPU per row without I/O (process.cpuUsage, best of three rounds: the machine is shared): row
 * building alone, then each stringifier on the same rows (already built): d3-dsv (what the worker
 * uses, through csv-records.ts), csv-writer (the card's, which it used before) and the other
 * well-kept alternatives papaparse, @fast-csv/format and csv-stringify, each also checked to write
 * the same bytes as the worker's.
 */
const breakdown = async (rows: number) => {
  const decoded = decodeAccountConfig(exampleConfig());
  if (E.isLeft(decoded)) throw new Error('example config does not decode');
  const columns = exportColumns({
    account: decoded.right.account('acme')!, format: { timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' }, now: new Date(),
    objectiveParams: ['refund_reason', 'delivery_state', 'window_open', 'cancel_confirmed'],
  });
  const docs: ExportTicket[] = Array.from({ length: 1_000 }, (_, i) => ticketAt(i) as ExportTicket);
  const built = docs.map((d) => columns.row(d));
  let sink = 0;
  const perRow = async (n: number, work: () => unknown): Promise<number> => {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const before = process.cpuUsage();
      for (let i = 0; i < n; i += 1_000) await work();
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / n);
    }
    return best;
  };
  const buildUs = await perRow(rows, () => {
    for (const d of docs) sink += columns.row(d).length;
  });
  const reference = csvRecordsWriter()(built);
  const csvWriter = createArrayCsvStringifier({ recordDelimiter: '\r\n' });
  const stringifiers: [string, () => string | Promise<string>][] = [
    ['d3-dsv (the worker\'s)', () => csvRecordsWriter()(built)],
    ['csv-writer', () => csvWriter.stringifyRecords(built)],
    ['papaparse', () => `${Papa.unparse(built, { newline: '\r\n' })}\r\n`],
    ['@fast-csv/format', () => writeToString(built, { rowDelimiter: '\r\n', includeEndRowDelimiter: true })],
    ['csv-stringify', () => csvStringify(built, { record_delimiter: 'windows' })],
  ];
  const stringify: { name: string; us: number; same: boolean }[] = [];
  for (const [name, write] of stringifiers) {
    const same = (await write()) === reference;
    stringify.push({ name, same, us: await perRow(Math.min(rows, 20_000), async () => (sink += (await write()).length)) });
  }
  return { buildUs, stringify, sink };
};

export async function run(): Promise<void> {
  process.stdout.write(`export: ${TICKETS.toLocaleString('en-US')} tickets with lifecycle data seeded into the embedded read model\n`);
  const config = withoutRateLimits(exampleConfig());
  const svc = await startTestService({ config });
  try {
    const seedStarted = performance.now();
    await seedTickets(svc.deps.readModels, tickets(TICKETS));
    process.stdout.write(`  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`);
    collectGarbage();
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const parts = memoryParts();
    const partsBefore = parts.map((p) => p.read());
    const partsPeak = [...partsBefore];
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
      parts.forEach((p, i) => (partsPeak[i] = Math.max(partsPeak[i], p.read())));
    }, 20);

    // A second of warm-up first: the first requests compile the route's code.
    const warmUp = listProber(svc.url);
    await new Promise((r) => setTimeout(r, 1_000));
    await warmUp.stop();
    const idleProbe = listProber(svc.url);
    await new Promise((r) => setTimeout(r, 2_000));
    const idleLatencies = await idleProbe.stop();
    const prober = listProber(svc.url);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const last = await profiledPhase(async () => {
      const start = await svc.api('POST', '/apis/task-runs/tickets/export', { token: TOKENS.acmeAdmin, body: { sortOrder: 'asc' } });
      if (start.status !== 202) throw new Error(`export start answered ${start.status}: ${start.text}`);
      for (;;) {
        const poll = await svc.api('GET', `/apis/task-runs/tickets/export/${start.body.jobId}`, { token: TOKENS.acmeAdmin });
        if (poll.body.job.status === 'succeeded' || poll.body.job.status === 'failed') return poll;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const exportLatencies = await prober.stop();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (last.body.job.status !== 'succeeded') throw new Error(`export failed: ${JSON.stringify(last.body.job)}`);
    const job = last.body.job;

    // The file holds the header and one record per ticket (counted by record ends outside quotes is not needed: no field of the
    // bench holds CRLF, so CRLF count = records).
    const key = `exports/acme/${job.jobId}/attempt-1.csv`;
    let records = 0;
    const file = await svc.deps.blobStore.get(key);
    if (file !== null) {
      for await (const chunk of file as AsyncIterable<Buffer>) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) records++;
    }

    process.stdout.write(`  total ${job.total.toLocaleString('en-US')}, processed ${job.processed.toLocaleString('en-US')}, file ${(job.fileSizeBytes / MB).toFixed(1)} MB, ${records.toLocaleString('en-US')} lines (header included)\n`);
    process.stdout.write(`  rows/s: ${Math.round(job.processed / wallSeconds).toLocaleString('en-US')}\n`);
    process.stdout.write(`  wall time (POST start → poll says succeeded): ${wallSeconds.toFixed(1)} s\n`);
    const cpuUsPerRow = (cpu.user + cpu.system) / Math.max(1, job.processed);
    process.stdout.write(`  CPU of the service process (every thread) during the export: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)} s, system ${(cpu.system / 1e6).toFixed(1)} s), ${cpuUsPerRow.toFixed(1)} µs per row\n`);
    process.stdout.write(`  peak RSS − RSS before the export: ${((peak - rssBefore) / MB).toFixed(1)} MB (before ${(rssBefore / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB)\n`);
    process.stdout.write(`  of which, each at its own peak: ${parts.map((p, i) => `${p.name} +${((partsPeak[i] - partsBefore[i]) / MB).toFixed(1)} MB`).join(', ')}\n`);
    process.stdout.write(`  a client listing a customer's tickets by phone every 50 ms: before the export ${latencyLine(idleLatencies)}; during it ${latencyLine(exportLatencies)}\n`);
    const b = await breakdown(Math.min(100_000, TICKETS));
    const stringifiers = b.stringify.map((x) => `${x.name} ${x.us.toFixed(2)} µs${x.same ? '' : ' (other bytes than the worker\'s)'}`).join(', ');
    process.stdout.write(`  CPU per row (no I/O, best of 3): row building ${b.buildUs.toFixed(2)} µs; stringify the same rows: ${stringifiers}\n`);
    process.stdout.write(`  targets: 1,000,000 rows ≤ 20 s, ≤ 64 MB added\n`);
    process.stdout.write(`reproduce: ${TICKETS === 1_000_000 ? '' : `BENCH_EXPORT_TICKETS=${TICKETS} `}npm run bench -- export\n`);
  } finally {
    await svc.stop({ remove: true });
  }
}
