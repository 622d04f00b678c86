import {
  CUSTOMER_STREAM_PREFIX, LOG_CHECKPOINT_STREAM,
  WEBHOOK_STREAM_PREFIX, WebhookEventType, WebhookReplayRequested, TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX,
} from '@support/domain';
import type { WebhookMessage } from './webhook-messages';

/** The webhooks' job kinds and payloads, which the dispatcher (webhook-dispatcher.ts) publishes and the workers take. */

export { WebhookMessage, webhookMessagesOf } from './webhook-messages';
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
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
export const WEBHOOK_SOURCE_PREFIXES: readonly string[] = [
  TICKET_STREAM_PREFIX, EXPORT_JOB_STREAM_PREFIX, MESSAGE_STREAM_PREFIX, RECORD_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX, LOG_CHECKPOINT_STREAM, CUSTOMER_STREAM_PREFIX,
];
