import { DocumentWrite, EXPORT_JOB_STREAM_PREFIX, EXPORT_JOBS_COLLECTION, EXPORT_JOBS_PROJECTION, RecordedEvent, TICKET_EXPORT_EVENT_TYPES, TicketExportEvent } from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

const set = (id: string, fields: Record<string, unknown>, min?: Record<string, string>): DocumentWrite[] => [
  { collection: EXPORT_JOBS_COLLECTION, id, set: fields, ...(min !== undefined ? { min } : {}) },
];

/** One document per export job: status, counters, times, its withdrawal after an erasure, and (internal) the key of its file. */
const exportJobWrites = (event: TicketExportEvent): readonly DocumentWrite[] => {
  switch (event.type) {
    case 'TicketExportRequested': {
      const d = event.data;
      return [{
        collection: EXPORT_JOBS_COLLECTION,
        id: d.jobId,
        set: {
          accountId: d.accountId, requestedBy: d.requestedBy, status: 'queued', total: d.total, processed: 0, fileName: d.fileName,
          createdAt: d.requestedAt, updatedAt: d.requestedAt,
        },
        upsert: true,
      }];
    }
    case 'TicketExportStarted':
      return set(event.data.jobId, { status: 'running', processed: 0, updatedAt: event.data.startedAt }, { startedAt: event.data.startedAt });
    case 'TicketExportProgressed':
      return set(event.data.jobId, { processed: event.data.processed, updatedAt: event.data.at });
    case 'TicketExportSucceeded': {
      const d = event.data;
      return set(d.jobId, {
        status: 'succeeded', processed: d.processed, fileSizeBytes: d.fileSizeBytes, blobKey: d.blobKey, completedAt: d.completedAt,
        availableUntil: d.availableUntil, updatedAt: d.completedAt,
      });
    }
    case 'TicketExportFailed':
      return set(event.data.jobId, { status: 'failed', error: event.data.error, completedAt: event.data.failedAt, updatedAt: event.data.failedAt });
    case 'TicketExportFileDeleted':
      return set(event.data.jobId, { fileDeleted: true, updatedAt: event.data.deletedAt });
    case 'TicketExportWithdrawn':
      return set(event.data.jobId, { withdrawn: { at: event.data.withdrawnAt, reason: event.data.reason }, updatedAt: event.data.withdrawnAt });
    default:
      return [];
  }
};

/** Read model "ticket-export-jobs": the status of each export (GET /apis/task-runs/tickets/export/{jobId}) and the retention sweep's list. */
export const exportJobsProjection: ProjectionDefinition = {
  name: EXPORT_JOBS_PROJECTION,
  streamNamePrefixes: [EXPORT_JOB_STREAM_PREFIX],
  version: 1,
  collections: {
    [EXPORT_JOBS_COLLECTION]: { fields: ['accountId', 'status', 'availableUntil'], indexes: [{ name: 'status_availableUntil', fields: ['status', 'availableUntil'] }] },
  },
  project: async (event: RecordedEvent) =>
    (TICKET_EXPORT_EVENT_TYPES as readonly string[]).includes(event.type) ? exportJobWrites({ type: event.type, data: event.data } as TicketExportEvent) : [],
};
