import { BulkUpdateCommand, bulkUpdateStream } from '@support/domain';
import { handleBulkUpdateJob } from '@support/event-sourcing';
import { BULK_UPDATE_WORKER, BulkUpdateWorkerDeps } from './bulk-update-worker-deps';

/** A command of the workers on a bulk update's stream, in the worker's name. */
export const bulkJobCommand = (deps: BulkUpdateWorkerDeps, job: { readonly jobId: string; readonly accountId: string }, command: BulkUpdateCommand) =>
  handleBulkUpdateJob(deps, bulkUpdateStream(job.jobId), command, { accountId: job.accountId, userId: BULK_UPDATE_WORKER, requestId: job.jobId, now: deps.clock.now() });
