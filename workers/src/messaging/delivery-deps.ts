import { AccountDirectory, Clock, EventStore, IdGenerator, JobQueue, Logger } from '@support/domain';

/** What the delivery worker needs from the composition root (ServiceDeps has all of it). */
export interface DeliveryWorkerDeps {
  readonly eventStore: EventStore;
  readonly jobQueue: JobQueue;
  readonly directory: () => AccountDirectory;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly logger: Logger;
  /** Outgoing HTTP; the chat-app client is built over it. */
  readonly fetch: typeof fetch;
}

/** The worker's name in event metadata (userId) and logs. */
export const DELIVERY_WORKER = 'chatapp-delivery';
