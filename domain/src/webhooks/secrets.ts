import { createHmac } from 'node:crypto';
import { WebhookSubscriptionDocument } from './read-model';

/**
 * The signing secret of a subscription's secret version, in the Standard Webhooks form
 * ("whsec_" and 32 bytes in base64). Derived from the service's webhook key, the subscription and
 * the version, so no secret is ever stored: not in events, read models or logs. Shown once, when
 * the subscription is made or its secret rotated; rotating makes the next version.
 */
export const webhookSecret = (serviceKey: Buffer, subscriptionId: string, version: number): string =>
  `whsec_${createHmac('sha256', serviceKey).update(`webhook-secret\u0000${subscriptionId}\u0000${version}`).digest('base64')}`;

/** The secrets that sign a delivery at `now`: the current one, and the previous one during its overlap. */
export const signingSecrets = (serviceKey: Buffer, doc: Pick<WebhookSubscriptionDocument, '_id' | 'secretVersion' | 'previousSecret'>, now: Date): readonly string[] => {
  const versions = doc.previousSecret !== null && Date.parse(doc.previousSecret.validUntil) > now.getTime()
    ? [doc.secretVersion, doc.previousSecret.version]
    : [doc.secretVersion];
  return versions.map((v) => webhookSecret(serviceKey, doc._id, v));
};
