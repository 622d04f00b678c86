import {
  comparePositions, Job, JobLease, JobOutcome, positionFromString, positionToString, WEBHOOK_SUBSCRIPTIONS_COLLECTION, WebhookSubscriptionDocument,
} from '@support/domain';
import { deliveryJob } from './fan-out';
import { WEBHOOK_SOURCE_PREFIXES, WebhookReplayJob } from './webhook-jobs';
import { WebhookMessage, webhookMessagesFor } from './webhook-messages';
import { WebhookWorkerDeps } from './webhook-worker-deps';

const ZERO = '0/0';
/** Messages of one delivery job of a replay at most. */
const MESSAGES_PER_JOB = 64;
/** Events read between two extensions of the replay job's lease. */
const EXTEND_EVERY = 5_000;

/**
 * A replay: the log is read from the requested position (or time) up to its head when the job
 * runs, and every message of the subscription's account and of the requested types is delivered
 * again, under the replay's id (each a delivery of its own, in the order of its stream, whatever
 * was delivered before), in delivery jobs of up to MESSAGES_PER_JOB messages. The subscription
 * must still exist and be enabled.
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
  let chunk: WebhookMessage[] = [];
  const publish = async () => {
    if (chunk.length === 0) return;
    const job = deliveryJob({ subscriptionId: sub._id, replayId: replay.replayId, messages: chunk, orderAfter, orderTypes: replay.eventTypes });
    await deps.jobQueue.publish(job.kind, job.payload, { dedupeId: job.dedupeId });
    published += chunk.length;
    chunk = [];
  };
  try {
    for await (const event of subscription) {
      if (comparePositions(event.position, head) > 0) break;
      if (++read % EXTEND_EVERY === 0 && !(await lease.extend())) return { type: 'retry', delayMs: 0, reason: 'the replay lost its lease' };
      if (fromTime !== null && event.created.getTime() < fromTime) {
        await publish();
        orderAfter = positionToString(event.position);
        continue;
      }
      for (const message of webhookMessagesFor(event, sub.accountId)) {
        if (!replay.eventTypes.includes(message.type)) continue;
        chunk.push(message);
        if (chunk.length >= MESSAGES_PER_JOB) await publish();
      }
      if (comparePositions(event.position, head) === 0) break;
    }
    await publish();
  } finally {
    await subscription.unsubscribe();
  }
  deps.logger.info('webhook replay scheduled', { subscriptionId: sub._id, replayId: replay.replayId, read, published });
  return { type: 'ack' };
};
