import * as E from 'fp-ts/Either';
import { EXPORT_FILE_RETENTION_MS, EXPORT_JOBS_COLLECTION, ExportJobDocument } from '@support/domain';
import { exportCommand } from './export-command';
import { ExportWorkerDeps } from './export-worker-deps';
import { periodicSweep } from './periodic-sweep';

interface SweepOutcome {
  /** Jobs whose file was deleted and recorded (TicketExportFileDeleted). */
  readonly expiredJobs: number;
  /** Blobs deleted by the store's own cutoff (files of superseded attempts, abandoned uploads). */
  readonly strayBlobs: number;
}

/**
 * The file retention of docs/api/exports.md (Download): every succeeded export past availableUntil has its file deleted
 * and TicketExportFileDeleted recorded (the status then says downloadExpired: true, no URL); then
 * every blob created more than 24 hours ago goes too (deleteCreatedBefore), which catches files
 * no job points at. Idempotent: a sweep run twice, or by two workers, deletes each file once.
 */
export const sweepExpiredExports = async (deps: ExportWorkerDeps): Promise<SweepOutcome> => {
  const now = deps.clock.now();
  const due = await deps.readModels.find<ExportJobDocument>(EXPORT_JOBS_COLLECTION, {
    where: { status: 'succeeded', fileDeleted: { ne: true }, availableUntil: { lte: now.toISOString() } },
  });
  let expiredJobs = 0;
  for (const job of due) {
    if (job.blobKey) await deps.blobStore.delete(job.blobKey);
    const r = await exportCommand(deps, { jobId: job._id, accountId: job.accountId }, { type: 'DeleteExpiredFile', now });
    if (E.isRight(r) && r.right.newEvents.length > 0) expiredJobs++;
  }
  const strayBlobs = await deps.blobStore.deleteCreatedBefore(new Date(now.getTime() - EXPORT_FILE_RETENTION_MS));
  return { expiredJobs, strayBlobs };
};

interface RetentionSweepOptions {
  /** Time between two sweeps. Default 10 minutes. */
  readonly intervalMs?: number;
}

/** Runs the sweep at start and then every interval (one at a time); stop waits for a sweep in hand. */
export const exportRetentionSweep = (options: RetentionSweepOptions = {}) =>
  periodicSweep<ExportWorkerDeps>('worker:ticket-export-retention', options.intervalMs ?? 10 * 60_000, async (deps) => {
    const outcome = await sweepExpiredExports(deps);
    if (outcome.expiredJobs > 0 || outcome.strayBlobs > 0) deps.logger.info('export retention sweep', { ...outcome });
  });
