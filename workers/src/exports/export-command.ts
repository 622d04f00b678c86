import * as E from 'fp-ts/Either';
import {
  ConcurrencyConflict, exportJobStream, handleCommand, Handled, TicketExportCommand, ticketExportDecider, TicketExportEvent, TicketExportRejection, TicketExportState,
} from '@support/domain';
import { EXPORT_WORKER, ExportWorkerDeps } from './export-worker-deps';

/** A command on an export job's stream, through the one command handler (read, decide, append with the revision read). */
export const exportCommand = (
  deps: ExportWorkerDeps,
  job: { readonly jobId: string; readonly accountId: string; readonly queueJobId?: string },
  command: TicketExportCommand,
): Promise<E.Either<TicketExportRejection | ConcurrencyConflict, Handled<TicketExportEvent, TicketExportState>>> =>
  handleCommand(deps, exportJobStream(job.jobId), ticketExportDecider, command, {
    accountId: job.accountId,
    userId: EXPORT_WORKER,
    requestId: job.queueJobId ?? job.jobId,
    correlationId: job.jobId,
    now: deps.clock.now(),
  });
