import {
  Job, JobOutcome, positionFromString, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookDeliveryId, WebhookSubscriptionDocument, WEBHOOKS_PROJECTION,
} from '@support/domain';
import { WEBHOOK_DELIVERY_JOB, WebhookDeliveryJob, WebhookEventsJob, WebhookMessage } from './webhook-jobs';
import { WebhookWorkerDeps } from './webhook-worker-deps';

/** How long the fan-out waits for the subscriptions read model to reach a message's position. */
const SUBSCRIPTIONS_WAIT_MS = 5_000;

const after = (position: string, than: string): boolean => {
  const a = positionFromString(position);
  const b = positionFromString(than);
  return a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);
};

/** Whether a subscription gets a message: enabled, of its account, of a type it names, and made after it. */
export const subscribedTo = (sub: WebhookSubscriptionDocument, m: WebhookMessage): boolean =>
  sub.enabled && sub.accountId === m.accountId && sub.eventTypes.includes(m.type) && after(m.position, sub.createdPosition);

/**
 * A fan-out job: each message goes to every subscription that gets it, as one delivery job
 * (deduplicated by the delivery's id, so a redelivered fan-out publishes nothing twice). The
 * subscriptions are read once the read model has the log up to the job's last message, so a
 * subscription made just before an event is not missed.
 */
export const fanOut = (deps: WebhookWorkerDeps) => async (job: Job): Promise<JobOutcome> => {
  const { messages } = job.payload as WebhookEventsJob;
  if (!Array.isArray(messages) || messages.length === 0) return { type: 'ack' };
  await deps.progress.waitFor([WEBHOOKS_PROJECTION], positionFromString(messages[messages.length - 1].position), SUBSCRIPTIONS_WAIT_MS);
  const byAccount = new Map<string, readonly WebhookSubscriptionDocument[]>();
  for (const message of messages) {
    let subs = byAccount.get(message.accountId);
    if (subs === undefined) {
      subs = await deps.readModels.find<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, { where: { accountId: message.accountId } });
      byAccount.set(message.accountId, subs);
    }
    for (const sub of subs.filter((s) => subscribedTo(s, message))) {
      const delivery: WebhookDeliveryJob = { subscriptionId: sub._id, replayId: null, message };
      await deps.jobQueue.publish(WEBHOOK_DELIVERY_JOB, delivery, { dedupeId: `webhook-delivery:${webhookDeliveryId(sub._id, message.messageId, null)}` });
    }
  }
  return { type: 'ack' };
};
