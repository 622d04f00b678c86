import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as E from 'fp-ts/Either';
import { SqliteEventStore, uuidV7Generator } from '@support/adapters';
import { EVENTS_FILE } from '@support/app';
import {
  CUSTOMER_KEY_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX, customerKeyStream, EventData, EventMetadata, OPEN_TICKET_STREAM_PREFIX, openTicketStream, PhoneE164,
  TICKET_NUMBER_STREAM_PREFIX,
} from '@support/domain';
import type { TemplateEvent, TicketTemplate } from './templates';

/**
 * Tickets made from template tickets by substitution, appended to the embedded event log through the
 * event-store port (the service stopped), for the service's own projectors to project.
 *
 * Ticket i is a copy of template (i mod templates) in which
 * - every UUID of the template's events (event ids, ticket, request, correlation and causation ids)
 *   becomes a fresh UUID v7 made at the ticket's time, the customer's id that of customer c(i);
 * - every ISO timestamp moves by the same amount, so that the ticket is created at its place in the
 *   span (the newest at `nowMs`) and its later events keep their distance from the creation;
 * - the customer's name and phone become customer c(i)'s, the ticket number i + 1, and the numbers the
 *   template's texts carry for its request (`ordinals`, e.g. `question 3`) those of request i;
 * - stream names follow: `ticket-<id>` and `customer-<id>` by the id mapping, the claim streams
 *   (`customer_key-<hash of the contact>`, `open_ticket-<hash of customer and task>`) made again with
 *   the domain's own functions.
 * A customer's streams (CustomerCreated, its contact claim) are appended with the customer's first
 * ticket only; its later tickets name the same customer id. The ticket numbers
 * (`ticket_number-<account>`, read by the next allocation through its last event) are appended in
 * ticket order, a chunk at a time, so the stream's last event holds the largest number and revision r
 * holds number r + 1 as the service leaves it. Each ticket's other streams are appended one after the
 * other in the template's order (its customer before its ticket), `inFlight` tickets at once.
 */

export interface SeedCustomer {
  readonly name: string;
  readonly phone: string;
}

/** A number a template's texts carry for its request: `${prefix}${base + k}` in template k becomes `${prefix}${base + i}` in ticket i. */
export interface Ordinal {
  readonly prefix: string;
  readonly base: number;
}

export interface SeedOptions {
  readonly dataDir: string;
  readonly tickets: number;
  readonly customers: number;
  readonly templates: readonly TicketTemplate[];
  readonly customerOf: (i: number) => number;
  readonly customer: (c: number) => SeedCustomer;
  readonly ordinals: readonly Ordinal[];
  /** Ticket i is created at nowMs - spanMs + spanMs * (i + 1) / tickets. */
  readonly nowMs: number;
  readonly spanMs: number;
  /** Tickets whose appends are in flight at once. */
  readonly inFlight: number;
  /** Tickets i to remember as made (to check them once projected). */
  readonly sampleTickets: readonly number[];
  readonly progress?: (line: string) => void;
}

