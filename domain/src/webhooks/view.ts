import { WebhookSubscriptionDocument } from './read-model';

export const WEBHOOKS_PATH = '/apis/webhooks';

/** A subscription as the API shows it: never its secret (that is shown once, when made or rotated). */
export const webhookView = (doc: WebhookSubscriptionDocument) => ({
  id: doc._id,
  url: doc.url,
  eventTypes: doc.eventTypes,
  description: doc.description,
  enabled: doc.enabled,
  disabledReason: doc.disabledReason,
  secretVersion: doc.secretVersion,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  lastSuccessAt: doc.lastSuccessAt,
  failingSince: doc.failingSince,
  deliveriesUrl: `${WEBHOOKS_PATH}/${doc._id}/deliveries`,
});

/** The 403 of an agent's token on the webhook routes. */
export const WEBHOOK_MANAGERS_ONLY = 'Webhook subscriptions are managed by account admins and access tokens: this token belongs to an agent';

/** The 404 message of a subscription that is not the caller's account's. */
export const webhookNotFoundMessage = (id: string): string => `Webhook subscription not found: no subscription ${JSON.stringify(id)} in this account`;
