import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { SqliteJobQueue } from '@support/adapters';
import { positionToString } from '@support/domain';
import { EVENTS_FILE, features, JOBS_FILE } from '@support/app';
import { manualTicketBody } from '../support/manual-tickets';
import { countEvents } from '../support/count-events';
import { Desk, deskAgents, deskData, LIFECYCLE_STEPS, LIFECYCLES } from '../support/desk-data';
import { workspaceRequest } from '../support/workspace-commands';
import { withTimeout } from '../support/with-timeout';
import { captureTemplates, TemplateRequest } from './templates';
import { seedLog } from './seed-log';

/** Template bodies (sources, tasks); a template for each of them and each lifecycle. */
export const BODIES = 8;
const TEMPLATE_AGENT = deskAgents()[0].id;
const MB = 1024 * 1024;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * Template k = lifecycle L × BODIES + body b: the body of ticket k of a small desk of its own (source b,
 * a task when b is even), its own customer k, always an order (so that the seeder can put a ticket's
 * order, or none, in its place), then lifecycle L's workspace requests (agent u-desk-01).
 */
const templateRequests = (nowMs: number): TemplateRequest[] => {
  const small = deskData({ tickets: 400, nowMs, seed: 7 });
  return LIFECYCLES.flatMap((lifecycle, l) => Array.from({ length: BODIES }, (_, b) => {
    const k = l * BODIES + b;
    const body = manualTicketBody(small, k, k);
    return { body: { ...body, orderName: body.orderName ?? `#S-${900_000 + k}` }, steps: LIFECYCLE_STEPS[lifecycle].map((step) => workspaceRequest(step, TEMPLATE_AGENT)) };
  }));
};

/** Bytes of an engine's SQLite file in DATA_DIR with its WAL and shared-memory files (those that exist). */
export const engineFileBytes = (dataDir: string, file: string): number =>
  ['', '-wal', '-shm'].reduce((sum, suffix) => {
    try {
      return sum + statSync(path.join(dataDir, `${file}${suffix}`)).size;
    } catch {
      return sum;
    }
  }, 0);

interface SeedDeskOptions {
  readonly dataDir: string;
  readonly desk: Desk;
  /** The accounts the template tickets are made under (the service started on the log runs with the same). */
  readonly config: unknown;
  readonly inFlight: number;
  readonly sampleTickets: readonly number[];
  readonly line: (text: string) => void;
  /** Times each step (the caller's phase reporting). */
  readonly phase: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * A DATA_DIR whose log holds the desk's tickets as the service would have made them (read-models.bench.ts,
 * steps 1 and 2): template tickets made by the service in process, the desk's tickets seeded from
 * them (seed-log.ts), and the job dispatchers' checkpoints at the log's head (what the service that
 * made these tickets would have left: every job dispatched), so a first start's work is the read models'.
 */
export const seedDesk = async (o: SeedDeskOptions) => {
  const { dataDir, desk, line, phase } = o;
  const templates = await phase(`templates (in-process service, ${BODIES * LIFECYCLES.length} tickets)`, () => withTimeout(captureTemplates(o.config, templateRequests(desk.nowMs)), 180_000, 'template capture'));
  line(`templates: ${templates.length} tickets, ${templates.reduce((n, t) => n + t.events.length, 0)} events (${[0, templates.length - 1].map((k) => `${templates[k].status}: ${templates[k].events.map((e) => e.type).join('+')}`).join('; ')}; ...)`);

  const tickets = desk.tickets;
  const seeded = await phase('seed: append the tickets\' events', () => seedLog({
    dataDir, tickets, customers: desk.customers, templates, templateAgentId: TEMPLATE_AGENT, nowMs: desk.nowMs,
    ticket: (i) => {
      const t = desk.ticket(i);
      return {
        template: LIFECYCLES.indexOf(t.lifecycle) * BODIES + (i % BODIES), customer: t.customer, createdMs: t.createdAtMs, stepsMs: t.stepsMs,
        subject: t.subject, query: t.query, orderName: t.orderName, agentId: t.agent === null ? null : desk.agents[t.agent].id,
      };
    },
    customer: (c) => desk.customer(c),
    inFlight: o.inFlight, sampleTickets: o.sampleTickets, progress: line,
  }));
  line(`seed: ${int(seeded.events)} events (${int(seeded.appends)} appends, ${int(o.inFlight)} tickets in flight) in ${seeded.seconds.toFixed(1)} s: ${int(seeded.events / seeded.seconds)} events/s, ${int(tickets / seeded.seconds)} tickets/s, ${(seeded.bytes / MB).toFixed(0)} MB of event JSON`);
  const events = await countEvents(dataDir);
  // The dispatchers' checkpoints at the head, where the service that made these tickets would have left them.
  const head = { commit: BigInt(events - 1), prepare: BigInt(events - 1) };
  // The webhooks dispatcher is made from the service's deps (dispatchersFor): its name is written here.
  const dispatchers = [...features.flatMap((f) => f.dispatchers ?? []).map((d) => `dispatch:${d.name}`), 'dispatch:webhooks'];
  const queue = await SqliteJobQueue.open({ file: path.join(dataDir, JOBS_FILE) });
  try {
    for (const name of dispatchers) await queue.savePublisherPosition(name, positionToString(head));
  } finally {
    await queue.close();
  }
  line(`  log: ${int(events)} events, ${(engineFileBytes(dataDir, EVENTS_FILE) / MB).toFixed(0)} MB on disk; dispatchers' checkpoints (${dispatchers.join(', ')}) set to its head`);
  execFileSync('sync');
  return { templates, seeded, events };
};
