import * as E from 'fp-ts/Either';
import { exportJobStream, TicketExportCommand, TicketExportEvent, TicketExportRejection, TicketExportState } from '@support/domain';
import { ConcurrencyConflict, Handled, handleExportJob } from '@support/event-sourcing';
import { EXPORT_WORKER, ExportWorkerDeps } from './export-worker-deps';

/** A command on an export job's stream, through the one command handler (read, decide, append with the revision read). */
export const exportCommand = (
  deps: ExportWorkerDeps,
  job: { readonly jobId: string; readonly accountId: string; readonly queueJobId?: string },
  command: TicketExportCommand,
): Promise<E.Either<TicketExportRejection | ConcurrencyConflict, Handled<TicketExportEvent, TicketExportState>>> =>
  handleExportJob(deps, exportJobStream(job.jobId), command, {
    accountId: job.accountId,
    userId: EXPORT_WORKER,
    requestId: job.queueJobId ?? job.jobId,
    correlationId: job.jobId,
    now: deps.clock.now(),
  });
