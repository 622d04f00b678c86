import { TICKET_BULK_UPDATE_JOB } from '@support/domain';
import { BULK_UPDATE_CONSUMER, BULK_UPDATE_WORKER, BulkUpdateWorkerDeps, BulkUpdateWorkerOptions } from './bulk-update-worker-deps';
import { runBulkUpdateJob } from './run-bulk-update';

const DEFAULT_BULK_UPDATE_WORKER_OPTIONS: Required<BulkUpdateWorkerOptions> = {
  concurrency: 1,
  ticketsAtOnce: 10,
  ticketsPerSecond: 250,
  ackWaitMs: 30_000,
  maxDeliver: 5,
};

/** The bulk-update worker: a durable consumer of bulk-update jobs (the embedded queue, or NATS JetStream). */
export const ticketBulkUpdateWorker = (options: BulkUpdateWorkerOptions = {}) => ({
  name: BULK_UPDATE_WORKER,
  start: async (deps: BulkUpdateWorkerDeps): Promise<{ stop(): Promise<void> }> => {
    const settings = { ...DEFAULT_BULK_UPDATE_WORKER_OPTIONS, ...options };
    const handle = await deps.jobQueue.consume(
      TICKET_BULK_UPDATE_JOB,
      // One more delivery than the worker's own limit: the last one it sees records the failure.
      { consumer: BULK_UPDATE_CONSUMER, maxDeliver: settings.maxDeliver + 1, ackWaitMs: settings.ackWaitMs, concurrency: settings.concurrency },
      runBulkUpdateJob(deps, settings),
    );
    return { stop: () => handle.stop() };
  },
});
