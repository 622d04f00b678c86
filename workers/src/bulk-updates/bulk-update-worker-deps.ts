import { AccountDirectory, Clock, EventStore, IdGenerator, JobQueue, Logger } from '@support/domain';

/** What the bulk-update worker needs from the composition root. */
export interface BulkUpdateWorkerDeps {
  readonly jobQueue: JobQueue;
  readonly eventStore: EventStore;
  readonly directory: () => AccountDirectory;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface BulkUpdateWorkerOptions {
  /** Jobs run at once by this process. Default 1. */
  readonly concurrency?: number;
  /** Tickets of one job decided at once: their changes and outcomes are one append. Default 10. */
  readonly ticketsAtOnce?: number;
  /** Most tickets a job changes a second (0: no cap), so the desk's own traffic keeps its rate beside it. Default 250. */
  readonly ticketsPerSecond?: number;
  /** A delivery that stops moving for this long is handed out again (a worker that died); a running job extends it. Default 30 s. */
  readonly ackWaitMs?: number;
  /** Deliveries before the job is failed for good. Default 5. */
  readonly maxDeliver?: number;
}

export const BULK_UPDATE_WORKER = 'worker:ticket-bulk-update';
export const BULK_UPDATE_CONSUMER = 'ticket-bulk-update';
