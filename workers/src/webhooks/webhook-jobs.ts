import {
  CUSTOMER_STREAM_PREFIX, LOG_CHECKPOINT_STREAM,
  WEBHOOK_STREAM_PREFIX, WebhookEventType, WebhookReplayRequested, TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX,
} from '@support/domain';
import type { WebhookMessage } from './webhook-messages';

/** The webhooks' job kinds and payloads, which the dispatcher (webhook-dispatcher.ts) publishes and the workers take. */

export { WebhookMessage, webhookMessagesOf } from './webhook-messages';
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
export const WEBHOOK_REPLAY_JOB = 'webhook-replay';

/**
 * A message as a delivery job holds it: the log event that makes it (its stream, revision and
 * position; its id is in the message id), not its data, which is read from the log when it is sent
 * (message-data.ts), so that the job queue keeps no customer's value while it retries and a value
 * erased meanwhile is not sent. Jobs published before held the data too: it is sent only when the
 * log no longer has the event.
 */
export type WebhookMessageRef = Omit<WebhookMessage, 'data'> & { readonly data?: WebhookMessage['data'] };

/** The reference to a message's log event that a delivery job holds (its data left out). */
export const referenceOf = (m: WebhookMessageRef): WebhookMessageRef => ({
  messageId: m.messageId, type: m.type, accountId: m.accountId, subject: m.subject, revision: m.revision, position: m.position, occurredAt: m.occurredAt,
});

/** Messages for one subscription (a replay's under its replay id), in log order. */
export interface WebhookDeliveryJob {
  readonly subscriptionId: string;
  readonly replayId: string | null;
  readonly messages: readonly WebhookMessageRef[];
  /**
   * The messages this one waits for: the earlier ones of its stream after this position (the
   * subscription's creation, or a replay's start) and of these types. Absent: the subscription's.
   */
  readonly orderAfter?: string;
  readonly orderTypes?: readonly WebhookEventType[];
}

export type WebhookReplayJob = WebhookReplayRequested['data'];

/** The streams whose events make webhook messages, and the subscriptions' own (replay requests). */
export const WEBHOOK_SOURCE_PREFIXES: readonly string[] = [
  TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX, LOG_CHECKPOINT_STREAM, CUSTOMER_STREAM_PREFIX,
];
