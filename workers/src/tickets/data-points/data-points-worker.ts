import { ConsumerHandle } from '@support/domain';
import { TICKET_DATA_POINTS_JOB } from './data-points-job';
import { DataPointsWorkerDeps, DataPointsWorkerOptions } from './data-points-worker-deps';
import { reevaluateTicket } from './reevaluate-ticket';

const MINUTE = 60_000;
const DEFAULT_REEVALUATION_DELAYS_MS: readonly number[] = [30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE, 120 * MINUTE, 240 * MINUTE, 480 * MINUTE, 480 * MINUTE];

/** The re-evaluation worker: a durable consumer of ticket data points jobs. */
export const startDataPointsWorker = (deps: DataPointsWorkerDeps, options: DataPointsWorkerOptions = {}): Promise<ConsumerHandle> => {
  const settings: Required<DataPointsWorkerOptions> = { retryDelaysMs: options.retryDelaysMs ?? DEFAULT_REEVALUATION_DELAYS_MS };
  return deps.jobQueue.consume(
    TICKET_DATA_POINTS_JOB,
    // One delivery per try, and one more: the last one settles the job.
    { consumer: 'ticket-data-points', maxDeliver: settings.retryDelaysMs.length + 2, ackWaitMs: 60_000, concurrency: 4 },
    reevaluateTicket(deps, settings),
  );
};
