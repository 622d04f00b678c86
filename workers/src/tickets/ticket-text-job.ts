import { RecordedEvent, TICKET_STREAM_PREFIX, TicketCreatedData } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

export const TICKET_TEXT_JOB = 'ticket-text-processing';

/** One ticket whose subject and query are to be processed. */
export interface TicketTextTarget {
  readonly ticketId: string;
  readonly accountId: string;
  /** Of the request that created the ticket (audit trail). */
  readonly correlationId: string | null;
  /** The TicketCreated event that asked for the processing. */
  readonly causationId: string;
}

/** A job processes the text of the tickets of one dispatched batch of events (at most TICKETS_PER_TEXT_JOB). */
export interface TicketTextJob {
  readonly tickets: readonly TicketTextTarget[];
}

/**
 * Tickets one job holds at most. The job's tickets are processed at once, and a job that fails on
 * one of them is delivered again whole (the others are done by then and skipped), so jobs stay small.
 */
export const TICKETS_PER_TEXT_JOB = 32;

/** The tickets of a job; jobs published before jobs held several tickets held one ticket's fields at the top level. */
export const ticketsOfTextJob = (payload: TicketTextJob | TicketTextTarget): readonly TicketTextTarget[] =>
  'tickets' in payload && Array.isArray(payload.tickets) ? payload.tickets : [payload as TicketTextTarget];

/** A job's dedupe id: its first ticket's TicketCreated event, and how many tickets it holds when more than one. */
const dedupeIdOf = (tickets: readonly TicketTextTarget[]): string =>
  `ticket-text:${tickets[0].causationId}${tickets.length === 1 ? '' : `+${tickets.length}`}`;

interface TextJobToPublish extends JobToPublish {
  readonly payload: TicketTextJob;
}

/**
 * Job dispatch of deferred text processing (fastResponse true): a TicketCreated whose text is
 * still `pending` asks for a job; the tickets of one dispatched batch of events go in as few jobs as
 * TICKETS_PER_TEXT_JOB allows (under load one job for the tickets of a group commit, not one job,
 * one journal record of publish, delivery and acknowledgement each, per ticket). Dedupe ids come
 * from the events (the first ticket's, and how many the job holds), so a replay of the same batch
 * publishes nothing new; a replay cut differently may publish tickets again, which the worker finds
 * processed and skips.
 */
export const ticketTextDispatcher: DispatcherDefinition = {
  name: 'ticket-text',
  streamNamePrefixes: [TICKET_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly TextJobToPublish[] => {
    if (event.type !== 'TicketCreated') return [];
    const data = event.data as TicketCreatedData;
    if (data.textProcessing !== 'pending') return [];
    const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null;
    const tickets = [{ ticketId: data.ticketId, accountId: data.accountId, correlationId, causationId: event.id }];
    return [{ kind: TICKET_TEXT_JOB, payload: { tickets }, dedupeId: dedupeIdOf(tickets) }];
  },
  combine: (jobs: readonly JobToPublish[]): readonly TextJobToPublish[] => {
    const tickets = jobs.flatMap((job) => ticketsOfTextJob(job.payload as TicketTextJob));
    const combined: TextJobToPublish[] = [];
    for (let start = 0; start < tickets.length; start += TICKETS_PER_TEXT_JOB) {
      const part = tickets.slice(start, start + TICKETS_PER_TEXT_JOB);
      combined.push({ kind: TICKET_TEXT_JOB, payload: { tickets: part }, dedupeId: dedupeIdOf(part) });
    }
    return combined;
  },
};
