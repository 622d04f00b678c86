import { AccountDirectory, BlobStore, Clock, EventStore, IdGenerator, JobQueue, Logger, ReadModels } from '@support/domain';

/** What the export worker and the retention sweep need from the composition root. */
export interface ExportWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly blobStore: BlobStore;
  readonly directory: () => AccountDirectory;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface ExportWorkerOptions {
  /** Exports run at once by this process. Default 2. */
  readonly concurrency?: number;
  /** A delivery whose rows stop moving for this long is redelivered (a hung or crashed worker); a running export extends it. Default 60 s. */
  readonly ackWaitMs?: number;
  /** Deliveries before the job is failed for good. Default 4. */
  readonly maxDeliver?: number;
  /** Least time between two progress events of a run. Default 1 s. */
  readonly progressIntervalMs?: number;
  /** Rows stringified and handed to the blob store at once. Default 1,000. */
  readonly rowsPerChunk?: number;
}

export const EXPORT_WORKER = 'worker:ticket-export';
export const EXPORT_CONSUMER = 'ticket-export';
