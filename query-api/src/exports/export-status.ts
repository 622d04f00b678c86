import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { DOWNLOAD_URL_VALIDITY_MS, EXPORT_JOBS_COLLECTION, ExportJobDocument, exportOwnerOf, Principal } from '@support/domain';
import { ExportStatusDeps } from './export-status-deps';
import { exportJobView } from './export-job-view';

const exportNotFound = (): HttpProblem =>
  problem(404, 'Ticket export job not found: no export with this jobId was started by you in this account');

/**
 * GET /apis/task-runs/tickets/export/{jobId} (docs/api/exports.md, Poll): the job of the caller's account started by
 * the caller's user (any of their tokens); anything else is 404. A succeeded job whose file is
 * retained gets a fresh signed URL valid 15 minutes on every poll; after availableUntil (or once
 * the sweep deleted the file, or it was withdrawn after an erasure: job.withdrawn says why) downloadExpired
 * is true and no URL is handed out.
 */
export const exportStatus = async (deps: ExportStatusDeps, principal: Principal, jobId: string): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const doc = await deps.readModels.get<ExportJobDocument>(EXPORT_JOBS_COLLECTION, jobId);
  if (doc === null || doc.accountId !== principal.accountId || doc.requestedBy !== exportOwnerOf(principal)) return E.left(exportNotFound());
  const job = exportJobView(doc);
  if (doc.status !== 'succeeded') return ok({ success: true, job });
  const now = deps.clock.now();
  const expired = doc.fileDeleted === true || doc.withdrawn !== undefined || doc.blobKey === undefined || doc.availableUntil === undefined || Date.parse(doc.availableUntil) <= now.getTime();
  if (expired) return ok({ success: true, job, downloadExpired: true });
  const expiresAt = new Date(Math.min(now.getTime() + DOWNLOAD_URL_VALIDITY_MS, Date.parse(doc.availableUntil!)));
  const downloadUrl = await deps.blobStore.signedReadUrl(doc.blobKey!, { expiresAt, downloadFileName: doc.fileName });
  return ok({ success: true, job, downloadUrl, expiresAt: expiresAt.toISOString(), downloadExpired: false });
};
