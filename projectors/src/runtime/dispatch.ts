import { JobQueue, RecordedEvent } from '@support/domain';
import { SubscriberDefinition } from './subscriber';

export interface JobToPublish {
  readonly kind: string;
  readonly payload: unknown;
  /** Derived from the event (its id), so a replayed event publishes nothing new. */
  readonly dedupeId: string;
}

/**
 * Job dispatch (the outbox): background work is published from the events that ask for it,
 * never directly by a request handler, so an acknowledged command cannot lose its job.
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
}

export const dispatcherSubscriber = (definition: DispatcherDefinition, queue: JobQueue): SubscriberDefinition => ({
  name: `dispatch:${definition.name}`,
  streamNamePrefixes: definition.streamNamePrefixes,
  handle: async (event) => {
    for (const job of definition.jobsFor(event)) await queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId });
  },
  // Jobs of buffered events are published together (combined when the dispatcher says how): the queue dedupes and orders nothing between jobs.
  handleBatch: async (events) => {
    const jobs = events.flatMap((e) => definition.jobsFor(e));
    const published = definition.combine && jobs.length > 1 ? definition.combine(jobs) : jobs;
    await Promise.all(published.map((job) => queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId })));
  },
});
