import { BULK_UPDATE_STREAM_PREFIX, BulkUpdateRequestedData, bulkUpdateDedupeId, RecordedEvent, TICKET_BULK_UPDATE_JOB, TicketBulkUpdateJob } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

/** Publishes the job of each requested bulk update (the outbox of its start), once per job. */
export const bulkUpdateDispatcher: DispatcherDefinition = {
  name: 'ticket-bulk-update',
  streamNamePrefixes: [BULK_UPDATE_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'BulkUpdateRequested') return [];
    const d = event.data as BulkUpdateRequestedData;
    const payload: TicketBulkUpdateJob = { jobId: d.jobId, accountId: d.accountId };
    return [{ kind: TICKET_BULK_UPDATE_JOB, payload, dedupeId: bulkUpdateDedupeId(d.jobId) }];
  },
};
