import { performance } from 'node:perf_hooks';
import type { RecordedEvent, TicketCreatedData } from '@support/domain';
import { TOKENS } from '../../support/example-config';
import { startTestService } from '../../support/test-service';

/** One event of a template ticket, as appended (what a new ticket's copy is made from). */
export interface TemplateEvent {
  readonly streamName: string;
  readonly type: string;
  readonly id: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

/** A ticket made through the service, with every event of the log that belongs to it (its customer's included). */
export interface TicketTemplate {
  /** Its place among the templates (0-based): the request it came from was `bodyOf(k)`. */
  readonly k: number;
  readonly ticketId: string;
  readonly customerId: string;
  readonly accountId: string;
  /** TicketCreated's data, as projected. */
  readonly created: TicketCreatedData;
  /** In log order. */
  readonly events: readonly TemplateEvent[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the service in process on a temporary DATA_DIR, creates `count` tickets through
 * POST /apis/tickets/manual with `bodyOf(k)` (one new customer each), waits until each one's text
 * is processed (its summary filled), then reads the whole log and gives each ticket its events:
 * those of its own stream, of its customer's streams and of the claims naming it or its customer.
 * An event that belongs to no ticket stops the capture (the seeder would not know what to do with it).
 */
export const captureTemplates = async (config: unknown, count: number, bodyOf: (k: number) => Record<string, unknown>, timeoutMs = 60_000): Promise<TicketTemplate[]> => {
  const service = await startTestService({ config });
  try {
    const deadline = performance.now() + timeoutMs;
    const ids: { ticketId: string; customerId: string }[] = [];
    for (let k = 0; k < count; k++) {
      const r = await service.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: bodyOf(k) });
      if (r.status !== 200 || typeof r.body?.ticketId !== 'string') throw new Error(`template ticket ${k}: POST /apis/tickets/manual answered ${r.status}: ${r.text.slice(0, 300)}`);
      ids.push({ ticketId: r.body.ticketId, customerId: r.body.customer.id });
    }
    // Text processing (fastResponse) is a job: wait for every summary.
    for (const { ticketId } of ids) {
      for (;;) {
        const r = await service.api('GET', `/apis/tickets/${ticketId}`, { token: TOKENS.acmeAdmin });
        if (r.status === 200 && r.body.ticket.summary !== null) break;
        if (performance.now() > deadline) throw new Error(`template ticket ${ticketId}: its summary was still empty after ${timeoutMs} ms (GET answered ${r.status})`);
        await sleep(20);
      }
    }
    // The whole log, from its start to its head.
    const head = await service.deps.eventStore.headPosition();
    if (head === null) throw new Error('the template service\'s log is empty');
    const events: RecordedEvent[] = [];
    const subscription = service.deps.eventStore.subscribeToAll({ fromPosition: 'start' });
    try {
      for await (const e of subscription) {
        events.push(e);
        if (e.position.commit >= head.commit) break;
        if (performance.now() > deadline) throw new Error('reading the template service\'s log took too long');
      }
    } finally {
      await subscription.unsubscribe();
    }
    const byTicket = new Map<string, number>(ids.map((t, k) => [t.ticketId, k]));
    const byCustomer = new Map<string, number>(ids.map((t, k) => [t.customerId, k]));
    const grouped: TemplateEvent[][] = ids.map(() => []);
    for (const e of events) {
      const data = e.data as { ticketId?: unknown; customerId?: unknown };
      const k = typeof data.ticketId === 'string' ? byTicket.get(data.ticketId) : typeof data.customerId === 'string' ? byCustomer.get(data.customerId) : undefined;
      if (k === undefined) throw new Error(`template log: event ${e.type} of ${e.streamName} names none of the template tickets or customers`);
      grouped[k].push({ streamName: e.streamName, type: e.type, id: e.id, data: e.data, metadata: e.metadata as Record<string, unknown> });
    }
    return ids.map(({ ticketId, customerId }, k) => {
      const created = grouped[k].find((e) => e.type === 'TicketCreated');
      if (created === undefined) throw new Error(`template ticket ${k}: no TicketCreated in the log`);
      const data = created.data as TicketCreatedData;
      return { k, ticketId, customerId, accountId: data.accountId, created: data, events: grouped[k] };
    });
  } finally {
    await service.stop({ remove: true });
  }
};
