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

/** A template to capture: the create's body, then the workspace requests sent to the ticket, in order. */
export interface TemplateRequest {
  readonly body: Record<string, unknown>;
  readonly steps: readonly { readonly route: string; readonly body: Record<string, unknown> }[];
}

/** A ticket made through the service, with every event of the log that belongs to it (its customer's included). */
export interface TicketTemplate {
  /** Its place among the templates (0-based): the requests it came from were `requests[k]`. */
  readonly k: number;
  readonly ticketId: string;
  readonly customerId: string;
  readonly accountId: string;
  /** TicketCreated's data, as projected. */
  readonly created: TicketCreatedData;
  /** The ticket's status after its steps. */
  readonly status: string;
  /**
   * When each step began (ms): [0] the creation (createdAt), [s] just before step s's request was
   * sent. Every time a step's events carry is at or after its start and before the next one's.
   */
  readonly stepStartsMs: readonly number[];
  /** In log order. */
  readonly events: readonly TemplateEvent[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The pause around each step's start, so that no time of one step falls into the next one's. */
const STEP_GAP_MS = 15;

/**
 * Starts the service in process on a temporary DATA_DIR, creates one ticket per request through
 * POST /apis/tickets/manual (one new customer each), waits until each one's text is processed (its
 * summary filled), then sends each ticket's workspace requests (POST /apis/tickets/{id}/<route>),
 * noting when each began, and reads the whole log: each ticket gets the events of its own stream,
 * of its customer's streams and of the claims naming it or its customer. An event that belongs to no
 * ticket stops the capture (the seeder would not know what to do with it).
 */
export const captureTemplates = async (config: unknown, requests: readonly TemplateRequest[], timeoutMs = 120_000): Promise<TicketTemplate[]> => {
  const service = await startTestService({ config });
  try {
    const deadline = performance.now() + timeoutMs;
    const ids: { ticketId: string; customerId: string }[] = [];
    for (const [k, { body }] of requests.entries()) {
      const r = await service.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body });
      if (r.status !== 200 || typeof r.body?.ticketId !== 'string') throw new Error(`template ticket ${k}: POST /apis/tickets/manual answered ${r.status}: ${r.text.slice(0, 300)}`);
      ids.push({ ticketId: r.body.ticketId, customerId: r.body.customer.id });
    }
    // Text processing (fastResponse) is a job: wait for every summary.
    const createdAt: number[] = [];
    for (const { ticketId } of ids) {
      for (;;) {
        const r = await service.api('GET', `/apis/tickets/${ticketId}`, { token: TOKENS.acmeAdmin });
        if (r.status === 200 && r.body.ticket.summary !== null) {
          createdAt.push(Date.parse(r.body.ticket.createdAt));
          break;
        }
        if (performance.now() > deadline) throw new Error(`template ticket ${ticketId}: its summary was still empty after ${timeoutMs} ms (GET answered ${r.status})`);
        await sleep(20);
      }
    }
    const stepStarts: number[][] = createdAt.map((t) => [t]);
    for (const [k, { steps }] of requests.entries()) {
      for (const step of steps) {
        await sleep(STEP_GAP_MS);
        stepStarts[k].push(Date.now());
        await sleep(STEP_GAP_MS);
        const r = await service.api('POST', `/apis/tickets/${ids[k].ticketId}/${step.route}`, { token: TOKENS.acmeAdmin, body: step.body });
        if (r.status !== 200) throw new Error(`template ticket ${k}: POST .../${step.route} ${JSON.stringify(step.body)} answered ${r.status}: ${r.text.slice(0, 300)}`);
      }
    }
    await sleep(STEP_GAP_MS);
    const statuses: string[] = [];
    for (const { ticketId } of ids) statuses.push((await service.api('GET', `/apis/tickets/${ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket.status);
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
      return { k, ticketId, customerId, accountId: data.accountId, created: data, status: statuses[k], stepStartsMs: stepStarts[k], events: grouped[k] };
    });
  } finally {
    await service.stop({ remove: true });
  }
};
