import {
  positionToString, RecordedEvent, WEBHOOK_SOURCE_EVENT_TYPES, WEBHOOK_STREAM_PREFIX, WebhookEventType, webhookEventsOf, webhookMessageId,
  WebhookReplayRequested, TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX,
} from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

export const WEBHOOK_EVENTS_JOB = 'webhook-events';
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
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

/** The webhook messages of a dispatched batch of events, in log order. */
export interface WebhookEventsJob {
  readonly messages: readonly WebhookMessage[];
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

/** Messages one fan-out job holds at most. */
export const MESSAGES_PER_EVENTS_JOB = 64;

/** The webhook messages one log event makes. */
export const webhookMessagesOf = (event: RecordedEvent): readonly WebhookMessage[] =>
  webhookEventsOf(event).map((w) => ({
    messageId: webhookMessageId(event.id, w.type), type: w.type, accountId: w.accountId, data: w.data, subject: event.streamName,
    revision: event.revision.toString(), position: positionToString(event.position), occurredAt: event.created.toISOString(),
  }));

const eventsJob = (messages: readonly WebhookMessage[]): JobToPublish => ({
  kind: WEBHOOK_EVENTS_JOB,
  payload: { messages } satisfies WebhookEventsJob,
  dedupeId: `webhook-events:${messages[0].messageId}${messages.length === 1 ? '' : `+${messages.length}`}`,
});

/**
 * Job dispatch of webhooks: every event that makes webhook messages asks for a fan-out job (the
 * messages of a dispatched batch go in as few jobs as MESSAGES_PER_EVENTS_JOB allows; the fan-out
 * finds the subscriptions), and every replay request for a replay job. Dedupe ids come from the
 * events, so a replayed log publishes nothing new.
 */
export const webhookDispatcher: DispatcherDefinition = {
  name: 'webhooks',
  streamNamePrefixes: [TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type === 'WebhookReplayRequested') {
      const data = event.data as WebhookReplayJob;
      return [{ kind: WEBHOOK_REPLAY_JOB, payload: data, dedupeId: `webhook-replay:${data.replayId}` }];
    }
    if (!WEBHOOK_SOURCE_EVENT_TYPES.includes(event.type)) return [];
    const messages = webhookMessagesOf(event);
    return messages.length === 0 ? [] : [eventsJob(messages)];
  },
  combine: (jobs: readonly JobToPublish[]): readonly JobToPublish[] => {
    const others = jobs.filter((j) => j.kind !== WEBHOOK_EVENTS_JOB);
    const messages = jobs.filter((j) => j.kind === WEBHOOK_EVENTS_JOB).flatMap((j) => (j.payload as WebhookEventsJob).messages);
    const combined: JobToPublish[] = [];
    for (let start = 0; start < messages.length; start += MESSAGES_PER_EVENTS_JOB) combined.push(eventsJob(messages.slice(start, start + MESSAGES_PER_EVENTS_JOB)));
    return [...others, ...combined];
  },
};
