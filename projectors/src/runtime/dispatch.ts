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
}

export const dispatcherSubscriber = (definition: DispatcherDefinition, queue: JobQueue): SubscriberDefinition => ({
  name: `dispatch:${definition.name}`,
  streamNamePrefixes: definition.streamNamePrefixes,
  handle: async (event) => {
    for (const job of definition.jobsFor(event)) await queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId });
  },
  // Jobs of buffered events are published together: the queue dedupes and orders nothing between jobs.
  handleBatch: async (events) => {
    await Promise.all(events.flatMap((e) => definition.jobsFor(e)).map((job) => queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId })));
  },
});
