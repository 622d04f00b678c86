import { ConsumerOptions, JobHandler, JobQueue } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

/**
 * The job-queue port with its deliveries counted (redeliveries and outcomes by kind), and the kinds
 * this process publishes or consumes gauged at scrape time: depth and dead letters, as the engine
 * tells them (JobQueue.stats).
 */
export const meteredJobQueue = (queue: JobQueue, metrics: ServiceMetrics): JobQueue => {
  const kinds = new Set<string>();
  const read = (pick: 'depth' | 'deadLetters') => async () =>
    Promise.all([...kinds].sort().map(async (kind) => ({ labels: { kind }, value: (await queue.stats(kind))[pick] })));
  metrics.gauge('support_job_queue_depth', 'Jobs published and not finished (waiting, delayed for a retry, or in hand), by job kind.', ['kind'], read('depth'));
  metrics.gauge('support_job_dead_letters', 'Jobs in the dead letter, by job kind.', ['kind'], read('deadLetters'));
  return {
    publish: (kind, payload, options) => {
      kinds.add(kind);
      return queue.publish(kind, payload, options);
    },
    consume: <P>(kind: string, options: ConsumerOptions, handler: JobHandler<P>) => {
      kinds.add(kind);
      return queue.consume<P>(kind, options, async (job, lease) => {
        if (job.deliveryCount > 1) metrics.jobRedeliveries.inc({ kind });
        metrics.jobsInProgress.inc({ kind });
        try {
          const outcome = await handler(job, lease);
          metrics.jobsHandled.inc({ kind, outcome: outcome.type });
          return outcome;
        } catch (e) {
          metrics.jobsHandled.inc({ kind, outcome: 'error' });
          throw e;
        } finally {
          metrics.jobsInProgress.dec({ kind });
        }
      });
    },
    deadLetters: (kind) => queue.deadLetters(kind),
    stats: (kind) => queue.stats(kind),
    publisherPosition: (publisher) => queue.publisherPosition(publisher),
    savePublisherPosition: (publisher, position) => queue.savePublisherPosition(publisher, position),
    close: () => queue.close(),
  };
};
