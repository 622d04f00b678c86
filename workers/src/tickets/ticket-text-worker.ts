import * as E from 'fp-ts/Either';
import {
  Clock, CommandContext, ConsumerHandle, EventStore, handleCommand, IdGenerator, Job, JobOutcome, JobQueue, loadStream, Logger, ticketDecider,
  ticketStream, TicketTextProcessor,
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
/**
 * Processes a ticket's subject and query after the ticket exists (fastResponse true) and appends
 * TicketQueryProcessed through the ticket decider. Idempotent: a ticket whose text is already
 * processed is acknowledged as is (also when another delivery finished first).
 */
export const handleTicketTextJob = (deps: TicketTextWorkerDeps) => async (job: Job<TicketTextJob>): Promise<JobOutcome> => {
  const { ticketId, accountId } = job.payload;
  const { state: ticket } = await loadStream(deps.eventStore, ticketStream(ticketId), ticketDecider);
  if (ticket === null) return { type: 'fail', reason: 'no such ticket' };
  if (ticket.textProcessing === 'done') return { type: 'ack' };
  const text = await deps.textProcessor.process({ subject: ticket.subject, query: ticket.query });
  const now = deps.clock.now();
  const ctx: CommandContext = {
    accountId, userId: TICKET_TEXT_WORKER, requestId: job.id, now, causationId: job.payload.causationId,
    ...(job.payload.correlationId ? { correlationId: job.payload.correlationId } : {}),
  };
  const handled = await handleCommand(deps, ticketStream(ticketId), ticketDecider, {
    type: 'ProcessQuery',
    processed: { ticketId, accountId, summary: text.summary, sentiment: text.sentiment, processor: deps.textProcessor.name, processedAt: now.toISOString() },
  }, ctx);
  if (E.isLeft(handled)) return { type: 'retry', delayMs: 200, reason: `the text could not be recorded: ${handled.left.kind}` };
  if (handled.right.newEvents.length > 0) deps.logger.info('ticket text processed', { ticketId, accountId, processor: deps.textProcessor.name });
  return { type: 'ack' };
};

/**
 * Jobs in flight at once. A job waits mostly on two fsyncs (its event, its acknowledgement), so
 * throughput is in-flight jobs over that wait: 4 kept up with about 400 creates a second only by
 * falling behind (at 10,000 creates, 6,500 summaries were still to come when the creates ended, the
 * last 9 s later, competing with the requests that followed); 16 keep up with the creates.
 */
const TEXT_JOBS_IN_FLIGHT = 16;

export const startTicketTextWorker = (deps: TicketTextWorkerDeps): Promise<ConsumerHandle> =>
  deps.jobQueue.consume<TicketTextJob>(
    TICKET_TEXT_JOB,
    { consumer: 'ticket-text', maxDeliver: 5, ackWaitMs: 30_000, concurrency: TEXT_JOBS_IN_FLIGHT },
    handleTicketTextJob(deps),
  );
