import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as E from 'fp-ts/Either';
import { extractSummary, PERSONAL_DATA_KEYS_FILE, SqliteDataKeys, SqliteEventStore, uuidV7Generator } from '@support/adapters';
import { sealingEventStore } from '@support/event-sourcing';
import { EVENTS_FILE } from '@support/app';
import {
  CUSTOMER_KEY_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX, customerKeyStream, EventData, EventMetadata, evolveTicket, MaybeTicket, NormalizedEmail, OPEN_TICKET_STREAM_PREFIX,
  openTicketStream, PhoneE164, slaOutcomeEvents, TICKET_NUMBER_STREAM_PREFIX, TICKET_STREAM_PREFIX, TicketEvent,
} from '@support/domain';
import type { TemplateEvent, TicketTemplate } from './templates';

/**
 * Tickets made from template tickets by substitution, appended to the embedded event log through the
 * event-store port (the service stopped), for the service's own projectors to project.
 *
 * Ticket i is a copy of template `ticket(i).template` in which
 * - every UUID of the template's events (event ids, ticket, request, correlation and causation ids)
 *   becomes a fresh UUID v7 made at the ticket's time, the customer's id that of customer c(i);
 * - every ISO timestamp moves with the step it belongs to (the template's creation or one of its
 *   workspace requests: TicketTemplate.stepStartsMs): the creation's to the ticket's creation time,
 *   step s's to the ticket's creation plus its `stepsMs[s - 1]`, each keeping its distance from its
 *   step's start;
 * - the customer's name, phone and email become customer c(i)'s, the ticket number i + 1, the
 *   subject, query and order name the ticket's, the summary the service's own of them
 *   (extractSummary), the agent the template assigned to the ticket's agent;
 * - stream names follow: `ticket-<id>` and `customer-<id>` by the id mapping, the claim streams
 *   (`customer_key-<hash of the contact>`, `open_ticket-<hash of customer and task>`) made again with
 *   the domain's own functions.
 * A customer's streams (CustomerCreated, its contact claims) are appended with the customer's first
 * ticket only; its later tickets name the same customer id. The ticket numbers
 * (`ticket_number-<account>`, read by the next allocation through its last event) are appended in
 * ticket order, a chunk at a time, so the stream's last event holds the largest number and revision r
 * holds number r + 1 as the service leaves it. Each ticket's other streams are appended one after the
 * other in the template's order (its customer before its ticket), `inFlight` tickets at once.
 */

interface SeedCustomer {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
}

/** What ticket i is made of. */
interface SeedTicketValues {
  readonly template: number;
  readonly customer: number;
  readonly createdMs: number;
  /** When each of the template's workspace requests came, ms after the creation. */
  readonly stepsMs: readonly number[];
  readonly subject: string;
  readonly query: string;
  readonly orderName: string | null;
  /** The agent in place of the one the template assigned (null: the template assigns none). */
  readonly agentId: string | null;
}

interface SeedOptions {
  readonly dataDir: string;
  readonly tickets: number;
  readonly customers: number;
  readonly templates: readonly TicketTemplate[];
  /** Ticket i's values; tickets are made in order, their creation times ascending. */
  readonly ticket: (i: number) => SeedTicketValues;
  readonly customer: (c: number) => SeedCustomer;
  /** The agent id the templates assign (replaced by each ticket's). */
  readonly templateAgentId: string;
  /** Tickets whose appends are in flight at once. */
  readonly inFlight: number;
  /** Tickets i to remember as made (to check them once projected). */
  readonly sampleTickets: readonly number[];
  /** The desk's now: the SLA outcomes settled by then are in the log, as the SLA watcher of a running desk records them. */
  readonly nowMs: number;
  readonly progress?: (line: string) => void;
}

/**
 * The SLA outcomes a running desk's watcher would have recorded on a ticket by `nowMs` (a breach a
 * second after its due moment, a met target when its metric happened), so that a service started on
 * the seeded log has no backlog of due outcomes to record.
 */