/** A seeded ticket as it should be projected. */
export interface SeededTicket {
  readonly i: number;
  readonly template: number;
  readonly ticketId: string;
  readonly customerId: string;
  readonly ticketNumber: number;
  readonly customerName: string;
  readonly phone: string;
  readonly createdAt: string;
  readonly subject: string | null;
  readonly summary: string | null;
  readonly taskId: string | null;
  readonly source: string;
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
  | { readonly kind: 'time'; readonly deltaMs: number }
  | { readonly kind: 'ticketNumber' }
  | { readonly kind: 'name' }
  | { readonly kind: 'phone' }
  | { readonly kind: 'phoneKeyStream' }
  | { readonly kind: 'openTicketStream'; readonly taskId: string | null }
  | { readonly kind: 'ordinal'; readonly ordinal: Ordinal };

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

/** What one ticket's rendering fills the slots with. */
interface Values {
  readonly uuids: readonly string[];
  readonly customerId: string;
  readonly ticketMs: number;
  readonly ticketNumber: number;
  readonly nameJson: string;
  readonly phoneJson: string;
  readonly phone: string;
  readonly accountId: string;
  readonly i: number;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compile = (text: string, template: TicketTemplate, ordinals: readonly Ordinal[], uuidSlot: Map<string, number>, taskOfOpenTicket: ReadonlyMap<string, string | null>): Compiled => {
  const { customer } = template.created;
  const baseMs = Date.parse(template.created.createdAt);
  const nameJson = customer.name === null ? null : JSON.stringify(customer.name);
  const phoneJson = customer.phone === null ? null : JSON.stringify(customer.phone);
  const alternatives = [
    `(${UUID})`, `(${ISO})`, '("ticketNumber":\\d+)',
    nameJson === null ? '(?!)' : `(${escape(nameJson)})`,
    phoneJson === null ? '(?!)' : `(${escape(phoneJson)})`,
    `(${escape(CUSTOMER_KEY_STREAM_PREFIX)}[0-9a-f]{40})`, `(${escape(OPEN_TICKET_STREAM_PREFIX)}[0-9a-f]{40})`,
    ...ordinals.map((o) => `(${escape(o.prefix)}\\d+(?!\\d))`),
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
    } else if (m[2] !== undefined) slot = { kind: 'time', deltaMs: Date.parse(token) - baseMs };
    else if (m[3] !== undefined) {
      if (token !== `"ticketNumber":${template.created.ticketNumber}`) throw new Error(`template ${template.k}: ${token} is not its ticket's number`);
      slot = { kind: 'ticketNumber' };
    } else if (m[4] !== undefined) slot = { kind: 'name' };
    else if (m[5] !== undefined) slot = { kind: 'phone' };
    else if (m[6] !== undefined) {
      if (customer.phone === null || token !== customerKeyStream(template.accountId, { kind: 'phone', value: customer.phone as PhoneE164 })) {
        throw new Error(`template ${template.k}: ${token} is not the claim of its customer's phone (the seeder copies phone claims only)`);
      }
      slot = { kind: 'phoneKeyStream' };
    } else if (m[7] !== undefined) {
      const taskId = taskOfOpenTicket.get(token);
      if (taskId === undefined || token !== openTicketStream(template.accountId, template.customerId, taskId)) {
        throw new Error(`template ${template.k}: ${token} is not the open-ticket slot of its customer and task`);
      }
      slot = { kind: 'openTicketStream', taskId };
    } else {
      const o = ordinals.findIndex((_, n) => m[8 + n] !== undefined);
      const ordinal = ordinals[o];
      if (token !== `${ordinal.prefix}${ordinal.base + template.k}`) throw new Error(`template ${template.k}: ${token} is not ${ordinal.prefix}${ordinal.base + template.k}`);
      slot = { kind: 'ordinal', ordinal };
    }
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
      case 'time': out += new Date(v.ticketMs + slot.deltaMs).toISOString(); break;
      case 'ticketNumber': out += `"ticketNumber":${v.ticketNumber}`; break;
      case 'name': out += v.nameJson; break;
      case 'phone': out += v.phoneJson; break;
      case 'phoneKeyStream': out += customerKeyStream(v.accountId, { kind: 'phone', value: v.phone as PhoneE164 }); break;
      case 'openTicketStream': out += openTicketStream(v.accountId, v.customerId, slot.taskId); break;
      case 'ordinal': out += `${slot.ordinal.prefix}${slot.ordinal.base + v.i}`; break;
    }
    out += c.parts[n + 1];
  }
  return out;
};

const bodyOf = (e: TemplateEvent): string => JSON.stringify({ id: e.id, type: e.type, data: e.data, metadata: e.metadata });

