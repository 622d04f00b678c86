import { RecordedEvent, retryableDataPoints, TaskEvaluatedData, TICKET_STREAM_PREFIX } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

export const TICKET_DATA_POINTS_JOB = 'ticket-data-points';

/** A ticket whose evaluation left data points its sources did not answer for. */
interface TicketDataPointsJob {
  readonly ticketId: string;
  readonly accountId: string;
  /** Of the request that created the ticket (audit trail). */
  readonly correlationId: string | null;
  /** The TaskEvaluated event that asked for the re-evaluation. */
  readonly causationId: string;
}

export const isTicketDataPointsJob = (p: unknown): p is TicketDataPointsJob =>
  typeof p === 'object' && p !== null && typeof (p as TicketDataPointsJob).ticketId === 'string' && typeof (p as TicketDataPointsJob).accountId === 'string';

/**
 * Job dispatch of re-evaluations: a TaskEvaluated with a data point whose source did not answer
 * (retryable) asks for one job, deduplicated by the event's id, so a replay publishes nothing new.
 */
export const ticketDataPointsDispatcher: DispatcherDefinition = {
  name: 'ticket-data-points',
  streamNamePrefixes: [TICKET_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'TaskEvaluated') return [];
    const data = event.data as TaskEvaluatedData;
    if (retryableDataPoints(data).length === 0) return [];
    const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null;
    const payload: TicketDataPointsJob = { ticketId: data.ticketId, accountId: data.accountId, correlationId, causationId: event.id };
    return [{ kind: TICKET_DATA_POINTS_JOB, payload, dedupeId: `ticket-data-points:${event.id}` }];
  },
};
