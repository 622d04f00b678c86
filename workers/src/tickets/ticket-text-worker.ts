import * as E from 'fp-ts/Either';
import {
  Clock, ConsumerHandle, EVENT_SCHEMA_VERSION, EventStore, evolveTicket, IdGenerator, Job, JobOutcome, JobQueue, Logger, TicketEvent,
  TicketState, ticketStream, TicketTextProcessor,
} from '@support/domain';
import { TICKET_TEXT_JOB, TicketTextJob } from './ticket-text-job';

export interface TicketTextWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly textProcessor: TicketTextProcessor;
}

export const TICKET_TEXT_WORKER = 'worker:ticket-text';
const MAX_ATTEMPTS = 5;

const loadTicket = async (eventStore: EventStore, ticketId: string): Promise<{ ticket: TicketState | null; revision: bigint | null }> => {
  let ticket: TicketState | null = null;
  let revision: bigint | null = null;
  for await (const e of eventStore.readStream(ticketStream(ticketId))) {
    ticket = evolveTicket(ticket, { type: e.type, data: e.data } as TicketEvent);
    revision = e.revision;
  }
  return { ticket, revision };
};

/**
 * Processes a ticket's subject and query after the ticket exists (fastResponse true) and appends
 * TicketQueryProcessed. Idempotent: a ticket whose text is already processed is acknowledged as is.
 */
export const handleTicketTextJob = (deps: TicketTextWorkerDeps) => async (job: Job<TicketTextJob>): Promise<JobOutcome> => {
  const { ticketId, accountId } = job.payload;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { ticket, revision } = await loadTicket(deps.eventStore, ticketId);
    if (ticket === null || revision === null) return { type: 'fail', reason: 'no such ticket' };
    if (ticket.textProcessing === 'done') return { type: 'ack' };
    const text = await deps.textProcessor.process({ subject: ticket.subject, query: ticket.query });
    const event: TicketEvent = {
      type: 'TicketQueryProcessed',
      data: { ticketId, accountId, summary: text.summary, sentiment: text.sentiment, processor: deps.textProcessor.name, processedAt: deps.clock.now().toISOString() },
    };
    const appended = await deps.eventStore.appendToStream(ticketStream(ticketId), [{
      id: deps.newId(),
      type: event.type,
      data: event.data,
      metadata: {
        version: EVENT_SCHEMA_VERSION, accountId, userId: TICKET_TEXT_WORKER,
        ...(job.payload.correlationId ? { correlationId: job.payload.correlationId } : {}), causationId: job.payload.causationId,
        occurredAt: event.data.processedAt,
      },
    }], { expectedRevision: revision });
    if (E.isRight(appended)) {
      deps.logger.info('ticket text processed', { ticketId, accountId, processor: deps.textProcessor.name });
      return { type: 'ack' };
    }
  }
  return { type: 'retry', delayMs: 200, reason: 'the ticket kept changing' };
};

export const startTicketTextWorker = (deps: TicketTextWorkerDeps): Promise<ConsumerHandle> =>
  deps.jobQueue.consume<TicketTextJob>(
    TICKET_TEXT_JOB,
    { consumer: 'ticket-text', maxDeliver: 5, ackWaitMs: 30_000, concurrency: 4 },
    handleTicketTextJob(deps),
  );
