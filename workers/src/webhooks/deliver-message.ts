import * as E from 'fp-ts/Either';
import {
  attemptOutcome, CommandContext, initialDeliveryState, isRetryableAnswer, nextWebhookAttemptAt, signingSecrets, webhookDeliveryDecider, webhookDeliveryId,
  webhookDeliveryStream, webhookPayload, WebhookSubscriptionDocument,
} from '@support/domain';
import { handleWebhookDelivery, loadStream } from '@support/event-sourcing';
import { earlierPending } from './delivery-order';
import type { MessageDataOf } from './message-data';
import { WebhookDeliveryJob, WebhookMessageRef } from './webhook-jobs';
import { WEBHOOK_WORKER, WebhookWorkerDeps } from './webhook-worker-deps';

/** A delivery waiting for an earlier one of its stream looks again after this long. */
const ORDER_WAIT_MS = 250;

/** Where one message of a delivery job stands after its turn: settled (nothing more to do), or to be looked at again after a while. */
export type MessageTurn =
  | { readonly settled: true; readonly failed: boolean }
  | { readonly settled: false; readonly delayMs: number; readonly reason: string; readonly failed: boolean };

/**
 * One attempt of one message of a delivery job to its subscription, safe to run again at any point:
 * 1. the delivery already delivered or failed for good: settled; its next attempt not due yet: again then;
 *    a `fresh` job (its first delivery, so no attempt of it can exist) skips this read;
 * 2. an earlier message of the same stream not yet settled for this subscription: again shortly;
 * 3. send, its data made from its log event as the log has it now (context.dataOf), signed with the subscription's secrets, and record the attempt (WebhookDeliveryAttempted:
 *    delivered; failed with the next attempt's time (timeouts, connection errors, 408, 429 with its
 *    Retry-After, 5xx; for at least a day); or failed for good (another 4xx, a redirect, a refused
 *    target, or the day is over)).
 */
export const deliverMessage = async (
  deps: WebhookWorkerDeps, sub: WebhookSubscriptionDocument, job: WebhookDeliveryJob, message: WebhookMessageRef,
  context: { readonly jobId: string; readonly fresh: boolean; readonly random: () => number; readonly dataOf: MessageDataOf },
): Promise<MessageTurn> => {
  const deliveryId = webhookDeliveryId(sub._id, message.messageId, job.replayId);
  const stream = webhookDeliveryStream(deliveryId);
  const { state } = context.fresh ? { state: initialDeliveryState() } : await loadStream(deps.eventStore, stream, webhookDeliveryDecider);
  if (state.settled !== null) return { settled: true, failed: false };
  const now = deps.clock.now();
  if (state.retryAt !== null && Date.parse(state.retryAt) > now.getTime()) {
    return { settled: false, delayMs: Date.parse(state.retryAt) - now.getTime(), reason: 'next attempt not due yet', failed: false };
  }
  const waitingFor = await earlierPending(deps, job, message, sub.eventTypes, sub.createdPosition, now);
  if (waitingFor !== null) return { settled: false, delayMs: ORDER_WAIT_MS, reason: `waiting for the delivery of ${waitingFor}`, failed: false };

  const data = await context.dataOf(message);
  if (data === null) return { settled: true, failed: false };
  const body = JSON.stringify(webhookPayload(message.messageId, message.position, message.occurredAt, { type: message.type, accountId: message.accountId, data }));
  const attempt = await deps.webhooks.transport.send({ url: sub.url, body, messageId: message.messageId, timestamp: now, secrets: signingSecrets(deps.webhooks.key, sub, now) });
  const after = deps.clock.now();
  const result = attemptOutcome(attempt);
  const number = state.attempts + 1;
  const firstAttemptAt = new Date(state.firstAttemptAt ?? now.toISOString());
  // A refused target and a redirect are the subscription's to fix: like a 4xx, they are not retried.
  const retryable = result.outcome === 'failed' && attempt.kind !== 'refused' && attempt.kind !== 'redirect' && isRetryableAnswer(result.statusCode);
  const retryAt = retryable ? nextWebhookAttemptAt(number, firstAttemptAt, after, context.random(), attempt.kind === 'answered' ? attempt.retryAfterMs : undefined) : null;
  const ctx: CommandContext = { accountId: sub.accountId, userId: WEBHOOK_WORKER, requestId: context.jobId, now: after };
  const recorded = await handleWebhookDelivery(deps, stream, {
    type: 'RecordAttempt',
    attempt: {
      deliveryId, subscriptionId: sub._id, accountId: sub.accountId, messageId: message.messageId, eventType: message.type, eventPosition: message.position,
      subject: message.subject, replayId: job.replayId, attempt: number, attemptedAt: now.toISOString(), ...result, durationMs: attempt.durationMs,
      retryAt: retryAt?.toISOString() ?? null,
    },
  }, ctx, { newStream: context.fresh });
  const log = { subscriptionId: sub._id, deliveryId, messageId: message.messageId, eventType: message.type, attempt: number, outcome: result.outcome, statusCode: result.statusCode };
  if (E.isLeft(recorded)) {
    // Another delivery of the job recorded this attempt first: its outcome stands.
    deps.logger.warn('webhook attempt not recorded: another attempt came first', { ...log, why: recorded.left.kind });
    return { settled: true, failed: false };
  }
  if (result.outcome === 'delivered') {
    deps.logger.info('webhook delivered', { ...log, durationMs: attempt.durationMs });
    return { settled: true, failed: false };
  }
  deps.logger.warn('webhook attempt failed', { ...log, error: result.error, retryAt: retryAt?.toISOString() ?? null });
  return retryAt === null
    ? { settled: true, failed: true }
    : { settled: false, delayMs: Math.max(0, retryAt.getTime() - after.getTime()), reason: result.error ?? 'failed', failed: true };
};
