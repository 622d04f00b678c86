import { RecordedEvent } from '@support/domain';

export interface JobToPublish {
  readonly kind: string;
  readonly payload: unknown;
  /** Derived from the event (its id), so a replayed event publishes nothing new. */
  readonly dedupeId: string;
}

/**
 * Job dispatch (the outbox): background work is published from the events that ask for it,
 * never directly by a request handler, so an acknowledged command cannot lose its job. The
 * projectors run every dispatcher (dispatcherGroup); the features that own the work (workers,
 * exports, messaging) define them.
 */
export interface DispatcherDefinition {
  readonly name: string;
  readonly streamNamePrefixes: readonly string[];
  jobsFor(event: RecordedEvent): readonly JobToPublish[];
  /**
   * Optional: the jobs of a batch of buffered events as fewer jobs (for example one job for several
   * tickets), so that a queue keeps one job, not one per event, for work a consumer does together.
   * A combined job's dedupeId must be derived from the jobs it holds, like theirs from their events.
   */
  combine?(jobs: readonly JobToPublish[]): readonly JobToPublish[];
  /**
   * Optional, used instead of jobsFor and combine: the jobs of a batch of events worked out with
   * I/O of its own (reading a read model), for a dispatcher whose jobs depend on more than the events.
   */
  jobsForBatch?(events: readonly RecordedEvent[]): Promise<readonly JobToPublish[]>;
}
