import {
  RecordedEvent, WEBHOOK_STREAM_PREFIX, WebhookEventType, WebhookReplayRequested, TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX,
  RECORD_STREAM_PREFIX,
} from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';
import { deliveryJobs } from './fan-out';
import type { WebhookMessage } from './webhook-messages';
import { WebhookWorkerDeps } from './webhook-worker-deps';

export { WEBHOOK_DELIVERY_JOB } from './fan-out';
export { WebhookMessage, webhookMessagesOf } from './webhook-messages';
export const WEBHOOK_REPLAY_JOB = 'webhook-replay';

/** Messages for one subscription (a replay's under its replay id), in log order. */
export interface WebhookDeliveryJob {
  readonly subscriptionId: string;
  readonly replayId: string | null;
  readonly messages: readonly WebhookMessage[];
  /**
   * The messages this one waits for: the earlier ones of its stream after this position (the
   * subscription's creation, or a replay's start) and of these types. Absent: the subscription's.
   */
  readonly orderAfter?: string;
  readonly orderTypes?: readonly WebhookEventType[];
}

export type WebhookReplayJob = WebhookReplayRequested['data'];

/** The streams whose events make webhook messages, and the subscriptions' own (replay requests). */
export const WEBHOOK_SOURCE_PREFIXES: readonly string[] = [TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX];

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
