import { RecordedEvent, TICKET_STREAM_PREFIX, TicketCreatedData } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';
import { TicketBatchJob, ticketBatchJobs, TicketTarget } from './ticket-batch-job';

export const TICKET_TEXT_JOB = 'ticket-text-processing';

/** One ticket whose subject and query are to be processed (causationId: its TicketCreated). */
export type TicketTextTarget = TicketTarget;

/** A job processes the text of the tickets of one dispatched batch of events (at most TICKETS_PER_TEXT_JOB). */
export type TicketTextJob = TicketBatchJob<TicketTextTarget>;

/**
 * Tickets one job holds at most. The job's tickets are processed at once, and a job that fails on
 * one of them is delivered again whole (the others are done by then and skipped), so jobs stay small.
 */
export const TICKETS_PER_TEXT_JOB = 32;

/** The tickets of a job; jobs published before jobs held several tickets held one ticket's fields at the top level. */
export const ticketsOfTextJob = (payload: TicketTextJob | TicketTextTarget): readonly TicketTextTarget[] =>
  'tickets' in payload && Array.isArray(payload.tickets) ? payload.tickets : [payload as TicketTextTarget];

const textJobs = ticketBatchJobs<TicketTextTarget>(TICKET_TEXT_JOB, 'ticket-text', TICKETS_PER_TEXT_JOB);

/**
 * Job dispatch of deferred text processing (fastResponse true): a TicketCreated whose text is
 * still `pending` asks for a job; the tickets of one dispatched batch of events go in as few jobs as
 * TICKETS_PER_TEXT_JOB allows (ticketBatchJobs).
 */
export const ticketTextDispatcher: DispatcherDefinition = {
  name: 'ticket-text',
  streamNamePrefixes: [TICKET_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'TicketCreated') return [];
    const data = event.data as TicketCreatedData;
    if (data.textProcessing !== 'pending') return [];
    const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null;
    return [textJobs.of({ ticketId: data.ticketId, accountId: data.accountId, correlationId, causationId: event.id })];
  },
  combine: (jobs: readonly JobToPublish[]): readonly JobToPublish[] => textJobs.combine(jobs, (payload) => ticketsOfTextJob(payload as TicketTextJob)),
};
