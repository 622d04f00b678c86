import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../support/example-config';
import { listMix } from './list-mix/list-mix';
import { spawnService, statusBytes } from './read-models/service-process';
import { figuresOf, failuresOf, ms } from './soak/figures';
import { deskWork } from './soak/desk-work';
import { PacedStream, pacedStream, Sample } from './soak/paced-stream';
import { startWebhookReceiver } from './soak/webhook-receiver';
import { cpuMsOf, freePort, pinSelf, stop } from './speed/child';
import { request } from './speed/load';
import { waitReady } from './speed/wait-ready';
import { downloadCsvRecords } from './support/csv-download';
import { deskData, describeDesk } from './support/desk-data';
import { benchConfig, manualTicketBody } from './support/manual-tickets';
import { SERVICE_NODE_FLAGS } from './support/service-node-flags';

/**
 * A soak from an empty desk (issue 42): the service as `npm start` runs it (`node <its flags>
 * app/dist/start-all.js`, embedded engines) pinned to core 0; this load generator and a webhook
 * receiver on core 1. For BENCH_SOAK_MINUTES (20), a steady open-loop load of about 90 requests a
 * second, each due at its time whatever the answers of the others (latency counted from then):
 * - 40 creates a second (POST /apis/tickets/manual, the desk data's tickets in order:
 *   support/desk-data);
 * - 40 workspace commands a second on tickets created earlier: one created ticket in 3 is assigned
 *   (the desk data's agent), gets an email from its customer, then is resolved, each command once
 *   the one before was answered (soak/desk-work.ts: a slot with no command waiting is skipped and
 *   counted);
 * - 10 lists a second, the list mix's bodies in turn (list-mix/list-mix.ts, naming customers of the
 *   tickets made so far);
 * - an export of every ticket every 2 minutes (start, polls every second until it succeeded, the
 *   file downloaded and its records counted against its total);
 * - one webhook subscription to ticket.created, delivered to the receiver (answers 200 at once).
 * Then: waits for every acknowledged create's delivery (BENCH_SOAK_DRAIN_S, 600 s at most), lists
 * every ticket (pages of 250) and checks that nothing was lost: every create answered 200 is
 * listed and delivered once (no delivery id twice, no ticket with two deliveries).
 *
 * Prints, for each kind of request, the p50 and p99 of its first and last 5 minutes (of the first
 * and last half when the soak is shorter than 10 minutes), the answers other than 2xx, a line a
 * minute (tickets made, latencies, the service's CPU, requests in flight), each export, and the checks.
 * The machine is shared: other processes' CPU is not subtracted (see `ps` / the read-models bench).
 *
 *   npm run bench -- soak                              (20 minutes)
 *   BENCH_SOAK_MINUTES=5 npm run bench -- soak
 * Also: BENCH_SOAK_LOG_LEVEL (warn; the service's log is kept in os.tmpdir()/support-soak.log).
 */
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 20);
const CREATES_PER_S = 40;
const COMMANDS_PER_S = 40;
const LISTS_PER_S = 10;
const EXPORT_EVERY_MS = 120_000;
const WORKED_ONE_IN = 3;
const WINDOW_MS = Math.min(5, MINUTES / 2) * 60_000;
const DRAIN_LIMIT_MS = Number(process.env.BENCH_SOAK_DRAIN_S ?? 600) * 1000;
const LOG_LEVEL = process.env.BENCH_SOAK_LOG_LEVEL ?? 'warn';
const EXPORT_LIMIT_MS = 600_000;
const ROOT = path.resolve(__dirname, '..', '..', '..');
const LIST = '/apis/task-runs/tickets/list';

