/** Names of the bulk-update feature: stream, job kind, read model, limits. */

export const BULK_UPDATE_STREAM_PREFIX = 'ticket_bulk-';
/** One stream per bulk-update job: requested, started (per attempt), outcomes, cancelled, succeeded or failed. */
export const bulkUpdateStream = (jobId: string): string => `${BULK_UPDATE_STREAM_PREFIX}${jobId}`;

/** Job kind of one bulk update (published from BulkUpdateRequested). */
export const TICKET_BULK_UPDATE_JOB = 'ticket-bulk-update';
/** One queue job per bulk update, however often its event is replayed. */
export const bulkUpdateDedupeId = (jobId: string): string => `ticket-bulk-update-${jobId}`;

export const BULK_UPDATES_PROJECTION = 'ticket-bulk-updates';
export const BULK_UPDATE_JOBS_COLLECTION = 'ticket_bulk_jobs';
export const BULK_UPDATE_OUTCOMES_COLLECTION = 'ticket_bulk_outcomes';

/** docs/api/bulk-updates.md: tickets named by id in one request. */
export const MAX_BULK_TICKET_IDS = 100;
/** docs/api/bulk-updates.md: tickets a filter may select. */
export const MAX_BULK_FILTER_MATCHES = 10_000;

export interface TicketBulkUpdateJob {
  readonly jobId: string;
  readonly accountId: string;
}

export const isTicketBulkUpdateJob = (u: unknown): u is TicketBulkUpdateJob =>
  typeof u === 'object' && u !== null && typeof (u as TicketBulkUpdateJob).jobId === 'string' && typeof (u as TicketBulkUpdateJob).accountId === 'string';
