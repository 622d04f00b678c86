import type { WebhookDeliveryAttempted } from './delivery';
import { WebhookEventType } from './event-catalog';

export const WEBHOOKS_PROJECTION = 'webhooks';
export const WEBHOOK_SUBSCRIPTIONS_COLLECTION = 'webhook_subscriptions';
export const WEBHOOK_ATTEMPTS_COLLECTION = 'webhook_attempts';

/** A subscription as GET /apis/webhooks shows it (never its secret). */
export type WebhookSubscriptionDocument = {
  readonly _id: string;
  readonly accountId: string;
  readonly url: string;
  readonly eventTypes: readonly WebhookEventType[];
  readonly description: string | null;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly secretVersion: number;
  /** The previous secret's version and until when it still signs, during a rotation. */
  readonly previousSecret: { readonly version: number; readonly validUntil: string } | null;
  /** Log position of its creation: it receives the events after it. */
  readonly createdPosition: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The last successful attempt, to the minute (for the disable rule and the listing). */
  readonly lastSuccessAt: string | null;
  /** The first failed attempt since the last success (null: none failing). */
  readonly failingSince: string | null;
}

/** One attempt of one delivery (GET /apis/webhooks/{id}/deliveries): the attempt's event, by `${deliveryId}:${attempt}`. */
export type WebhookAttemptDocument = { readonly _id: string } & Omit<WebhookDeliveryAttempted['data'], 'subject'>;
