import { RecordedEvent } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';
import { deliveryJobs } from './fan-out';
import { WEBHOOK_REPLAY_JOB, WEBHOOK_SOURCE_PREFIXES, WebhookReplayJob } from './webhook-jobs';
import { WebhookWorkerDeps } from './webhook-worker-deps';

/**
 * Job dispatch of webhooks: the messages of a batch of events go to each subscription that gets
 * them, as one delivery job per subscription (deduplicated by its deliveries' ids, so a replayed log
 * publishes nothing new), and every replay request asks for a replay job. The subscriptions are read once the
 * webhooks read model has the log up to the batch's last event, so a subscription made just before
 * an event is not missed; an account without subscriptions costs one read per batch, no job and no message.
 */
export const webhookDispatcher = (deps: WebhookWorkerDeps): DispatcherDefinition => {
  const replayJobs = (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'WebhookReplayRequested') return [];
    const data = event.data as WebhookReplayJob;
    return [{ kind: WEBHOOK_REPLAY_JOB, payload: data, dedupeId: `webhook-replay:${data.replayId}` }];
  };
  return {
    name: 'webhooks',
    streamNamePrefixes: WEBHOOK_SOURCE_PREFIXES,
    jobsFor: replayJobs,
    jobsForBatch: async (events) => [...events.flatMap(replayJobs), ...(await deliveryJobs(deps, events))],
  };
};