const slaHistory = (ticketEvents: readonly EventData[], nowMs: number, newId: () => string): EventData[] => {
  let state: MaybeTicket = null;
  for (const e of ticketEvents) state = evolveTicket(state, { type: e.type, data: e.data } as TicketEvent);
  if (state === null) return [];
  const metadata = ticketEvents[0].metadata;
  return slaOutcomeEvents(state, nowMs).map((o) => {
    const data: Record<string, unknown> = { ...o.data };
    if (o.type === 'SlaBreached') {
      data.recordedAt = new Date(Date.parse(o.data.dueAt) + 1_000).toISOString();
      data.lateMs = 1_000;
    }
    return { id: newId(), type: o.type, data, metadata };
  });
};

/** A seeded ticket as it should be projected. */
export interface SeededTicket {
  readonly i: number;
  readonly template: number;
  readonly ticketId: string;
  readonly customerId: string;
  readonly ticketNumber: number;
  readonly customerName: string;
  readonly phone: string;
  readonly email: string;
  readonly createdAt: string;
  readonly subject: string | null;
  readonly summary: string | null;
  readonly orderName: string | null;
  readonly taskId: string | null;
  readonly source: string;
  readonly status: string;
  readonly assignedToId: string | null;
}

export interface SeedResult {
  readonly events: number;
  readonly appends: number;
  readonly seconds: number;
  readonly bytes: number;
  readonly samples: readonly SeededTicket[];
}

type Slot =
  | { readonly kind: 'uuid'; readonly n: number }
  | { readonly kind: 'customerId' }
  | { readonly kind: 'time'; readonly step: number; readonly deltaMs: number }
  | { readonly kind: 'ticketNumber' }
  | { readonly kind: 'name' }
  | { readonly kind: 'phone' }
  | { readonly kind: 'email' }
  | { readonly kind: 'phoneKeyStream' }
  | { readonly kind: 'emailKeyStream' }
  | { readonly kind: 'openTicketStream'; readonly taskId: string | null }
  | { readonly kind: 'summary' }
  | { readonly kind: 'query' }
  | { readonly kind: 'subject' }
  | { readonly kind: 'orderName' }
  | { readonly kind: 'agentId' };

/** Literal text and slots, alternating: parts[0], slots[0], parts[1], ... parts[slots.length]. */
interface Compiled {
  readonly parts: readonly string[];
  readonly slots: readonly Slot[];
}

interface CompiledEvent {
  readonly stream: Compiled;
  readonly body: Compiled;
  readonly ofCustomer: boolean;
  readonly ofTicketNumbers: boolean;
}

interface CompiledTemplate {
  readonly template: TicketTemplate;
  readonly uuids: number;
  readonly events: readonly CompiledEvent[];
  readonly streamsInOrder: number;
}

