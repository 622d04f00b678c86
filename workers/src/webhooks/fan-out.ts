import { createHash } from 'node:crypto';
import {
  comparePositions, isLogWideEvent, positionFromString, RecordedEvent, WEBHOOK_SOURCE_EVENT_TYPES, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookAccountOf, webhookDeliveryId,
  WebhookSubscriptionDocument, WEBHOOKS_PROJECTION,
} from '@support/domain';
import type { JobToPublish } from '@support/event-sourcing';
import { webhookMessagesFor } from './webhook-messages';
import { referenceOf, WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob, type WebhookMessage } from './webhook-jobs';
import type { WebhookWorkerDeps } from './webhook-worker-deps';

/** How long the fan-out waits for the subscriptions read model to reach a message's position. */
const SUBSCRIPTIONS_WAIT_MS = 5_000;

/** Whether a subscription gets a message: enabled, of its account, of a type it names, and made after it. */
const subscribedTo = (sub: WebhookSubscriptionDocument, m: WebhookMessage): boolean =>
  sub.enabled && sub.accountId === m.accountId && sub.eventTypes.includes(m.type) && comparePositions(positionFromString(m.position), positionFromString(sub.createdPosition)) > 0;

/**
 * The delivery jobs of some events of the log (in log order): for each subscription, one job with
 * the webhook messages they make that it gets, deduplicated by the ids of its deliveries. The
 * subscriptions are read (once per account) when the read model has the log up to the last event,
 * so a subscription made just before an event is not missed; the messages are made only for
 * accounts that have subscriptions.
 */
export const deliveryJobs = async (deps: Pick<WebhookWorkerDeps, 'progress' | 'readModels'>, events: readonly RecordedEvent[]): Promise<JobToPublish[]> => {
  const sources = events.filter((e) => WEBHOOK_SOURCE_EVENT_TYPES.has(e.type));
  if (sources.length === 0) return [];
  await deps.progress.waitFor([WEBHOOKS_PROJECTION], sources[sources.length - 1].position, SUBSCRIPTIONS_WAIT_MS);
  const byAccount = new Map<string, readonly WebhookSubscriptionDocument[]>();
  const bySubscription = new Map<string, WebhookMessage[]>();
  let allRead = false;
  for (const event of sources) {
    // An event of the whole log (a checkpoint) goes to every account with a subscription: every subscription is read once, by account.
    if (isLogWideEvent(event) && !allRead) {
      const all = (await deps.readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: {} })).filter((s) => s.enabled);
      for (const accountId of new Set(all.map((s) => s.accountId))) byAccount.set(accountId, all.filter((s) => s.accountId === accountId));
      allRead = true;
    }
    const own = webhookAccountOf(event);
    for (const accountId of isLogWideEvent(event) ? [...byAccount.keys()] : own !== null ? [own] : []) {
      let subs = byAccount.get(accountId);
      if (subs === undefined) {
        subs = (await deps.readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: { accountId } })).filter((s) => s.enabled);
        byAccount.set(accountId, subs);
      }
      if (subs.length === 0) continue;
      for (const message of webhookMessagesFor(event, accountId)) {
        for (const sub of subs.filter((s) => subscribedTo(s, message))) {
          const messages = bySubscription.get(sub._id);
          if (messages === undefined) bySubscription.set(sub._id, [message]);
          else messages.push(message);
        }
      }
    }
  }
  return [...bySubscription].map(([subscriptionId, messages]) => deliveryJob({ subscriptionId, replayId: null, messages }));
};

/** A delivery job to publish, deduplicated by the ids of the deliveries it holds; its messages name their log events, without their data. */
export const deliveryJob = (job: WebhookDeliveryJob): JobToPublish => {
  const ids = createHash('sha256');
  for (const m of job.messages) ids.update(webhookDeliveryId(job.subscriptionId, m.messageId, job.replayId));
  const payload: WebhookDeliveryJob = { ...job, messages: job.messages.map(referenceOf) };
  return { kind: WEBHOOK_DELIVERY_JOB, payload, dedupeId: `webhook-delivery:${ids.digest('hex').slice(0, 32)}` };
};
