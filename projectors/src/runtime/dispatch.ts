import { JobQueue } from '@support/domain';
import { DispatcherDefinition } from '@support/event-sourcing';
import { SubscriberDefinition } from './subscriber';

/** A dispatcher as a subscriber of the log: the jobs its events ask for are published to the queue. */
export const dispatcherSubscriber = (definition: DispatcherDefinition, queue: JobQueue): SubscriberDefinition => ({
  name: `dispatch:${definition.name}`,
  streamNamePrefixes: definition.streamNamePrefixes,
  handle: async (event) => {
    const jobs = definition.jobsForBatch ? await definition.jobsForBatch([event]) : definition.jobsFor(event);
    for (const job of jobs) await queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId });
  },
  // Jobs of buffered events are published together (combined when the dispatcher says how): the queue dedupes and orders nothing between jobs.
  handleBatch: async (events) => {
    if (definition.jobsForBatch) {
      const worked = await definition.jobsForBatch(events);
      await Promise.all(worked.map((job) => queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId })));
      return;
    }
    const jobs = events.flatMap((e) => definition.jobsFor(e));
    const published = definition.combine && jobs.length > 1 ? definition.combine(jobs) : jobs;
    await Promise.all(published.map((job) => queue.publish(job.kind, job.payload, { dedupeId: job.dedupeId })));
  },
});
