import { EXPORT_JOB_STREAM_PREFIX, RecordedEvent, TICKET_EXPORT_JOB, TicketExportJob, ticketExportDedupeId, TicketExportRequestedData } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

/** Publishes the export job of each requested export (the outbox of export start), once per job. */
export const ticketExportDispatcher: DispatcherDefinition = {
  name: 'ticket-export',
  streamNamePrefixes: [EXPORT_JOB_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'TicketExportRequested') return [];
    const d = event.data as TicketExportRequestedData;
    const payload: TicketExportJob = { jobId: d.jobId, accountId: d.accountId };
    return [{ kind: TICKET_EXPORT_JOB, payload, dedupeId: ticketExportDedupeId(d.jobId) }];
  },
};
