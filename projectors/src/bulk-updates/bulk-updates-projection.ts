import {
  BULK_UPDATE_EVENT_TYPES, BULK_UPDATE_JOBS_COLLECTION, BULK_UPDATE_OUTCOMES_COLLECTION, BULK_UPDATE_STREAM_PREFIX, BULK_UPDATES_PROJECTION, BulkJobDocument,
  BulkUpdateEvent, DocumentWrite, ProjectionReads, RecordedEvent,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

const job = (id: string, fields: Record<string, unknown>, min?: Record<string, string>): DocumentWrite =>
  ({ collection: BULK_UPDATE_JOBS_COLLECTION, id, set: fields, ...(min !== undefined ? { min } : {}) });

/** One document per job (status, counters, times) and one per ticket outcome, numbered in the order the job recorded them. */
const bulkUpdateWrites = async (event: BulkUpdateEvent, reads: ProjectionReads): Promise<readonly DocumentWrite[]> => {
  switch (event.type) {
    case 'BulkUpdateRequested': {
      const d = event.data;
      return [{
        collection: BULK_UPDATE_JOBS_COLLECTION,
        id: d.jobId,
        set: {
          accountId: d.accountId, requestedBy: d.requestedBy, status: 'queued', total: d.total, processed: 0, changed: 0, unchanged: 0, refused: 0,
          changes: d.changes, createdAt: d.requestedAt, updatedAt: d.requestedAt,
        },
        upsert: true,
      }];
    }
    case 'BulkUpdateStarted': {
      const doc = await reads.get<BulkJobDocument>(BULK_UPDATE_JOBS_COLLECTION, event.data.jobId);
      const running = doc?.status === 'queued' || doc?.status === 'running';
      return [job(event.data.jobId, { ...(running ? { status: 'running' } : {}), updatedAt: event.data.startedAt }, { startedAt: event.data.startedAt })];
    }
    case 'BulkUpdateTicketsProcessed': {
      const d = event.data;
      const doc = await reads.get<BulkJobDocument>(BULK_UPDATE_JOBS_COLLECTION, d.jobId);
      if (doc === null) return [];
      const counts = { changed: doc.changed, unchanged: doc.unchanged, refused: doc.refused };
      const outcomes = d.outcomes.map((o, i): DocumentWrite => {
        counts[o.outcome] += 1;
        return { collection: BULK_UPDATE_OUTCOMES_COLLECTION, id: `${d.jobId}:${o.ticketId}`, set: { jobId: d.jobId, seq: doc.processed + i + 1, ...o }, upsert: true };
      });
      return [job(d.jobId, { processed: doc.processed + d.outcomes.length, ...counts, updatedAt: d.at }), ...outcomes];
    }
    case 'BulkUpdateCancelled':
      return [job(event.data.jobId, { status: 'cancelled', cancelledAt: event.data.cancelledAt, updatedAt: event.data.cancelledAt })];
    case 'BulkUpdateSucceeded':
      return [job(event.data.jobId, { status: 'succeeded', completedAt: event.data.completedAt, updatedAt: event.data.completedAt })];
    case 'BulkUpdateFailed':
      return [job(event.data.jobId, { status: 'failed', error: event.data.error, completedAt: event.data.failedAt, updatedAt: event.data.failedAt })];
    default:
      return [];
  }
};

/** Read model "ticket-bulk-updates": each job's status and its tickets' outcomes (GET /apis/tickets/bulk/{jobId}). */
export const bulkUpdatesProjection: ProjectionDefinition = {
  name: BULK_UPDATES_PROJECTION,
  streamNamePrefixes: [BULK_UPDATE_STREAM_PREFIX],
  version: 1,
  collections: {
    [BULK_UPDATE_JOBS_COLLECTION]: { fields: ['accountId', 'status'] },
    [BULK_UPDATE_OUTCOMES_COLLECTION]: {
      fields: ['jobId', 'seq', 'outcome', 'ticketId'],
      indexes: [{ name: 'job_seq', fields: ['jobId', 'seq'] }, { name: 'job_outcome_seq', fields: ['jobId', 'outcome', 'seq'] }],
    },
  },
  project: async (event: RecordedEvent, reads: ProjectionReads) =>
    (BULK_UPDATE_EVENT_TYPES as readonly string[]).includes(event.type) ? bulkUpdateWrites({ type: event.type, data: event.data } as BulkUpdateEvent, reads) : [],
};
