import { comparePositions, positionFromString } from '../ports/position';
import { ReadModels } from '../ports/read-models';
import { ExportJobDocument } from './export-job-document';
import { EXPORT_JOBS_COLLECTION } from './streams';

/**
 * Exports withdrawn after an erasure (docs/api/erasure.md, Exports made before the erasure): a
 * succeeded export whose file was written from rows read before the erasure reached the tickets read
 * model, and which holds a row of the erased customer, has its file deleted and TicketExportWithdrawn
 * recorded; its status then says `withdrawn` and its links answer 410.
 */

/** Job kind of the withdrawal of one erasure's exports (published from CustomerErased). */
export const TICKET_EXPORT_WITHDRAWAL_JOB = 'ticket-export-withdrawal';
/** One withdrawal job per erasure, however often its event is replayed. */
export const ticketExportWithdrawalDedupeId = (erasureId: string): string => `ticket-export-withdrawal-${erasureId}`;

export interface TicketExportWithdrawalJob {
  readonly accountId: string;
  readonly customerId: string;
  readonly erasureId: string;
  readonly erasedAt: string;
  /** Position of CustomerErased in the log (positionToString): rows read from a read model at or past it hold no erased value. */
  readonly erasedPosition: string;
}

export const isTicketExportWithdrawalJob = (u: unknown): u is TicketExportWithdrawalJob => {
  const j = u as TicketExportWithdrawalJob;
  return typeof u === 'object' && u !== null && [j.accountId, j.customerId, j.erasureId, j.erasedAt, j.erasedPosition].every((v) => typeof v === 'string');
};

/** Why the file was withdrawn: safe to show (the erasure's time, no value, no customer). */
export const withdrawalReason = (erasedAt: string): string => `it held personal data of a customer erased at ${erasedAt}`;

/** The download link's answer (410) once the file was withdrawn. */
export const withdrawnDownloadMessage = (reason: string): string =>
  `This export file was withdrawn: ${reason}. Start a new export: it holds the data as it is now`;

/**
 * Whether an attempt may have read the erased values: its rows were read from a read model that had
 * not applied the erasure (readFrom before the erasure's position), or its readFrom was not recorded.
 */
export const readBeforeErasure = (readFrom: string | null, erasedPosition: string): boolean =>
  readFrom === null || comparePositions(positionFromString(readFrom), positionFromString(erasedPosition)) < 0;

/** The job id of an export's blob key (exportBlobKey: exports/<account>/<job>/attempt-<n>.csv), or null for any other key. */
export const exportJobIdOfBlobKey = (key: string): string | null => {
  const m = /^exports\/[^/]+\/([^/]+)\/attempt-\d+\.csv$/.exec(key);
  return m === null ? null : m[1];
};

/** Why a download link of a withdrawn export answers 410, or null when the key is no withdrawn export's file. */
export const withdrawnExportOf = async (readModels: Pick<ReadModels, 'get'>, key: string): Promise<string | null> => {
  const jobId = exportJobIdOfBlobKey(key);
  if (jobId === null) return null;
  const doc = await readModels.get<ExportJobDocument>(EXPORT_JOBS_COLLECTION, jobId);
  return doc?.withdrawn !== undefined && doc.blobKey === key ? withdrawnDownloadMessage(doc.withdrawn.reason) : null;
};
