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
import { Desk, deskData, describeDesk } from './support/desk-data';
import { deskTicketDocument } from './export/desk-ticket-document';
import { profiledPhase } from './support/cpu-profile';
import { longestTurn } from './support/longest-turn';

/**
 * The CSV export at scale: BENCH_EXPORT_TICKETS (default 1,000,000) tickets of the desk data
 * (support/desk-data: realistic customers, texts, 180 days, statuses and agents) with lifecycle data
 * (family metrics, response waits, status history, CSAT, dispositions, payload, Voice FCR;
 * export/desk-ticket-document.ts) are written straight into the embedded ticket read model of the
 * running service (loading a million through HTTP is not the point), then one export of all of them
 * runs through the real path: POST /apis/task-runs/tickets/export → dispatcher → queue → worker
 * (cursor → rows → d3-dsv → blob upload) → polls of GET .../export/{jobId} until it succeeded.
 * Prints rows per second, wall time (start request to succeeded), the process's peak RSS minus its
 * RSS before the export (sampled every 20 ms), the CPU time of the process per row, and a breakdown
 * of the CPU per row (row building; d3-dsv, which the worker uses, against csv-writer, papaparse,
 * @fast-csv/format and csv-stringify on the same rows).
 *
 *   npm run bench -- export
 *   BENCH_EXPORT_TICKETS=200000 npm run bench -- export
 *   BENCH_CPU_PROFILE=/tmp/export.cpuprofile npm run bench -- export   (a CPU profile of the export phase)
 *   BENCH_EXPORT_DESK=imported npm run bench -- export                 (every ticket made within the last hour)
 */
const TICKETS = Number(process.env.BENCH_EXPORT_TICKETS ?? 1_000_000);
/** BENCH_EXPORT_DESK=imported: every ticket made within the last hour (an imported history) instead of over 180 days. */
const IMPORTED = process.env.BENCH_EXPORT_DESK === 'imported';
const MB = 1024 * 1024;

function* tickets(desk: Desk): Generator<SeedTicket> {
  const started = performance.now();
  for (let i = 0; i < desk.tickets; i++) {
    if (i > 0 && i % 100_000 === 0) process.stdout.write(`  ${i.toLocaleString('en-US')} seeded (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    yield deskTicketDocument(desk, i);
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
const listProber = (url: string, phoneNumber: string): { stop(): Promise<number[]> } => {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${url}/apis/task-runs/tickets/list`, {
        method: 'POST', headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ phoneNumber, limit: 10 }),
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
const breakdown = async (desk: Desk, rows: number) => {
  const decoded = decodeAccountConfig(exampleConfig());
  if (E.isLeft(decoded)) throw new Error('example config does not decode');
  const columns = exportColumns({
    account: decoded.right.account('acme')!, format: { timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' }, now: new Date(),
    objectiveParams: ['refund_reason', 'delivery_state', 'window_open', 'cancel_confirmed'],
  });
  const docs: ExportTicket[] = Array.from({ length: 1_000 }, (_, i) => deskTicketDocument(desk, i % desk.tickets) as ExportTicket);
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
    // The desk data is dropped once seeded (its memory is not the export's): the prober keeps one customer's phone.
    const probedPhone = await (async () => {
      const desk = deskData({ tickets: TICKETS, nowMs: Date.now(), ...(IMPORTED ? { importedWithinMs: 3_600_000 } : {}) });
      for (const l of describeDesk(desk)) process.stdout.write(`  ${l}\n`);
      await seedTickets(svc.deps.readModels, tickets(desk));
      return desk.customer(desk.customerOf(Math.min(1, TICKETS - 1))).phone;
    })();
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
    const warmUp = listProber(svc.url, probedPhone);
    await new Promise((r) => setTimeout(r, 1_000));
    await warmUp.stop();
    const idleProbe = listProber(svc.url, probedPhone);
    await new Promise((r) => setTimeout(r, 2_000));
    const idleLatencies = await idleProbe.stop();
    const prober = listProber(svc.url, probedPhone);
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
    const b = await breakdown(deskData({ tickets: 1_000, nowMs: Date.now() }), Math.min(100_000, TICKETS));
    const stringifiers = b.stringify.map((x) => `${x.name} ${x.us.toFixed(2)} µs${x.same ? '' : ' (other bytes than the worker\'s)'}`).join(', ');
    process.stdout.write(`  CPU per row (no I/O, best of 3): row building ${b.buildUs.toFixed(2)} µs; stringify the same rows: ${stringifiers}\n`);
    process.stdout.write(`  targets: 1,000,000 rows ≤ 20 s, ≤ 64 MB added\n`);
    process.stdout.write(`reproduce: ${TICKETS === 1_000_000 ? '' : `BENCH_EXPORT_TICKETS=${TICKETS} `}${IMPORTED ? "BENCH_EXPORT_DESK=imported " : ""}npm run bench -- export\n`);
  } finally {
    await svc.stop({ remove: true });
  }
}