/** What one ticket's rendering fills the slots with (texts inside a JSON string: escaped, without quotes; `…Json`: a whole JSON value). */
interface Values {
  readonly uuids: readonly string[];
  readonly customerId: string;
  /** The ticket's creation, then each step's start (ms). */
  readonly stepsAtMs: readonly number[];
  readonly ticketNumber: number;
  readonly nameJson: string;
  readonly phoneJson: string;
  readonly phone: string;
  readonly emailJson: string;
  readonly email: string;
  readonly summaryText: string;
  readonly queryText: string;
  readonly subjectText: string;
  readonly orderNameJson: string;
  readonly agentIdJson: string;
  readonly accountId: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text as it appears inside a JSON string (escaped, without its quotes). */
const inJsonString = (text: string) => JSON.stringify(text).slice(1, -1);

/** The template's own texts, as its events carry them. */
const textsOf = (template: TicketTemplate, agentId: string) => {
  const { created } = template;
  const processed = template.events.find((e) => e.type === 'TicketQueryProcessed')?.data as { summary?: string | null } | undefined;
  const summary = processed?.summary ?? created.summary;
  if (created.subject === null || summary === null) throw new Error(`template ${template.k}: no subject or no summary`);
  if (summary !== extractSummary(created.subject, created.query)) throw new Error(`template ${template.k}: its summary is not extractSummary of its subject and query`);
  if (summary === created.query || summary === created.subject) throw new Error(`template ${template.k}: its summary is its query or subject: the seeder could not tell them apart`);
  const assigns = template.events.some((e) => e.type === 'TicketAssigned');
  return {
    summary: inJsonString(summary), query: inJsonString(created.query), subject: inJsonString(created.subject),
    orderNameJson: created.orderName === null ? null : JSON.stringify(created.orderName), agentIdJson: assigns ? JSON.stringify(agentId) : null,
  };
};

/** The step a time belongs to: the last whose start is at or before it (the creation's for anything earlier). */
const stepOf = (template: TicketTemplate, ms: number): number => {
  let s = 0;
  while (s + 1 < template.stepStartsMs.length && template.stepStartsMs[s + 1] <= ms) s++;
  return s;
};

const compile = (text: string, template: TicketTemplate, agentId: string, uuidSlot: Map<string, number>, taskOfOpenTicket: ReadonlyMap<string, string | null>): Compiled => {
  const { customer } = template.created;
  const texts = textsOf(template, agentId);
  // Each alternative is one capturing group (m[n] tells which matched); one that is absent never matches.
  const json = (value: string | null) => `(${value === null ? '(?!)' : escape(JSON.stringify(value))})`;
  const literal = (value: string | null) => `(${value === null ? '(?!)' : escape(value)})`;
  // At one place the first alternative that matches wins: the summary (which begins with the subject) before the subject.
  const alternatives = [
    `(${UUID})`, `(${ISO})`, '("ticketNumber":\\d+)', json(customer.name), json(customer.phone), json(customer.email),
    `(${escape(CUSTOMER_KEY_STREAM_PREFIX)}[0-9a-f]{40})`, `(${escape(OPEN_TICKET_STREAM_PREFIX)}[0-9a-f]{40})`,
    literal(texts.summary), literal(texts.query), literal(texts.subject), literal(texts.orderNameJson), literal(texts.agentIdJson),
  ];
  const re = new RegExp(alternatives.join('|'), 'g');
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const token = m[0];
    let slot: Slot;
    if (m[1] !== undefined) {
      if (token === template.customerId) slot = { kind: 'customerId' };
      else {
        if (!uuidSlot.has(token)) uuidSlot.set(token, uuidSlot.size);
        slot = { kind: 'uuid', n: uuidSlot.get(token) as number };
      }
    } else if (m[2] !== undefined) {
      const ms = Date.parse(token);
      const step = stepOf(template, ms);
      slot = { kind: 'time', step, deltaMs: ms - template.stepStartsMs[step] };
    } else if (m[3] !== undefined) {
      if (token !== `"ticketNumber":${template.created.ticketNumber}`) throw new Error(`template ${template.k}: ${token} is not its ticket's number`);
      slot = { kind: 'ticketNumber' };
    } else if (m[4] !== undefined) slot = { kind: 'name' };
    else if (m[5] !== undefined) slot = { kind: 'phone' };
    else if (m[6] !== undefined) slot = { kind: 'email' };
    else if (m[7] !== undefined) {
      if (customer.phone !== null && token === customerKeyStream(template.accountId, { kind: 'phone', value: customer.phone as PhoneE164 })) slot = { kind: 'phoneKeyStream' };
      else if (customer.email !== null && token === customerKeyStream(template.accountId, { kind: 'email', value: customer.email as NormalizedEmail })) slot = { kind: 'emailKeyStream' };
      else throw new Error(`template ${template.k}: ${token} is the claim of neither its customer's phone nor email`);
    } else if (m[8] !== undefined) {
      const taskId = taskOfOpenTicket.get(token);
      if (taskId === undefined || token !== openTicketStream(template.accountId, template.customerId, taskId)) {
        throw new Error(`template ${template.k}: ${token} is not the open-ticket slot of its customer and task`);
      }
      slot = { kind: 'openTicketStream', taskId };
    } else if (m[9] !== undefined) slot = { kind: 'summary' };
    else if (m[10] !== undefined) slot = { kind: 'query' };
    else if (m[11] !== undefined) slot = { kind: 'subject' };
    else if (m[12] !== undefined) slot = { kind: 'orderName' };
    else slot = { kind: 'agentId' };
    parts.push(text.slice(last, m.index));
    slots.push(slot);
    last = m.index + token.length;
  }
  parts.push(text.slice(last));
  return { parts, slots };
};

