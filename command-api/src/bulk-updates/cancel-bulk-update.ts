import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  BULK_UPDATE_JOBS_COLLECTION, BULK_UPDATES_PROJECTION, BulkJobDocument, bulkUpdateStream, CommandContext, exportOwnerOf, Principal, READ_YOUR_WRITES_MS,
} from '@support/domain';
import { handleBulkUpdateJob } from '@support/event-sourcing';
import { BulkUpdateDeps, bulkStatusUrl } from './bulk-update-deps';

const notFound = (): HttpProblem => problem(404, 'Bulk update job not found: no bulk update with this jobId in this account');

/**
 * POST /apis/tickets/bulk/{jobId}/cancel (docs/api/bulk-updates.md, Cancel): a queued or running job
 * is cancelled; its worker stops before its next tickets (the tickets changed until then stay
 * changed, with their outcomes). Cancelling a cancelled job again answers the same; a finished
 * one is 409. A job of another account is not found.
 */
export const cancelBulkUpdate = async (deps: BulkUpdateDeps, principal: Principal, jobId: string, context: CommandContext): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const job = await deps.readModels.get<BulkJobDocument>(BULK_UPDATE_JOBS_COLLECTION, jobId);
  if (job === null || job.accountId !== principal.accountId) return E.left(notFound());
  const handled = await handleBulkUpdateJob(deps, bulkUpdateStream(jobId), { type: 'CancelBulkUpdate', by: exportOwnerOf(principal), now: context.now }, context);
  if (E.isLeft(handled)) {
    switch (handled.left.kind) {
      case 'BulkUpdateNotFound':
        return E.left(notFound());
      case 'BulkUpdateFinished':
        return E.left(problem(409, `The bulk update has already ${handled.left.status}: there is nothing left to cancel`, { status: handled.left.status }));
      default:
        return E.left(contention('bulk update'));
    }
  }
  if (handled.right.appended !== null) await deps.progress.waitFor([BULK_UPDATES_PROJECTION], handled.right.appended.position, READ_YOUR_WRITES_MS);
  return ok({ success: true, jobId, status: 'cancelled', statusUrl: bulkStatusUrl(jobId) });
};
