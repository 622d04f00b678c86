import { comparePositions, positionFromString, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookDeliveryId, WebhookSubscriptionDocument, WEBHOOKS_PROJECTION } from '@support/domain';
import type { JobToPublish } from '@support/event-sourcing';
import type { WebhookDeliveryJob, WebhookMessage } from './webhook-jobs';
import type { WebhookWorkerDeps } from './webhook-worker-deps';

/** The delivery job kind (here, so that webhook-jobs.ts and this file do not import each other at run time). */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

/** How long the fan-out waits for the subscriptions read model to reach a message's position. */
const SUBSCRIPTIONS_WAIT_MS = 5_000;

/** Whether a subscription gets a message: enabled, of its account, of a type it names, and made after it. */
export const subscribedTo = (sub: WebhookSubscriptionDocument, m: WebhookMessage): boolean =>
  sub.enabled && sub.accountId === m.accountId && sub.eventTypes.includes(m.type) && comparePositions(positionFromString(m.position), positionFromString(sub.createdPosition)) > 0;

/**
 * The delivery jobs of some messages (in log order): one per message and subscription that gets
 * it, deduplicated by the delivery's id. The subscriptions are read once the read model has the
 * log up to the last message, so a subscription made just before an event is not missed.
 */
export const deliveryJobs = async (deps: Pick<WebhookWorkerDeps, 'progress' | 'readModels'>, messages: readonly WebhookMessage[]): Promise<JobToPublish[]> => {
  await deps.progress.waitFor([WEBHOOKS_PROJECTION], positionFromString(messages[messages.length - 1].position), SUBSCRIPTIONS_WAIT_MS);
  const byAccount = new Map<string, readonly WebhookSubscriptionDocument[]>();
  const jobs: JobToPublish[] = [];
  for (const message of messages) {
    let subs = byAccount.get(message.accountId);
    if (subs === undefined) {
      subs = await deps.readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: { accountId: message.accountId } });
      byAccount.set(message.accountId, subs);
    }
    for (const sub of subs.filter((s) => subscribedTo(s, message))) {
      const payload: WebhookDeliveryJob = { subscriptionId: sub._id, replayId: null, message };
      jobs.push({ kind: WEBHOOK_DELIVERY_JOB, payload, dedupeId: `webhook-delivery:${webhookDeliveryId(sub._id, message.messageId, null)}` });
    }
  }
  return jobs;
};
