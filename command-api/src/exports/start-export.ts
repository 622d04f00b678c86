import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  CommandContext, EXPORT_JOBS_PROJECTION, sortablePosition, TICKETS_PROJECTION, exportFileName, exportJobStream, exportOwnerOf, Principal, READ_YOUR_WRITES_MS, snapshotCriteria, validateExportRequest,
} from '@support/domain';
import { handleExportJob } from '@support/event-sourcing';
import { StartExportDeps } from './export-deps';


export const EXPORT_PATH = '/apis/task-runs/tickets/export';

/**
 * POST /apis/task-runs/tickets/export (docs/api/exports.md, Start): validate, compile the filters with the list's
 * criteria, count the matching tickets (total) at the log position the tickets read model has
 * reached, bound the criteria to the tickets created up to it, and record TicketExportRequested on the
 * job's stream. The export job is published from that event by the dispatcher (the outbox), never
 * from here. Answers 202 once the export-jobs read model holds the job.
 */
export const startExport = async (deps: StartExportDeps, principal: Principal, body: unknown, context: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const valid = validateExportRequest(body, principal.account);
  if (E.isLeft(valid)) return E.left(problem(400, valid.left.message, valid.left.field !== undefined ? { field: valid.left.field } : {}));
  const { filters, format } = valid.right;
  const requested = snapshotCriteria(valid.right.criteria, context.now);
  // The total and the file are the tickets created up to one position of the log, whatever is created meanwhile.
  const { total, position } = await deps.readModels.tickets.countAt(requested, TICKETS_PROJECTION, { deadline: context.deadline });
  const criteria = { ...requested, createdUpTo: position === null ? '' : sortablePosition(position) };
  const jobId = deps.newId();
  const fileName = exportFileName(jobId, context.now, format.timezone);
  const handled = await handleExportJob(deps, exportJobStream(jobId), {
    type: 'RequestExport',
    data: {
      jobId, accountId: principal.accountId, requestedBy: exportOwnerOf(principal), tokenId: principal.tokenId,
      filters, criteria, format, total, fileName, requestedAt: context.now.toISOString(),
    },
  }, context);
  if (E.isLeft(handled) || handled.right.appended === null) {
    deps.logger.error('export request was not recorded', { requestId: context.requestId, accountId: principal.accountId, jobId });
    return E.left(problem(500, 'Failed to enqueue the ticket export: try again shortly'));
  }
  await deps.progress.waitFor([EXPORT_JOBS_PROJECTION], handled.right.appended.position, READ_YOUR_WRITES_MS);
  return ok({ success: true, jobId, status: 'queued', total, fileName, statusUrl: `${EXPORT_PATH}/${jobId}` }, 202);
};
