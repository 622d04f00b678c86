/** Names of the ticket export feature: stream, job kind, read model, blob keys, retention. */

export const EXPORT_JOB_STREAM_PREFIX = 'ticket_export-';
/** One stream per export job: requested, started (per attempt), progress, succeeded or failed, file deleted. */
export const exportJobStream = (jobId: string): string => `${EXPORT_JOB_STREAM_PREFIX}${jobId}`;

/** Job kind of one export run (published from TicketExportRequested). */
export const TICKET_EXPORT_JOB = 'ticket-export';
/** One job per export, however often its event is replayed. */
export const ticketExportDedupeId = (jobId: string): string => `ticket-export-${jobId}`;

export const EXPORT_JOBS_PROJECTION = 'ticket-export-jobs';
export const EXPORT_JOBS_COLLECTION = 'ticket_export_jobs';

/** docs/api/exports.md (Poll, Download): a file is kept 24 hours after the export completed. */
export const EXPORT_FILE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** docs/api/exports.md (Poll): a signed download URL is valid 15 minutes. */
export const DOWNLOAD_URL_VALIDITY_MS = 15 * 60 * 1000;

/**
 * Each attempt writes its own blob, so a superseded attempt (a worker taken for dead that still
 * runs) can never overwrite the file of the attempt that succeeded; the job names its blob.
 */
export const exportBlobKey = (accountId: string, jobId: string, attempt: number): string =>
  `exports/${safeSegment(accountId)}/${safeSegment(jobId)}/attempt-${attempt}.csv`;

const safeSegment = (s: string): string => s.replace(/[^A-Za-z0-9._-]/g, '_');

export interface TicketExportJob {
  readonly jobId: string;
  readonly accountId: string;
}

export const isTicketExportJob = (u: unknown): u is TicketExportJob =>
  typeof u === 'object' && u !== null && typeof (u as TicketExportJob).jobId === 'string' && typeof (u as TicketExportJob).accountId === 'string';
