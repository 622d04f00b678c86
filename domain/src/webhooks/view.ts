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
