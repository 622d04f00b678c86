import { TICKET_EXPORT_JOB } from '@support/domain';
import { EXPORT_CONSUMER, EXPORT_WORKER, ExportWorkerDeps, ExportWorkerOptions } from './export-worker-deps';
import { runExportJob } from './run-export';

const DEFAULT_EXPORT_WORKER_OPTIONS: Required<ExportWorkerOptions> = {
  concurrency: 2,
  ackWaitMs: 60_000,
  maxDeliver: 4,
  progressIntervalMs: 1_000,
  rowsPerChunk: 1_000,
};

/** The export worker: a durable consumer of export jobs (the embedded queue, or NATS JetStream). */
export const ticketExportWorker = (options: ExportWorkerOptions = {}) => ({
  name: EXPORT_WORKER,
  start: async (deps: ExportWorkerDeps): Promise<{ stop(): Promise<void> }> => {
    const settings = { ...DEFAULT_EXPORT_WORKER_OPTIONS, ...options };
    const handle = await deps.jobQueue.consume(
      TICKET_EXPORT_JOB,
      // One more delivery than the worker's own limit: the last one it sees records the failure.
      { consumer: EXPORT_CONSUMER, maxDeliver: settings.maxDeliver + 1, ackWaitMs: settings.ackWaitMs, concurrency: settings.concurrency },
      runExportJob(deps, settings),
    );
    return { stop: () => handle.stop() };
  },
});
