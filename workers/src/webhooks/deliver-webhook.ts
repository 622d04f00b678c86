import * as E from 'fp-ts/Either';
import {
  attemptOutcome, CommandContext, isRetryableAnswer, Job, JobOutcome, nextWebhookAttemptAt, signingSecrets, WEBHOOK_RETRY_PERIOD_MS, WEBHOOK_SUBSCRIPTIONS_COLLECTION,
  webhookDeliveryDecider, webhookDeliveryId, webhookDeliveryStream, webhookPayload, webhookStream, WebhookSubscriptionDocument,
  webhookSubscriptionDecider,
} from '@support/domain';
import { commandHandler, handleWebhookDelivery, loadStream } from '@support/event-sourcing';
import { earlierPending } from './delivery-order';
import { WebhookDeliveryJob } from './webhook-jobs';
import { WEBHOOK_WORKER, WebhookWorkerDeps } from './webhook-worker-deps';

const handleSubscription = commandHandler(webhookSubscriptionDecider);

/** A delivery waiting for an earlier one of its stream looks again after this long. */
const ORDER_WAIT_MS = 250;

/**
 * One attempt of one delivery, safe to run again at any point:
 * 1. the subscription gone or disabled: nothing is sent (ack);
 * 2. the delivery already delivered or failed for good: ack; its next attempt not due yet: come back then;
 * 3. an earlier message of the same stream not yet settled for this subscription: come back shortly;
 * 4. send, signed with the subscription's secrets, and record the attempt (WebhookDeliveryAttempted:
 *    delivered; failed with the next attempt's time (timeouts, connection errors, 408, 429 with its
 *    Retry-After, 5xx; for at least a day); or failed for good (another 4xx, a redirect, a refused
 *    target, or the day is over));
 * 5. a subscription that has failed without a single success for a day is disabled (an event too).
 */
export const deliverWebhook = (deps: WebhookWorkerDeps, random: () => number = Math.random) => async (job: Job): Promise<JobOutcome> => {
  const payload = job.payload as WebhookDeliveryJob;
  const { message, subscriptionId, replayId } = payload;
  const sub = await deps.readModels.get<WebhookSubscriptionDocument>(WEBHOOK_SUBSCRIPTIONS_COLLECTION, subscriptionId);
  if (sub === null || !sub.enabled) return { type: 'ack' };
  const deliveryId = webhookDeliveryId(subscriptionId, message.messageId, replayId);
  const stream = webhookDeliveryStream(deliveryId);
  const { state } = await loadStream(deps.eventStore, stream, webhookDeliveryDecider);
  if (state.settled !== null) return { type: 'ack' };
  const now = deps.clock.now();
  if (state.retryAt !== null && Date.parse(state.retryAt) > now.getTime()) return { type: 'retry', delayMs: Date.parse(state.retryAt) - now.getTime(), reason: 'next attempt not due yet' };
  const waitingFor = await earlierPending(deps, payload, sub.eventTypes, sub.createdPosition, now);
  if (waitingFor !== null) return { type: 'retry', delayMs: ORDER_WAIT_MS, reason: `waiting for the delivery of ${waitingFor}` };

  const body = JSON.stringify(webhookPayload(message.messageId, message.position, message.occurredAt, { type: message.type, accountId: message.accountId, data: message.data }));
  const attempt = await deps.webhooks.transport.send({ url: sub.url, body, messageId: message.messageId, timestamp: now, secrets: signingSecrets(deps.webhooks.key, sub, now) });
  const after = deps.clock.now();
  const result = attemptOutcome(attempt);
  const number = state.attempts + 1;
  const firstAttemptAt = new Date(state.firstAttemptAt ?? now.toISOString());
  // A refused target and a redirect are the subscription's to fix: like a 4xx, they are not retried.
  const retryable = result.outcome === 'failed' && attempt.kind !== 'refused' && attempt.kind !== 'redirect' && isRetryableAnswer(result.statusCode);
  const retryAt = retryable ? nextWebhookAttemptAt(number, firstAttemptAt, after, random(), attempt.kind === 'answered' ? attempt.retryAfterMs : undefined) : null;
  const ctx: CommandContext = { accountId: sub.accountId, userId: WEBHOOK_WORKER, requestId: job.id, now: after };
  const recorded = await handleWebhookDelivery(deps, stream, {
    type: 'RecordAttempt',
    attempt: {
      deliveryId, subscriptionId, accountId: sub.accountId, messageId: message.messageId, eventType: message.type, eventPosition: message.position,
      subject: message.subject, replayId, attempt: number, attemptedAt: now.toISOString(), ...result, durationMs: attempt.durationMs,
      retryAt: retryAt?.toISOString() ?? null,
    },
  }, ctx);
  const log = { subscriptionId, deliveryId, messageId: message.messageId, eventType: message.type, attempt: number, outcome: result.outcome, statusCode: result.statusCode };
  if (E.isLeft(recorded)) {
    // Another delivery of the job recorded this attempt first: its outcome stands.
    deps.logger.warn('webhook attempt not recorded: another attempt came first', { ...log, why: recorded.left.kind });
    return { type: 'ack' };
  }
  if (result.outcome === 'delivered') {
    deps.logger.info('webhook delivered', { ...log, durationMs: attempt.durationMs });
    return { type: 'ack' };
  }
  deps.logger.warn('webhook attempt failed', { ...log, error: result.error, retryAt: retryAt?.toISOString() ?? null });
  await disableWhenFailingForADay(deps, sub, after, ctx);
  return retryAt === null ? { type: 'ack' } : { type: 'retry', delayMs: Math.max(0, retryAt.getTime() - after.getTime()), reason: result.error ?? 'failed' };
};

/** A subscription that failed without a single success for the whole retry period is disabled, as an event. */
const disableWhenFailingForADay = async (deps: WebhookWorkerDeps, sub: WebhookSubscriptionDocument, now: Date, ctx: CommandContext): Promise<void> => {
  const since = sub.failingSince;
  if (since === null || now.getTime() - Date.parse(since) < WEBHOOK_RETRY_PERIOD_MS) return;
  const disabled = await handleSubscription(deps, webhookStream(sub._id), {
    type: 'DisableForFailures', reason: `every delivery attempt failed since ${since}, without a success`, failingSince: since, at: now.toISOString(),
  }, ctx);
  if (E.isRight(disabled) && disabled.right.newEvents.length > 0) deps.logger.warn('webhook subscription disabled: failing for a day', { subscriptionId: sub._id, accountId: sub.accountId, failingSince: since });
};
