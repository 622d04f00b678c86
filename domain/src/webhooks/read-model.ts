import type { WebhookDeliveryAttempted } from './delivery';
import type { WebhookSubscriptionSettings } from './subscription-events';

export const WEBHOOKS_PROJECTION = 'webhooks';
export const WEBHOOK_SUBSCRIPTIONS_COLLECTION = 'webhook_subscriptions';
export const WEBHOOK_ATTEMPTS_COLLECTION = 'webhook_attempts';

/** A subscription as GET /apis/webhooks shows it (never its secret). */
export type WebhookSubscriptionDocument = WebhookSubscriptionSettings & {
  readonly _id: string;
  /** Log position of its creation: it receives the events after it. */
  readonly createdPosition: string;
  /** The last successful attempt, to the minute (for the disable rule and the listing). */
  readonly lastSuccessAt: string | null;
  /** The first failed attempt since the last success (null: none failing). */
  readonly failingSince: string | null;
};

/** One attempt of one delivery (GET /apis/webhooks/{id}/deliveries): the attempt's event, by `${deliveryId}:${attempt}`. */
export type WebhookAttemptDocument = { readonly _id: string } & Omit<WebhookDeliveryAttempted['data'], 'subject'>;
