import {
  comparePositions, positionFromString, WebhookDeliveryAttempted, webhookDeliveryId, webhookDeliveryStream, WebhookEventType,
} from '@support/domain';
import { readLastEvent } from '@support/event-sourcing';
import { WebhookDeliveryJob, WebhookMessageRef } from './webhook-jobs';
import { webhookMessagesOf } from './webhook-messages';
import { WebhookWorkerDeps } from './webhook-worker-deps';

/**
 * How long a delivery waits for the delivery of an earlier message of its stream that was never
 * scheduled (its type was not subscribed then, the subscription was disabled): after that it is
 * taken as not coming.
 */
const ORDER_GRACE_MS = 2 * 60_000;

/**
 * The earlier message of the same stream this delivery must wait for, or null when it may go:
 * deliveries of one stream (one ticket, one export, one message) to one subscription go in the
 * stream's order, each after the one before is delivered or has failed for good.
 */
export const earlierPending = async (
  deps: WebhookWorkerDeps, job: WebhookDeliveryJob, message: WebhookMessageRef, subscribed: readonly WebhookEventType[], createdPosition: string, now: Date,
): Promise<string | null> => {
  const revision = BigInt(message.revision);
  if (revision === 0n) return null;
  const after = job.orderAfter ?? createdPosition;
  const types = job.orderTypes ?? subscribed;
  for await (const event of deps.eventStore.readStream(message.subject, { maxCount: Number(revision) })) {
    if (event.revision >= revision) break;
    for (const earlier of webhookMessagesOf(event)) {
      if (!types.includes(earlier.type) || comparePositions(positionFromString(earlier.position), positionFromString(after)) <= 0) continue;
      const last = await readLastEvent(deps.eventStore, webhookDeliveryStream(webhookDeliveryId(job.subscriptionId, earlier.messageId, job.replayId)));
      if (last === null) {
        if (now.getTime() - Date.parse(earlier.occurredAt) < ORDER_GRACE_MS) return earlier.messageId;
        continue;
      }
      const d = (last as unknown as WebhookDeliveryAttempted).data;
      if (d.outcome !== 'delivered' && d.retryAt !== null) return earlier.messageId;
    }
  }
  return null;
};
