import { AccountDirectory, Clock, ConfiguredHttp, EventStore, IdGenerator, JobQueue, Logger, OrderLookup } from '@support/domain';

/** What the re-evaluation worker needs from the composition root (ServiceDeps has all of it). */
export interface DataPointsWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly directory: () => AccountDirectory;
  readonly orders: OrderLookup;
  readonly http: ConfiguredHttp;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface DataPointsWorkerOptions {
  /**
   * Pause before try n + 1 after try n found sources still not answering. The default asks again
   * after 30 s, then ever later, for about a day: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h.
   */
  readonly retryDelaysMs?: readonly number[];
}

export const TICKET_DATA_POINTS_WORKER = 'worker:ticket-data-points';