const line = (text: string) => process.stdout.write(`${text}\n`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

interface ExportRun {
  readonly atS: number;
  readonly status: string;
  readonly seconds: number;
  readonly total: number;
  readonly processed: number;
  readonly records: number | null;
}

export async function run(): Promise<void> {
  await pinSelf(1);
  const work = mkdtempSync(path.join(os.tmpdir(), 'support-soak-'));
  const configFile = path.join(work, 'accounts.json');
  const logFile = path.join(work, 'service.log');
  writeFileSync(configFile, JSON.stringify(benchConfig()));
  writeFileSync(logFile, '');
  const desk = deskData({ tickets: CREATES_PER_S * MINUTES * 60 + 1, nowMs: Date.now() });
  line(`soak: ${MINUTES} min from an empty desk, paced: ${CREATES_PER_S} creates, ${COMMANDS_PER_S} workspace commands (assign, email, resolve on 1 created ticket in ${WORKED_ONE_IN}), ${LISTS_PER_S} lists a second; an export every ${EXPORT_EVERY_MS / 60_000} min; one webhook subscription`);
  line(`  service (npm start's process${SERVICE_NODE_FLAGS.length === 0 ? '' : `, ${SERVICE_NODE_FLAGS.join(' ')}`}) pinned to core 0; load and receiver on core 1; figures of the first and last ${WINDOW_MS / 60_000} min`);
  line(`  bodies: the desk data's ${int(desk.tickets)} tickets of ${int(desk.customers)} customers`);
  for (const l of describeDesk(desk).slice(1, 3)) line(l);

  const receiver = await startWebhookReceiver();
  const port = await freePort();
  const service = spawnService(0, path.join(ROOT, 'app', 'dist', 'start-all.js'), {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), CONFIG_FILE: configFile, LOG_LEVEL, WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url).host,
  }, SERVICE_NODE_FLAGS, logFile);
  const agents = { create: new http.Agent({ keepAlive: true, maxSockets: 512 }), work: new http.Agent({ keepAlive: true, maxSockets: 512 }), other: new http.Agent({ keepAlive: true, maxSockets: 64 }) };
  try {
    await waitReady(port, null, 60_000);
    const subscribed = await request(agents.other, port, 'POST', '/apis/webhooks', TOKENS.acmeAdmin, { url: receiver.url, eventTypes: ['ticket.created'] });
    if (subscribed.status !== 201) throw new Error(`subscribing answered ${subscribed.status}: ${subscribed.text}`);

    // A request that fails before an answer counts as status 0 of its kind; the first reasons are kept.
    const errors = new Map<string, number>();
    const call = (agent: http.Agent, method: string, route: string, body: unknown) =>
      request(agent, port, method, route, TOKENS.acmeAdmin, body).catch((e: Error) => {
        errors.set(e.message, (errors.get(e.message) ?? 0) + 1);
        return { status: 0, text: '' };
      });
    const acked: string[] = [];
    let answeredCreates = 0;
    const deskAtWork = deskWork(desk, WORKED_ONE_IN);
    const start = performance.now() + 500;
    const end = start + MINUTES * 60_000;
    const creates = pacedStream(CREATES_PER_S, start, end, async (i) => {
      const r = await call(agents.create, 'POST', '/apis/tickets/manual', manualTicketBody(desk, i));
      answeredCreates++;
      if (r.status === 200) {
        const ticketId = String((JSON.parse(r.text) as { ticketId: string }).ticketId);
        acked[i] = ticketId;
        deskAtWork.created(i, ticketId);
      }
      return { kind: 'create', status: r.status };
    });
    const commands = pacedStream(COMMANDS_PER_S, start + 12, end, () =>
      deskAtWork.next((ticketId) => (route, body) => call(agents.work, 'POST', `/apis/tickets/${ticketId}/${route}`, body)));
    const mixNames = listMix(desk, Date.now()).map(([name]) => name);
    const lists = pacedStream(LISTS_PER_S, start + 37, end, async (r) => {
      const mix = listMix(desk, Date.now(), answeredCreates);
      const [name, body] = mix[r % mix.length];
      const res = await call(agents.other, 'POST', LIST, body(Math.floor(r / mix.length)));
      return { kind: `list ${name}`, status: res.status };
    });
    const streams: PacedStream[] = [creates, commands, lists];

    // Exports, every EXPORT_EVERY_MS: their requests are samples too.
    const exportSamples: Sample[] = [];
    const exportRuns: ExportRun[] = [];
    const timed = async (kind: string, method: string, route: string, body: unknown) => {
      const t0 = performance.now();
      const r = await call(agents.other, method, route, body);
      exportSamples.push({ dueMs: t0 - start, kind, latencyMs: performance.now() - t0, status: r.status });
      return r;
    };
    const exportOnce = async (atS: number): Promise<void> => {
      const t0 = performance.now();
      const started = await timed('export start', 'POST', '/apis/task-runs/tickets/export', {});
      if (started.status !== 202) {
        exportRuns.push({ atS, status: `start answered ${started.status}`, seconds: 0, total: NaN, processed: NaN, records: null });
        return;
      }
      const { jobId, total } = JSON.parse(started.text) as { jobId: string; total: number };
      for (;;) {
        await sleep(1_000);
        const poll = await timed('export poll', 'GET', `/apis/task-runs/tickets/export/${jobId}`, undefined);
        if (poll.status !== 200) continue;
        const body = JSON.parse(poll.text) as { job: { status: string; processed: number }; downloadUrl?: string };
        const done = body.job.status === 'succeeded' || body.job.status === 'failed';
        if (!done && performance.now() - t0 < EXPORT_LIMIT_MS) continue;
        const seconds = (performance.now() - t0) / 1000;
        const file = body.downloadUrl === undefined ? null : await downloadCsvRecords(body.downloadUrl).catch(() => null);
        exportRuns.push({ atS, status: done ? body.job.status : 'not done in time', seconds, total, processed: body.job.processed, records: file === null ? null : file.records - 1 });
        return;
      }
    };
    const exportsDone = (async () => {
      const running: Promise<void>[] = [];
      for (let n = 1; start + n * EXPORT_EVERY_MS < end; n++) {
        await sleep(start + n * EXPORT_EVERY_MS - performance.now());
        running.push(exportOnce((n * EXPORT_EVERY_MS) / 1000));
      }
      await Promise.all(running);
    })();

    // A line a minute while it runs; the service's CPU and the requests in flight at each minute's end.
    const minutes: { tickets: number; cpuMs: number | null; inFlight: number; waiting: number }[] = [];
    const progress = (async () => {
      let cpuBefore = cpuMsOf(service.pid);
      for (let m = 1; m <= MINUTES; m++) {
        await sleep(start + m * 60_000 - performance.now());
        const cpu = cpuMsOf(service.pid);
        const inFlight = streams.reduce((n, s) => n + s.inFlight(), 0);
        minutes.push({ tickets: acked.filter(Boolean).length, cpuMs: cpu === null || cpuBefore === null ? null : cpu - cpuBefore, inFlight, waiting: deskAtWork.waiting() });
        const last = minutes[minutes.length - 1];
        line(`  minute ${m}: ${int(last.tickets)} tickets made, ${inFlight} requests in flight, service CPU ${last.cpuMs === null ? '?' : `${(last.cpuMs / 600).toFixed(0)} %`}`);
        cpuBefore = cpu;
      }
    })();
    await Promise.all([...streams.map((s) => s.done), exportsDone, progress]);
    const loadEnded = performance.now();
    const samples = [...creates.samples, ...commands.samples, ...lists.samples, ...exportSamples];

    // Every acknowledged create's delivery.
    const ackedIds = acked.filter(Boolean);
    const undelivered = () => ackedIds.filter((id) => !receiver.idsByTicket.has(id)).length;
    while (undelivered() > 0 && performance.now() - loadEnded < DRAIN_LIMIT_MS) await sleep(500);
    const drainedS = (performance.now() - loadEnded) / 1000;
    await sleep(2_000); // a late duplicate would come now
    // Every ticket listed, oldest first, 250 a page.
    const listed = new Set<string>();
    let total = 0;
    for (let page = 1; ; page++) {
      const r = await request(agents.other, port, 'POST', LIST, TOKENS.acmeAdmin, { sortOrder: 'asc', limit: 250, page });
      if (r.status !== 200) throw new Error(`listing every ticket: page ${page} answered ${r.status}`);
      const answer = JSON.parse(r.text) as { data: { id: string }[]; total: number };
      total = answer.total;
      for (const t of answer.data) listed.add(t.id);
      if (page * 250 >= total) break;
    }
    const rss = statusBytes(service.pid, 'VmRSS');

    // Figures by kind: first and last window.
    const first = { fromMs: 0, toMs: WINDOW_MS };
    const last = { fromMs: MINUTES * 60_000 - WINDOW_MS, toMs: MINUTES * 60_000 };
    const listKinds = mixNames.map((n) => `list ${n}`);
    const kinds: [string, string[]][] = [
      ['create', ['create']], ['workspace (all three)', ['assign', 'email', 'resolve']], ['  assign', ['assign']], ['  email', ['email']], ['  resolve', ['resolve']],
      ['list (the mix)', listKinds], ['export start', ['export start']], ['export poll', ['export poll']],
    ];
    const W = `${WINDOW_MS / 60_000} min`;
    line('');
    line(`| Kind | Sent | Not 2xx | First ${W} p50 / p99 | Last ${W} p50 / p99 | Last p99 / first p99 |`);
    line('|---|---|---|---|---|---|');
    for (const [label, ks] of kinds) {
      const f = figuresOf(samples, ks, first);
      const l = figuresOf(samples, ks, last);
      const failed = failuresOf(samples, ks);
      const sent = samples.filter((s) => ks.includes(s.kind)).length;
      const failedText = failed.size === 0 ? '0' : [...failed].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ');
      line(`| ${label} | ${int(sent)} | ${failedText} | ${ms(f.p50)} / ${ms(f.p99)} | ${ms(l.p50)} / ${ms(l.p99)} | ${(l.p99 / f.p99).toFixed(2)} |`);
    }
    line(`  skipped workspace slots (no command waiting): ${int(commands.skipped())}; requests that failed before an answer: ${errors.size === 0 ? 'none' : [...errors].map(([m, n]) => `${n} × ${m}`).join(', ')}; senders that threw: ${samples.filter((x) => x.kind === 'error').length}`);
    line(`  lists by body, last ${W}: ${listKinds.map((k) => `${k.slice(5)} ${ms(figuresOf(samples, [k], last).p50)} / ${ms(figuresOf(samples, [k], last).p99)}`).join('; ')}`);
    line('');
    line('  minute | tickets | create p50 / p99 | workspace p50 / p99 | list p50 / p99 | service CPU | in flight at its end');
    minutes.forEach((m, n) => {
      const w = { fromMs: n * 60_000, toMs: (n + 1) * 60_000 };
      const c = figuresOf(samples, ['create'], w);
      const k = figuresOf(samples, ['assign', 'email', 'resolve'], w);
      const li = figuresOf(samples, listKinds, w);
      line(`  ${String(n + 1).padStart(6)} | ${int(m.tickets).padStart(7)} | ${ms(c.p50)} / ${ms(c.p99)} | ${ms(k.p50)} / ${ms(k.p99)} | ${ms(li.p50)} / ${ms(li.p99)} | ${m.cpuMs === null ? '?' : `${(m.cpuMs / 600).toFixed(0)} %`} | ${m.inFlight}`);
    });
    line('');
    for (const e of exportRuns) {
      line(`  export at ${(e.atS / 60).toFixed(0)} min: ${e.status} after ${e.seconds.toFixed(1)} s, total ${int(e.total)}, processed ${int(e.processed)}, file ${e.records === null ? '?' : int(e.records)} records${e.records !== null && e.records !== e.total ? ` (${e.records - e.total > 0 ? '+' : ''}${e.records - e.total} against its total)` : ''}`);
    }

    // Nothing lost.
    const notListed = ackedIds.filter((id) => !listed.has(id)).length;
    const missing = undelivered();
    const idsTwice = [...receiver.timesById.values()].filter((n) => n > 1).length;
    const ticketsTwice = ackedIds.filter((id) => (receiver.idsByTicket.get(id)?.size ?? 0) > 1).length;
    const failedCreates = creates.samples.filter((s) => s.status !== 200).length;
    line('');
    line(`checks: ${int(ackedIds.length)} creates answered 200 (${failedCreates} not); ${int(total)} tickets listed, ${notListed} acknowledged not listed; webhooks: ${int(receiver.timesById.size)} delivery ids received, ${missing} acknowledged creates undelivered (waited ${drainedS.toFixed(1)} s after the load), ${idsTwice} ids received twice, ${ticketsTwice} tickets delivered under two ids`);
    line(`  service RSS at the end ${rss === null ? '?' : `${(rss / 1024 / 1024).toFixed(0)} MB`}; errors in its log: ${readFileSync(logFile, 'utf8').split('\n').filter((l) => /"level":"(error|fatal)"/.test(l)).length}`);
    line(`reproduce: ${MINUTES === 20 ? '' : `BENCH_SOAK_MINUTES=${MINUTES} `}npm run bench -- soak`);
    const lost = notListed + missing + idsTwice + ticketsTwice;
    if (lost > 0) throw new Error(`the soak lost or doubled work: ${notListed} not listed, ${missing} undelivered, ${idsTwice} ids twice, ${ticketsTwice} tickets under two ids`);
  } finally {
    for (const a of Object.values(agents)) a.destroy();
    await stop(service).catch(() => undefined);
    await receiver.stop();
    try {
      copyFileSync(logFile, path.join(os.tmpdir(), 'support-soak.log'));
    } catch {
      // no log
    }
    rmSync(work, { recursive: true, force: true });
  }
}
