import * as E from 'fp-ts/Either';
import {
  attemptOutcome, CommandContext, signingSecrets, webhookDeliveryId, webhookDeliveryStream, WebhookSubscriptionDocument, WEBHOOK_PAYLOAD_VERSION,
} from '@support/domain';
import { handleWebhookDelivery } from '@support/event-sourcing';
import { WebhookCommandDeps } from './webhook-deps';

/** What the ping answers: how the receiver took the test message. */
interface PingAnswer {
  readonly delivered: boolean;
  readonly messageId: string;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly error: string | null;
}

/**
 * POST /apis/webhooks/{id}/ping: one signed test message (type webhook.ping) sent now, whatever
 * the subscription's event types and state; its attempt goes to the delivery log like any other,
 * and is not retried.
 */
export const pingSubscription = async (deps: WebhookCommandDeps, doc: WebhookSubscriptionDocument, ctx: CommandContext): Promise<PingAnswer> => {
  const messageId = `ping:${deps.newId()}`;
  const body = JSON.stringify({
    type: 'webhook.ping', timestamp: ctx.now.toISOString(), version: WEBHOOK_PAYLOAD_VERSION, id: messageId, accountId: doc.accountId,
    data: { subscriptionId: doc._id },
  });
  const attempt = await deps.webhooks.transport.send({ url: doc.url, body, messageId, timestamp: ctx.now, secrets: signingSecrets(deps.webhooks.key, doc, ctx.now) });
  const result = attemptOutcome(attempt);
  const deliveryId = webhookDeliveryId(doc._id, messageId, null);
  const recorded = await handleWebhookDelivery(deps, webhookDeliveryStream(deliveryId), {
    type: 'RecordAttempt',
    attempt: {
      deliveryId, subscriptionId: doc._id, accountId: doc.accountId, messageId, eventType: 'webhook.ping', eventPosition: '', subject: '', replayId: null,
      attempt: 1, attemptedAt: ctx.now.toISOString(), ...result, durationMs: attempt.durationMs, retryAt: null,
    },
  }, ctx);
  if (E.isLeft(recorded)) deps.logger.warn('a webhook ping attempt was not recorded', { requestId: ctx.requestId, subscriptionId: doc._id, why: recorded.left.kind });
  return { delivered: result.outcome === 'delivered', messageId, statusCode: result.statusCode, durationMs: attempt.durationMs, error: result.error };
};