const render = (c: Compiled, v: Values): string => {
  let out = c.parts[0];
  for (let n = 0; n < c.slots.length; n++) {
    const slot = c.slots[n];
    switch (slot.kind) {
      case 'uuid': out += v.uuids[slot.n]; break;
      case 'customerId': out += v.customerId; break;
      case 'time': out += new Date(v.stepsAtMs[slot.step] + slot.deltaMs).toISOString(); break;
      case 'ticketNumber': out += `"ticketNumber":${v.ticketNumber}`; break;
      case 'name': out += v.nameJson; break;
      case 'phone': out += v.phoneJson; break;
      case 'email': out += v.emailJson; break;
      case 'phoneKeyStream': out += customerKeyStream(v.accountId, { kind: 'phone', value: v.phone as PhoneE164 }); break;
      case 'emailKeyStream': out += customerKeyStream(v.accountId, { kind: 'email', value: v.email as NormalizedEmail }); break;
      case 'openTicketStream': out += openTicketStream(v.accountId, v.customerId, slot.taskId); break;
      case 'summary': out += v.summaryText; break;
      case 'query': out += v.queryText; break;
      case 'subject': out += v.subjectText; break;
      case 'orderName': out += v.orderNameJson; break;
      case 'agentId': out += v.agentIdJson; break;
    }
    out += c.parts[n + 1];
  }
  return out;
};

const bodyOf = (e: TemplateEvent): string => JSON.stringify({ id: e.id, type: e.type, data: e.data, metadata: e.metadata });

/** Compiles a template and checks that rendering it with its own values gives it back exactly. */
const compileTemplate = (template: TicketTemplate, agentId: string): CompiledTemplate => {
  const { customer } = template.created;
  if (customer.name === null || customer.phone === null || customer.email === null) throw new Error(`template ${template.k}: its customer needs a name, a phone and an email`);
  const uuidSlot = new Map<string, number>();
  const taskOfOpenTicket = new Map<string, string | null>();
  for (const e of template.events) {
    if (e.streamName.startsWith(OPEN_TICKET_STREAM_PREFIX)) taskOfOpenTicket.set(e.streamName, (e.data as { taskId: string | null }).taskId);
  }
  const events = template.events.map((e) => ({
    stream: compile(e.streamName, template, agentId, uuidSlot, taskOfOpenTicket),
    body: compile(bodyOf(e), template, agentId, uuidSlot, taskOfOpenTicket),
    ofCustomer: e.streamName.startsWith(CUSTOMER_STREAM_PREFIX) || e.streamName.startsWith(CUSTOMER_KEY_STREAM_PREFIX),
    ofTicketNumbers: e.streamName.startsWith(TICKET_NUMBER_STREAM_PREFIX),
  }));
  const compiled: CompiledTemplate = { template, uuids: uuidSlot.size, events, streamsInOrder: new Set(template.events.map((e) => e.streamName)).size };
  const texts = textsOf(template, agentId);
  const own: Values = {
    uuids: [...uuidSlot.keys()], customerId: template.customerId, stepsAtMs: template.stepStartsMs, ticketNumber: template.created.ticketNumber,
    nameJson: JSON.stringify(customer.name), phoneJson: JSON.stringify(customer.phone), phone: customer.phone, emailJson: JSON.stringify(customer.email), email: customer.email,
    summaryText: texts.summary, queryText: texts.query, subjectText: texts.subject, orderNameJson: texts.orderNameJson ?? 'null', agentIdJson: texts.agentIdJson ?? 'null',
    accountId: template.accountId,
  };
  template.events.forEach((e, n) => {
    if (render(events[n].stream, own) !== e.streamName || render(events[n].body, own) !== bodyOf(e)) {
      throw new Error(`template ${template.k}: event ${n} (${e.type}) does not render back to itself: ${render(events[n].body, own)} against ${bodyOf(e)}`);
    }
  });
  return compiled;
};

