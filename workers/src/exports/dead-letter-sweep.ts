import * as E from 'fp-ts/Either';
import { TICKET_EXPORT_JOB } from '@support/domain';
import { exportCommand } from './export-command';
import { ExportWorkerDeps } from './export-worker-deps';
import { periodicSweep } from './periodic-sweep';

/** What the poller of an export whose job went to the dead letter reads (safe: no path, no stack, no engine text). */
export const DEAD_LETTERED_EXPORT_ERROR = 'The export could not be completed: its worker stopped before finishing it on every try. Start a new export.';

/**
 * Export jobs in the queue's dead letter whose export is still queued or running (a worker that
 * died on the job's last delivery recorded nothing) are failed with a safe message, so no export
 * stays `running` for ever. Idempotent: an export already finished is left as it is.
 */
export const failDeadLetteredExports = async (deps: ExportWorkerDeps): Promise<number> => {
  const dead = await deps.jobQueue.deadLetters(TICKET_EXPORT_JOB);
  let failed = 0;
  for (const letter of dead) {
    const { jobId, accountId } = letter.job.payload as { jobId?: unknown; accountId?: unknown };
    if (typeof jobId !== 'string' || typeof accountId !== 'string') continue;
    const r = await exportCommand(deps, { jobId, accountId, queueJobId: letter.job.id }, { type: 'FailExport', attempt: null, error: DEAD_LETTERED_EXPORT_ERROR, now: deps.clock.now() });
    if (E.isRight(r) && r.right.newEvents.length > 0) {
      failed++;
      deps.logger.warn('an export whose job went to the dead letter was failed', { jobId, accountId, queueJobId: letter.job.id, reason: letter.reason });
    }
  }
  return failed;
};

interface DeadLetterSweepOptions {
  /** Time between two sweeps. Default 30 s: a poller sees the failure within that. */
  readonly intervalMs?: number;
}

export const exportDeadLetterSweep = (options: DeadLetterSweepOptions = {}) =>
  periodicSweep<ExportWorkerDeps>('worker:ticket-export-dead-letters', options.intervalMs ?? 30_000, async (deps) => {
    await failDeadLetteredExports(deps);
  });
