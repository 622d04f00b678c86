import {
  comparePositions, Job, JobLease, JobOutcome, positionFromString, positionToString, WEBHOOK_SUBSCRIPTIONS_COLLECTION, webhookDeliveryId, WebhookSubscriptionDocument,
} from '@support/domain';
import { WEBHOOK_DELIVERY_JOB, WEBHOOK_SOURCE_PREFIXES, WebhookDeliveryJob, webhookMessagesOf, WebhookReplayJob } from './webhook-jobs';
import { WebhookWorkerDeps } from './webhook-worker-deps';

const ZERO = '0/0';
/** Events read between two extensions of the replay job's lease. */
const EXTEND_EVERY = 5_000;

/**
 * A replay: the log is read from the requested position (or time) up to its head when the job
 * runs, and every message of the subscription's account and of the requested types is delivered
 * again, under the replay's id (each a delivery of its own, in the order of its stream, whatever
 * was delivered before). The subscription must still exist and be enabled.
 */
export const replayWebhook = (deps: WebhookWorkerDeps) => async (job: Job, lease: JobLease): Promise<JobOutcome> => {
  const replay = job.payload as WebhookReplayJob;
  const sub = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, replay.subscriptionId);
  if (sub === null || !sub.enabled) {
    deps.logger.warn('webhook replay not run: the subscription is gone or disabled', { subscriptionId: replay.subscriptionId, replayId: replay.replayId });
    return { type: 'ack' };
  }
  const head = await deps.eventStore.headPosition();
  if (head === null) return { type: 'ack' };
  const fromTime = replay.fromTime === null ? null : Date.parse(replay.fromTime);
  const start = replay.fromPosition === null ? 'start' as const : positionFromString(replay.fromPosition);
  const subscription = deps.eventStore.subscribeToAll({ fromPosition: start, streamNamePrefixes: WEBHOOK_SOURCE_PREFIXES });
  let orderAfter = replay.fromPosition ?? ZERO;
  let read = 0;
  let published = 0;
  try {
    for await (const event of subscription) {
      if (comparePositions(event.position, head) > 0) break;
      if (++read % EXTEND_EVERY === 0 && !(await lease.extend())) return { type: 'retry', delayMs: 0, reason: 'the replay lost its lease' };
      if (fromTime !== null && event.created.getTime() < fromTime) {
        orderAfter = positionToString(event.position);
        continue;
      }
      for (const message of webhookMessagesOf(event)) {
        if (message.accountId !== sub.accountId || !replay.eventTypes.includes(message.type)) continue;
        const delivery: WebhookDeliveryJob = { subscriptionId: sub._id, replayId: replay.replayId, message, orderAfter, orderTypes: replay.eventTypes };
        await deps.jobQueue.publish(WEBHOOK_DELIVERY_JOB, delivery, { dedupeId: `webhook-delivery:${webhookDeliveryId(sub._id, message.messageId, replay.replayId)}` });
        published += 1;
      }
      if (comparePositions(event.position, head) === 0) break;
    }
  } finally {
    await subscription.unsubscribe();
  }
  deps.logger.info('webhook replay scheduled', { subscriptionId: sub._id, replayId: replay.replayId, read, published });
  return { type: 'ack' };
};