interface MadeTicket {
  /** Appends of the ticket's streams, in the template's order (TicketNumberAssigned apart). */
  readonly appends: { readonly stream: string; readonly events: EventData[] }[];
  readonly numberEvents: EventData[];
  readonly numberStream: string | null;
  readonly bytes: number;
  readonly sample: SeededTicket;
}

/** Runs `work(item)` over the items, `limit` at once. */
const pool = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let n = next++; n < items.length; n = next++) await work(items[n]);
  }));
};

const CHUNK = 1_024;

export const seedLog = async (options: SeedOptions): Promise<SeedResult> => {
  const { tickets, templates, customers, progress } = options;
  const compiled = templates.map((t) => compileTemplate(t, options.templateAgentId));
  const customerIds: (string | undefined)[] = new Array(customers);
  let clockMs = 0;
  const newId = uuidV7Generator(() => clockMs);
  const samples: SeededTicket[] = [];
  const sampled = new Set(options.sampleTickets);

  const make = (i: number): MadeTicket => {
    const v = options.ticket(i);
    const t = compiled[v.template];
    if (t === undefined) throw new Error(`ticket ${i}: no template ${v.template}`);
    if (v.stepsMs.length !== t.template.stepStartsMs.length - 1) throw new Error(`ticket ${i}: ${v.stepsMs.length} step times for template ${v.template}'s ${t.template.stepStartsMs.length - 1} steps`);
    const c = v.customer;
    const customer = options.customer(c);
    clockMs = v.createdMs;
    const firstOfCustomer = customerIds[c] === undefined;
    if (firstOfCustomer) customerIds[c] = newId();
    const uuids: string[] = new Array(t.uuids);
    for (let n = 0; n < t.uuids; n++) uuids[n] = newId();
    const summary = extractSummary(v.subject, v.query);
    const values: Values = {
      uuids, customerId: customerIds[c] as string, stepsAtMs: [v.createdMs, ...v.stepsMs.map((ms) => v.createdMs + ms)], ticketNumber: i + 1,
      nameJson: JSON.stringify(customer.name), phoneJson: JSON.stringify(customer.phone), phone: customer.phone, emailJson: JSON.stringify(customer.email), email: customer.email,
      summaryText: inJsonString(summary ?? ''), queryText: inJsonString(v.query), subjectText: inJsonString(v.subject), orderNameJson: JSON.stringify(v.orderName),
      agentIdJson: JSON.stringify(v.agentId), accountId: t.template.accountId,
    };
    const appends: { stream: string; events: EventData[] }[] = [];
    const numberEvents: EventData[] = [];
    let numberStream: string | null = null;
    let bytes = 0;
    let created: { ticketId: string; subject: string | null; createdAt: string; taskId: string | null; source: string } | null = null;
    for (const e of t.events) {
      if (e.ofCustomer && !firstOfCustomer) continue;
      const stream = render(e.stream, values);
      const json = render(e.body, values);
      bytes += json.length;
      const parsed = JSON.parse(json) as { id: string; type: string; data: Record<string, unknown>; metadata: EventMetadata };
      const event: EventData = { id: parsed.id, type: parsed.type, data: parsed.data, metadata: parsed.metadata };
      if (parsed.type === 'TicketCreated') {
        const d = parsed.data;
        created = { ticketId: d.ticketId as string, subject: d.subject as string | null, createdAt: d.createdAt as string, taskId: d.taskId as string | null, source: d.source as string };
      }
      if (e.ofTicketNumbers) {
        numberEvents.push(event);
        numberStream = stream;
        continue;
      }
      const open = appends.find((a) => a.stream === stream);
      if (open !== undefined) open.events.push(event);
      else appends.push({ stream, events: [event] });
    }
    if (created === null) throw new Error(`ticket ${i}: its template made no TicketCreated`);
    const ticketAppend = appends.find((a) => a.stream.startsWith(TICKET_STREAM_PREFIX));
    if (ticketAppend !== undefined) ticketAppend.events.push(...slaHistory(ticketAppend.events, options.nowMs, newId));
    return {
      appends, numberEvents, numberStream, bytes,
      sample: {
        i, template: t.template.k, ticketId: created.ticketId, customerId: values.customerId, ticketNumber: i + 1, customerName: customer.name, phone: customer.phone,
        email: customer.email, createdAt: created.createdAt, subject: created.subject, summary, orderName: v.orderName, taskId: created.taskId, source: created.source,
        status: t.template.status, assignedToId: v.agentId,
      },
    };
  };

  // As the service appends: each event's personal values sealed under a key of its own (docs/architecture.md).
  const store = sealingEventStore(SqliteEventStore.open({ file: path.join(options.dataDir, EVENTS_FILE) }), SqliteDataKeys.open(path.join(options.dataDir, PERSONAL_DATA_KEYS_FILE)));
  let events = 0;
  let appends = 0;
  let bytes = 0;
  const started = performance.now();
  let lastReport = started;
  const append = async (stream: string, list: readonly EventData[]): Promise<void> => {
    const r = await store.appendToStream(stream, list, { expectedRevision: 'any' });
    if (E.isLeft(r)) throw new Error(`append to ${stream} refused: ${JSON.stringify(r.left, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
    events += list.length;
    appends++;
  };
  try {
    let running: Promise<void> = Promise.resolve();
    for (let from = 0; from < tickets; from += CHUNK) {
      const made: MadeTicket[] = [];
      for (let i = from; i < Math.min(tickets, from + CHUNK); i++) {
        const m = make(i);
        made.push(m);
        bytes += m.bytes;
        if (sampled.has(i)) samples.push(m.sample);
      }
      // The chunk's numbers in ticket order, after the chunks before (while their tickets are still being appended).
      const numbers = made.flatMap((m) => m.numberEvents);
      const numberStreams = new Set(made.flatMap((m) => (m.numberStream === null ? [] : [m.numberStream])));
      if (numberStreams.size > 1) throw new Error(`the templates number their tickets in several streams: ${[...numberStreams].join(', ')}`);
      if (numbers.length > 0) await append([...numberStreams][0], numbers);
      await running;
      running = pool(made, options.inFlight, async (m) => {
        for (const a of m.appends) await append(a.stream, a.events);
      });
      const now = performance.now();
      if (progress !== undefined && now - lastReport > 10_000) {
        lastReport = now;
        const s = (now - started) / 1000;
        progress(`  ${(from + made.length).toLocaleString('en-US')} tickets made, ${events.toLocaleString('en-US')} events appended in ${s.toFixed(0)} s (${Math.round(events / s).toLocaleString('en-US')} events/s)`);
      }
    }
    await running;
  } finally {
    await store.close();
  }
  return { events, appends, bytes, seconds: (performance.now() - started) / 1000, samples: samples.sort((a, b) => a.i - b.i) };
};
