import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { TOKENS } from '../support/example-config';
import { benchConfig, manualTicketBody } from './support/manual-tickets';
import { deskData } from './support/desk-data';
import { SERVICE_NODE_FLAGS } from './support/service-node-flags';
import { freePort, spawnPinned, stop } from './speed/child';
import { request } from './speed/load';
import { waitReady } from './speed/wait-ready';

/**
 * A receiver down for a while, then back (issue 34): the service (`npm start`'s process) with a
 * subscription to ticket.created, ticket.assigned and ticket.status_changed; BENCH_OUTAGE_MINUTES
 * (10) during which the receiver's port refuses connections while BENCH_OUTAGE_TICKETS_PER_S (2)
 * tickets a second are created and assigned (three events each, in order); then the receiver is
 * back. Prints how many deliveries it missed, got twice or out of their ticket's order, and how
 * long after it came back the last one arrived (the retry schedule, 5 s, 30 s, 2, 5, 15 minutes,
 * …, decides: a delivery that met the outage comes at its next attempt).
 *
 *   npm run bench -- webhook-outage
 *   BENCH_OUTAGE_MINUTES=1 npm run bench -- webhook-outage
 */
const OUTAGE_MINUTES = Number(process.env.BENCH_OUTAGE_MINUTES ?? 10);
const TICKETS_PER_S = Number(process.env.BENCH_OUTAGE_TICKETS_PER_S ?? 2);
const CATCH_UP_LIMIT_MS = 90 * 60_000;
const ROOT = path.resolve(__dirname, '..', '..', '..');
const ORDER = ['ticket.created', 'ticket.assigned', 'ticket.status_changed'];

const line = (text: string) => process.stdout.write(`${text}\n`);
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

/** A receiver that can go down (its port refuses connections) and come back on the same port. */
const startReceiver = async () => {
  const arrivals: { id: string; type: string; ticketId: string; at: number }[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { ticketId: string } };
      arrivals.push({ id: String(req.headers['webhook-id']), type: payload.type, ticketId: payload.data.ticketId, at: performance.now() });
      res.writeHead(200);
      res.end();
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`, arrivals,
    down: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    }),
  };
};

export const run = async (): Promise<void> => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'support-webhook-outage-'));
  const configFile = path.join(work, 'accounts.json');
  writeFileSync(configFile, JSON.stringify(benchConfig()));
  // The receiver first: the service allows its host on its port only.
  const receiver = await startReceiver();
  const port = await freePort();
  const service = spawnPinned(0, path.join(ROOT, 'app', 'dist', 'start-all.js'), {
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'silent', WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url).host,
  }, SERVICE_NODE_FLAGS);
  service.stderr?.on('data', (d) => process.stderr.write(d));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  // The tickets' bodies: a desk of as many tickets as the outage makes (with a margin).
  const desk = deskData({ tickets: Math.ceil(OUTAGE_MINUTES * 60 * TICKETS_PER_S) + 10, nowMs: Date.now() });
  const api = (method: string, route: string, body: unknown) => request(agent, port, method, route, TOKENS.acmeAdmin, body);
  try {
    await waitReady(port, null, 60_000);
    const made = await api('POST', '/apis/webhooks', { url: receiver.url, eventTypes: ORDER });
    if (made.status !== 201) throw new Error(`subscribing answered ${made.status}: ${made.text}`);
    const tickets: string[] = [];
    const createAndAssign = async (i: number) => {
      const created = await api('POST', '/apis/tickets/manual', manualTicketBody(desk, i));
      if (created.status !== 200) throw new Error(`create answered ${created.status}: ${created.text}`);
      const ticketId = (JSON.parse(created.text) as { ticket: { id: string } }).ticket.id;
      const assigned = await api('POST', `/apis/tickets/${ticketId}/assign`, { agentId: 'u-agent' });
      if (assigned.status !== 200) throw new Error(`assign answered ${assigned.status}: ${assigned.text}`);
      tickets.push(ticketId);
    };
    // The outage: the port refuses connections while tickets are made and worked.
    await receiver.down();
    const downAt = performance.now();
    line(`webhook outage: receiver down for ${OUTAGE_MINUTES} min while ${TICKETS_PER_S} tickets a second are created and assigned (3 events each)`);
    for (let i = 0; performance.now() - downAt < OUTAGE_MINUTES * 60_000; i++) {
      const due = downAt + (i * 1000) / TICKETS_PER_S;
      if (due - performance.now() > 0) await new Promise((r) => setTimeout(r, due - performance.now()));
      if (performance.now() - downAt >= OUTAGE_MINUTES * 60_000) break;
      await createAndAssign(i);
    }
    await receiver.up();
    const upAt = performance.now();
    const expected = tickets.length * ORDER.length;
    line(`  ${tickets.length} tickets (${expected} events) made during ${minutes(upAt - downAt)}; receiver back`);
    const unique = () => new Set(receiver.arrivals.map((a) => a.id)).size;
    while (unique() < expected && performance.now() - upAt < CATCH_UP_LIMIT_MS) await new Promise((r) => setTimeout(r, 1_000));
    const lastAt = Math.max(...receiver.arrivals.map((a) => a.at));
    const byTicket = new Map<string, string[]>();
    for (const a of receiver.arrivals) byTicket.set(a.ticketId, [...(byTicket.get(a.ticketId) ?? []), a.type]);
    const outOfOrder = tickets.filter((t) => JSON.stringify([...new Set(byTicket.get(t) ?? [])]) !== JSON.stringify(ORDER)).length;
    line(`  received ${unique()} of ${expected}; ${receiver.arrivals.length - unique()} webhook-ids twice; ${outOfOrder} tickets out of order or incomplete`);
    line(`  the last delivery arrived ${minutes(lastAt - upAt)} after the receiver came back (each delivery comes at its next retry)`);
    line('reproduce: npm run bench -- webhook-outage');
  } finally {
    agent.destroy();
    await receiver.stop();
    await stop(service);
    rmSync(work, { recursive: true, force: true });
  }
};