/** Compiles a template and checks that rendering it with its own values gives it back exactly. */
export const compileTemplate = (template: TicketTemplate, ordinals: readonly Ordinal[]): CompiledTemplate => {
  if (template.created.customer.email !== null) throw new Error(`template ${template.k}: its customer has an email; the seeder copies customers with a phone only`);
  const uuidSlot = new Map<string, number>();
  const taskOfOpenTicket = new Map<string, string | null>();
  for (const e of template.events) {
    if (e.streamName.startsWith(OPEN_TICKET_STREAM_PREFIX)) taskOfOpenTicket.set(e.streamName, (e.data as { taskId: string | null }).taskId);
  }
  const events = template.events.map((e) => ({
    stream: compile(e.streamName, template, ordinals, uuidSlot, taskOfOpenTicket),
    body: compile(bodyOf(e), template, ordinals, uuidSlot, taskOfOpenTicket),
    ofCustomer: e.streamName.startsWith(CUSTOMER_STREAM_PREFIX) || e.streamName.startsWith(CUSTOMER_KEY_STREAM_PREFIX),
    ofTicketNumbers: e.streamName.startsWith(TICKET_NUMBER_STREAM_PREFIX),
  }));
  const compiled: CompiledTemplate = { template, uuids: uuidSlot.size, events, streamsInOrder: new Set(template.events.map((e) => e.streamName)).size };
  const own: Values = {
    uuids: [...uuidSlot.keys()], customerId: template.customerId, ticketMs: Date.parse(template.created.createdAt), ticketNumber: template.created.ticketNumber,
    nameJson: JSON.stringify(template.created.customer.name), phoneJson: JSON.stringify(template.created.customer.phone), phone: template.created.customer.phone ?? '',
    accountId: template.accountId, i: template.k,
  };
  template.events.forEach((e, n) => {
    if (render(events[n].stream, own) !== e.streamName || render(events[n].body, own) !== bodyOf(e)) {
      throw new Error(`template ${template.k}: event ${n} (${e.type}) does not render back to itself`);
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
  const compiled = templates.map((t) => compileTemplate(t, options.ordinals));
  const customerIds: (string | undefined)[] = new Array(customers);
  let clockMs = 0;
  const newId = uuidV7Generator(() => clockMs);
  const samples: SeededTicket[] = [];
  const sampled = new Set(options.sampleTickets);

  const make = (i: number): MadeTicket => {
    const t = compiled[i % compiled.length];
    const c = options.customerOf(i);
    const customer = options.customer(c);
    const ticketMs = options.nowMs - options.spanMs + Math.floor((options.spanMs * (i + 1)) / tickets);
    clockMs = ticketMs;
    const firstOfCustomer = customerIds[c] === undefined;
    if (firstOfCustomer) customerIds[c] = newId();
    const uuids: string[] = new Array(t.uuids);
    for (let n = 0; n < t.uuids; n++) uuids[n] = newId();
    const values: Values = {
      uuids, customerId: customerIds[c] as string, ticketMs, ticketNumber: i + 1, nameJson: JSON.stringify(customer.name), phoneJson: JSON.stringify(customer.phone),
      phone: customer.phone, accountId: t.template.accountId, i,
    };
    const appends: { stream: string; events: EventData[] }[] = [];
    const numberEvents: EventData[] = [];
    let numberStream: string | null = null;
    let bytes = 0;
    let created: { ticketId: string; subject: string | null; createdAt: string; taskId: string | null; source: string } | null = null;
    let summary: string | null = null;
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
        if (d.summary !== null) summary = d.summary as string;
      }
      if (parsed.type === 'TicketQueryProcessed') summary = parsed.data.summary as string | null;
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
    return {
      appends, numberEvents, numberStream, bytes,
      sample: {
        i, template: t.template.k, ticketId: created.ticketId, customerId: values.customerId, ticketNumber: i + 1, customerName: customer.name, phone: customer.phone,
        createdAt: created.createdAt, subject: created.subject, summary, taskId: created.taskId, source: created.source,
      },
    };
  };

  const store = await SqliteEventStore.open({ file: path.join(options.dataDir, EVENTS_FILE) });
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
