import {
  positionToString, RecordedEvent, WEBHOOK_SOURCE_EVENT_TYPES, WEBHOOK_STREAM_PREFIX, WebhookEventType, webhookEventsOf, webhookMessageId,
  WebhookReplayRequested, TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX,
} from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';
import { deliveryJobs } from './fan-out';
import { WebhookWorkerDeps } from './webhook-worker-deps';

export { WEBHOOK_DELIVERY_JOB } from './fan-out';
export const WEBHOOK_REPLAY_JOB = 'webhook-replay';

/** One webhook message as made from its log event: what subscriptions are matched against and what is sent. */
export interface WebhookMessage {
  readonly messageId: string;
  readonly type: WebhookEventType;
  readonly accountId: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** The stream of the log event: deliveries of one stream to one subscription go in its order. */
  readonly subject: string;
  readonly revision: string;
  readonly position: string;
  readonly occurredAt: string;
}

/** One message for one subscription (a replay's under its replay id). */
export interface WebhookDeliveryJob {
  readonly subscriptionId: string;
  readonly replayId: string | null;
  readonly message: WebhookMessage;
  /**
   * The messages this one waits for: the earlier ones of its stream after this position (the
   * subscription's creation, or a replay's start) and of these types. Absent: the subscription's.
   */
  readonly orderAfter?: string;
  readonly orderTypes?: readonly WebhookEventType[];
}

export type WebhookReplayJob = WebhookReplayRequested['data'];

/** The webhook messages one log event makes. */
export const webhookMessagesOf = (event: RecordedEvent): readonly WebhookMessage[] =>
  webhookEventsOf(event).map((w) => ({
    messageId: webhookMessageId(event.id, w.type), type: w.type, accountId: w.accountId, data: w.data, subject: event.streamName,
    revision: event.revision.toString(), position: positionToString(event.position), occurredAt: event.created.toISOString(),
  }));

/** The streams whose events make webhook messages, and the subscriptions' own (replay requests). */
export const WEBHOOK_SOURCE_PREFIXES: readonly string[] = [TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX];

/**
 * Job dispatch of webhooks: every message of a batch of events goes to each subscription that gets
 * it, as one delivery job (deduplicated by the delivery's id, so a replayed log publishes nothing
 * new), and every replay request asks for a replay job. The subscriptions are read once the
 * webhooks read model has the log up to the batch's last event, so a subscription made just before
 * an event is not missed; an account without subscriptions costs one read per batch, no job.
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
    jobsForBatch: async (events) => {
      const replays = events.flatMap(replayJobs);
      const messages = events.filter((e) => WEBHOOK_SOURCE_EVENT_TYPES.includes(e.type)).flatMap(webhookMessagesOf);
      if (messages.length === 0) return replays;
      return [...replays, ...(await deliveryJobs(deps, messages))];
    },
  };
};
