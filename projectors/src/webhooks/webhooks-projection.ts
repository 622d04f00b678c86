import {
  DocumentWrite, positionToString, ProjectionReads, RecordedEvent, WEBHOOK_ATTEMPTS_COLLECTION, WEBHOOK_DELIVERY_STREAM_PREFIX, WEBHOOK_STREAM_PREFIX,
  WEBHOOK_SUBSCRIPTIONS_COLLECTION, WebhookDeliveryAttempted, WEBHOOKS_PROJECTION, WebhookSubscriptionDocument, WebhookSubscriptionEvent,
} from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

const WEBHOOK_ATTEMPTS_BY_SUBSCRIPTION_INDEX = 'subscription_attempted';

const subscription = (id: string, set: Record<string, unknown>, upsert = false): DocumentWrite => ({ collection: WEBHOOK_SUBSCRIPTIONS_COLLECTION, id, set, ...(upsert ? { upsert } : {}) });

const subscriptionWrites = (event: WebhookSubscriptionEvent, position: string): readonly DocumentWrite[] => {
  switch (event.type) {
    case 'WebhookSubscriptionCreated': {
      const d = event.data;
      return [subscription(d.subscriptionId, {
        accountId: d.accountId, url: d.url, eventTypes: d.eventTypes, description: d.description, enabled: true, disabledReason: null,
        secretVersion: d.secretVersion, previousSecret: null, createdPosition: position, createdAt: d.createdAt, updatedAt: d.createdAt, lastSuccessAt: null, failingSince: null,
      }, true)];
    }
    case 'WebhookSubscriptionUpdated': {
      const { changes, at } = event.data;
      const enabled = changes.enabled !== undefined ? { enabled: changes.enabled, disabledReason: null, ...(changes.enabled ? { failingSince: null } : {}) } : {};
      return [subscription(event.data.subscriptionId, { ...changes, ...enabled, updatedAt: at })];
    }
    case 'WebhookSecretRotated':
      return [subscription(event.data.subscriptionId, {
        secretVersion: event.data.secretVersion, previousSecret: { version: event.data.secretVersion - 1, validUntil: event.data.previousSecretValidUntil }, updatedAt: event.data.at,
      })];
    case 'WebhookSubscriptionDisabled':
      return [subscription(event.data.subscriptionId, { enabled: false, disabledReason: event.data.reason, updatedAt: event.data.at })];
    case 'WebhookSubscriptionDeleted':
      return [{ collection: WEBHOOK_SUBSCRIPTIONS_COLLECTION, id: event.data.subscriptionId, set: {}, remove: true }];
    default:
      return [];
  }
};

/** A success moves lastSuccessAt when it is this much later than the one kept (one write a minute, not one per delivery). */
const LAST_SUCCESS_RESOLUTION_MS = 60_000;

/** Each attempt is a row of the delivery log; the subscription keeps its last success (to the minute) and since when it fails. */
const attemptWrites = async (d: WebhookDeliveryAttempted['data'], reads: ProjectionReads): Promise<readonly DocumentWrite[]> => {
  const row: DocumentWrite = {
    collection: WEBHOOK_ATTEMPTS_COLLECTION,
    id: `${d.deliveryId}:${d.attempt}`,
    set: {
      accountId: d.accountId, subscriptionId: d.subscriptionId, deliveryId: d.deliveryId, messageId: d.messageId, eventType: d.eventType,
      eventPosition: d.eventPosition, replayId: d.replayId, attempt: d.attempt, attemptedAt: d.attemptedAt, outcome: d.outcome,
      statusCode: d.statusCode, durationMs: d.durationMs, error: d.error, retryAt: d.retryAt,
    },
    upsert: true,
  };
  const current = await reads.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, d.subscriptionId);
  if (current === null) return [row];
  if (d.outcome === 'delivered') {
    const fresh = current.lastSuccessAt !== null && Date.parse(d.attemptedAt) - Date.parse(current.lastSuccessAt) < LAST_SUCCESS_RESOLUTION_MS;
    return current.failingSince === null && fresh ? [row] : [row, subscription(d.subscriptionId, { lastSuccessAt: d.attemptedAt, failingSince: null })];
  }
  return current.failingSince !== null ? [row] : [row, subscription(d.subscriptionId, { failingSince: d.attemptedAt })];
};

/**
 * Read model "webhooks": the subscriptions of each account (never a secret) and the log of every
 * delivery attempt (GET /apis/webhooks/{id}/deliveries).
 */
export const webhooksProjection: ProjectionDefinition = {
  name: WEBHOOKS_PROJECTION,
  streamNamePrefixes: [WEBHOOK_STREAM_PREFIX, WEBHOOK_DELIVERY_STREAM_PREFIX],
  version: 1,
  collections: {
    [WEBHOOK_SUBSCRIPTIONS_COLLECTION]: { fields: ['accountId', 'createdAt', 'enabled'], indexes: [{ name: 'account_created', fields: ['accountId', 'createdAt'] }] },
    [WEBHOOK_ATTEMPTS_COLLECTION]: {
      fields: ['accountId', 'subscriptionId', 'attemptedAt', 'outcome', 'eventType', 'retryAt'],
      indexes: [{ name: WEBHOOK_ATTEMPTS_BY_SUBSCRIPTION_INDEX, fields: ['subscriptionId', 'attemptedAt'] }],
    },
  },
  project: async (event: RecordedEvent, reads: ProjectionReads) => {
    if (event.type === 'WebhookDeliveryAttempted') return attemptWrites((event as unknown as WebhookDeliveryAttempted).data, reads);
    return subscriptionWrites({ type: event.type, data: event.data } as WebhookSubscriptionEvent, positionToString(event.position));
  },
};
