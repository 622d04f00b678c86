import * as E from 'fp-ts/Either';
import { isTicketBulkUpdateJob, TICKET_BULK_UPDATE_JOB } from '@support/domain';
import { periodicSweep } from '../exports/periodic-sweep';
import { bulkJobCommand } from './bulk-job-command';
import { BulkUpdateWorkerDeps } from './bulk-update-worker-deps';

/** What the poller of a bulk update whose job went to the dead letter reads (safe: nothing internal). */
export const DEAD_LETTERED_BULK_UPDATE_ERROR = 'The bulk update could not be completed: its worker stopped before finishing it on every try. The outcomes recorded so far stand; start a new bulk update for the rest.';

/**
 * Bulk updates in the queue's dead letter that are still queued or running (a worker that died on
 * the job's last delivery recorded nothing) are failed with a safe message, so none stays `running`
 * for ever. Idempotent: a job already finished or cancelled is left as it is.
 */
export const failDeadLetteredBulkUpdates = async (deps: BulkUpdateWorkerDeps): Promise<number> => {
  let failed = 0;
  for (const letter of await deps.jobQueue.deadLetters(TICKET_BULK_UPDATE_JOB)) {
    if (!isTicketBulkUpdateJob(letter.job.payload)) continue;
    const r = await bulkJobCommand(deps, letter.job.payload, { type: 'FailBulkUpdate', error: DEAD_LETTERED_BULK_UPDATE_ERROR, now: deps.clock.now() });
    if (E.isRight(r) && r.right.newEvents.length > 0) {
      failed++;
      deps.logger.warn('a bulk update whose job went to the dead letter was failed', { jobId: letter.job.payload.jobId, accountId: letter.job.payload.accountId, reason: letter.reason });
    }
  }
  return failed;
};

/** Every 30 s (and at start), as the export's sweep. */
export const bulkUpdateDeadLetterSweep = (intervalMs = 30_000) =>
  periodicSweep<BulkUpdateWorkerDeps>('worker:ticket-bulk-update-dead-letters', intervalMs, async (deps) => {
    await failDeadLetteredBulkUpdates(deps);
  });
