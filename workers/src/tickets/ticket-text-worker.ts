import * as E from 'fp-ts/Either';
import {
  Clock, CommandContext, ConsumerHandle, EventStore, IdGenerator, Job, JobOutcome, JobQueue, Logger, TicketCommand, TicketQueryProcessedData, ticketStream, TicketTextProcessor,
} from '@support/domain';
import { handleTicket } from '@support/event-sourcing';
import { TICKET_TEXT_JOB, TicketTextJob, TicketTextTarget, ticketsOfTextJob } from './ticket-text-job';

export interface TicketTextWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly textProcessor: TicketTextProcessor;
}

const TICKET_TEXT_WORKER = 'worker:ticket-text';

/**
 * Processes one ticket's subject and query after the ticket exists (fastResponse true) and appends
 * TicketQueryProcessed through the ticket decider, on the one read of the ticket its decision makes.
 * Idempotent: a ticket whose text is already processed is left as is (also when another delivery
 * finished first).
 */
const processTicketText = async (deps: TicketTextWorkerDeps, target: TicketTextTarget, jobId: string): Promise<JobOutcome> => {
  const { ticketId, accountId } = target;
  const now = deps.clock.now();
  const ctx: CommandContext = {
    accountId, userId: TICKET_TEXT_WORKER, requestId: jobId, now, causationId: target.causationId,
    ...(target.correlationId ? { correlationId: target.correlationId } : {}),
  };
  const processed = (summary: string | null, sentiment: TicketQueryProcessedData['sentiment']): TicketQueryProcessedData => ({
    ticketId, accountId, summary, sentiment, processor: deps.textProcessor.name, processedAt: now.toISOString(),
  });
  const handled = await handleTicket(deps, ticketStream(ticketId), async (ticket): Promise<TicketCommand> => {
    // A missing ticket is refused by the decider; a processed one decides nothing.
    if (ticket === null || ticket.textProcessing === 'done') return { type: 'ProcessQuery', processed: processed(null, null) };
    const text = await deps.textProcessor.process({ subject: ticket.subject, query: ticket.query });
    return { type: 'ProcessQuery', processed: processed(text.summary, text.sentiment) };
  }, ctx);
  if (E.isLeft(handled)) {
    if (handled.left.kind === 'TicketNotFound') return { type: 'fail', reason: `no such ticket ${ticketId}` };
    return { type: 'retry', delayMs: 200, reason: `the text of ticket ${ticketId} could not be recorded: ${handled.left.kind}` };
  }
  if (handled.right.newEvents.length > 0) deps.logger.info('ticket text processed', { ticketId, accountId, processor: deps.textProcessor.name });
  return { type: 'ack' };
};

/**
 * A job's tickets are processed at once (their events go to the log in one group commit). The job
 * is acknowledged when every ticket is processed; when one could not be, it is delivered again
 * whole (a retry before a failure: the tickets done are skipped then), so no ticket is left pending.
 */
export const handleTicketTextJob = (deps: TicketTextWorkerDeps) => async (job: Job<TicketTextJob>): Promise<JobOutcome> => {
  const outcomes = await Promise.all(ticketsOfTextJob(job.payload).map((target) => processTicketText(deps, target, job.id)));
  return outcomes.find((o) => o.type === 'retry') ?? outcomes.find((o) => o.type === 'fail') ?? { type: 'ack' };
};

/**
 * Jobs in flight at once. A job waits mostly on two fsyncs (its events, its acknowledgement), so
 * throughput is in-flight jobs over that wait: with a ticket a job, 4 kept up with about 400 creates
 * a second only by falling behind (at 10,000 creates, 6,500 summaries were still to come when the
 * creates ended, the last 9 s later, competing with the requests that followed); 16 kept up.
 */
const TEXT_JOBS_IN_FLIGHT = 16;

export const startTicketTextWorker = (deps: TicketTextWorkerDeps): Promise<ConsumerHandle> =>
  deps.jobQueue.consume<TicketTextJob>(
    TICKET_TEXT_JOB,
    { consumer: 'ticket-text', maxDeliver: 5, ackWaitMs: 30_000, concurrency: TEXT_JOBS_IN_FLIGHT },
    handleTicketTextJob(deps),
  );
