import { TICKET_EXPORT_WITHDRAWAL_JOB } from '@support/domain';
import { DEFAULT_EXPORT_WITHDRAWAL_OPTIONS, ExportWithdrawalDeps, withdrawErasedExports } from './withdraw-exports';

export const EXPORT_WITHDRAWAL_WORKER = 'worker:ticket-export-withdrawal';

/**
 * The consumer of export withdrawals after erasures (docs/api/erasure.md): one at a time. The queue
 * allows a few more deliveries than the job's own limit, so a delivery that throws after it stopped
 * the last running exports is tried again.
 */
export const exportWithdrawalWorker = () => ({
  name: EXPORT_WITHDRAWAL_WORKER,
  start: async (deps: ExportWithdrawalDeps): Promise<{ stop(): Promise<void> }> => {
    const handle = await deps.jobQueue.consume(
      TICKET_EXPORT_WITHDRAWAL_JOB,
      { consumer: 'ticket-export-withdrawal', maxDeliver: DEFAULT_EXPORT_WITHDRAWAL_OPTIONS.maxDeliver + 5, ackWaitMs: 120_000, concurrency: 1 },
      withdrawErasedExports(deps),
    );
    return { stop: () => handle.stop() };
  },
});
