import { performance } from 'node:perf_hooks';
import { extractSummary } from '@support/adapters';
import type { ReadModels, RecordedEvent, TicketCreatedData } from '@support/domain';
import { projectionSubscriber, readModelShapes, ticketsProjection } from '@support/projectors';

/**
 * The tickets read model as the speed benchmark's creates leave it, written straight through the
 * projection's own writes (ticket created, then its summary processed): the same documents, indexes
 * and upserts, without HTTP or the log. The bodies are those of the speed benchmark.
 */
export const SEED_WORDS = ['kettle', 'parcel', 'refund', 'invoice', 'delivery', 'exchange', 'warranty', 'coupon', 'address', 'damaged'];
const SOURCES = ['chatapp', 'email', 'liveChat', 'instagram', 'voiceCall'];

export const seedCustomers = (tickets: number): number => Math.max(1, Math.ceil(tickets / 4));
export const seedPhoneOf = (customer: number): string => `+1415${String(5_000_000 + customer).padStart(7, '0')}`;

const eventAt = (n: number, type: string, data: unknown): RecordedEvent =>
  ({ type, data, position: { commit: BigInt(n), prepare: BigInt(n) } }) as unknown as RecordedEvent;

/** Events applied through the projection in one batch, as the service applies a batch. */
const apply = (store: ReadModels, events: readonly RecordedEvent[]): Promise<void> =>
  projectionSubscriber(ticketsProjection, store).handleBatchUpTo!(events, events[events.length - 1].position);

const createdData = (i: number, customers: number, createdAt: string): TicketCreatedData => {
  const customer = (i * 7919) % customers;
  const word = SEED_WORDS[i % SEED_WORDS.length];
  const subject = `${word} question ${i}`;
  const query = `Hello, my ${word} needs attention (request ${i}).`;
  return {
    ticketId: `t-${String(i).padStart(8, '0')}`, accountId: 'acme', ticketNumber: i + 1, status: 'open', subject, query,
    summary: null, sentiment: null, textProcessing: 'pending', orderName: `#S-${100_000 + i}`, source: SOURCES[i % SOURCES.length] as TicketCreatedData['source'],
    manualSourceLabel: null, customerId: `c-${customer}`, customer: { name: `Customer ${customer}`, phone: seedPhoneOf(customer), email: null },
    taskId: i % 2 === 0 ? 'task-general' : null, teamId: i % 2 === 0 ? 'team-care' : null, requestedTaskId: null, createdByUserId: null,
    createdByTokenId: 'token', createdAt, payload: null, payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [],
    parentTicketId: null, forced: true,
  };
};

/** Seeds `tickets` tickets created over the last `spanMs` (newest now); answers the mean time of one ticket's writes. */
export const seedTickets = async (store: ReadModels, tickets: number, spanMs: number): Promise<{ usPerTicket: number }> => {
  await store.declare(readModelShapes([ticketsProjection]));
  const customers = seedCustomers(tickets);
  const now = Date.now();
  let position = 1;
  const started = performance.now();
  let batch: RecordedEvent[] = [];
  for (let i = 0; i < tickets; i++) {
    const createdAt = new Date(now - spanMs + Math.floor((spanMs * i) / tickets)).toISOString();
    const data = createdData(i, customers, createdAt);
    batch.push(eventAt(position++, 'TicketCreated', data));
    const summary = extractSummary(data.subject, data.query);
    batch.push(eventAt(position++, 'TicketQueryProcessed', { ticketId: data.ticketId, accountId: 'acme', summary, sentiment: 'neutral', processor: 'local', processedAt: createdAt }));
    if (batch.length >= 512) {
      await apply(store, batch);
      batch = [];
    }
  }
  if (batch.length > 0) await apply(store, batch);
  return { usPerTicket: ((performance.now() - started) * 1000) / tickets };
};
