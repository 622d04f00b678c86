import { RecordedEvent, TICKET_STREAM_PREFIX, TicketCreatedData } from '@support/domain';

export const TICKET_TEXT_JOB = 'ticket-text-processing';

export interface TicketTextJob {
  readonly ticketId: string;
  readonly accountId: string;
  /** Of the request that created the ticket (audit trail). */
  readonly correlationId: string | null;
  /** The TicketCreated event that asked for the processing. */
  readonly causationId: string;
}

/**
 * Job dispatch of deferred text processing (fastResponse true): a TicketCreated whose text is
 * still `pending` publishes one job, deduplicated by the event id so a replay publishes nothing new.
 * Shaped like projectors' DispatcherDefinition.
 */
export const ticketTextDispatcher = {
  name: 'ticket-text',
  streamNamePrefixes: [TICKET_STREAM_PREFIX] as readonly string[],
  jobsFor: (event: RecordedEvent): readonly { kind: string; payload: TicketTextJob; dedupeId: string }[] => {
    if (event.type !== 'TicketCreated') return [];
    const data = event.data as TicketCreatedData;
    if (data.textProcessing !== 'pending') return [];
    const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null;
    return [{
      kind: TICKET_TEXT_JOB,
      payload: { ticketId: data.ticketId, accountId: data.accountId, correlationId, causationId: event.id },
      dedupeId: `ticket-text:${event.id}`,
    }];
  },
};
