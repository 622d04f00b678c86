import {
  CUSTOMER_STREAM_PREFIX, CustomerErasedData, EXPORT_JOB_STREAM_PREFIX, positionToString, RecordedEvent, TICKET_EXPORT_JOB, TICKET_EXPORT_WITHDRAWAL_JOB, TicketExportJob,
  ticketExportDedupeId, TicketExportRequestedData, TicketExportWithdrawalJob, ticketExportWithdrawalDedupeId,
} from '@support/domain';
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

/**
 * Publishes, once per erasure of a customer who had tickets, the job that withdraws the account's
 * exports holding any of those tickets (withdraw-exports.ts; docs/api/erasure.md, Exports).
 */
export const ticketExportWithdrawalDispatcher: DispatcherDefinition = {
  name: 'ticket-export-withdrawal',
  streamNamePrefixes: [CUSTOMER_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'CustomerErased') return [];
    const d = event.data as CustomerErasedData;
    if ((d.ticketIds ?? []).length === 0) return [];
    const payload: TicketExportWithdrawalJob = {
      accountId: d.accountId, customerId: d.customerId, erasureId: d.erasureId, erasedAt: d.erasedAt, erasedPosition: positionToString(event.position),
    };
    return [{ kind: TICKET_EXPORT_WITHDRAWAL_JOB, payload, dedupeId: ticketExportWithdrawalDedupeId(d.erasureId) }];
  },
};
