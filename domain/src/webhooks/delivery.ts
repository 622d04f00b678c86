import { createHash } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { Decider, DomainEvent } from '../shared/decider';
import type { WebhookAttempt } from '../ports/webhook-transport';
import { WebhookEventType, WebhookMessageType } from './event-catalog';

export const WEBHOOK_DELIVERY_STREAM_PREFIX = 'webhook_delivery-';

/**
 * The id a receiver sees (webhook-id): the log event's id, with the type when one log event makes
 * two webhook events (a resolving status change is also ticket.resolved). Stable across attempts and
 * replays, so a receiver dedupes on it.
 */
export const webhookMessageId = (eventId: string, type: WebhookEventType): string => `${eventId}:${type}`;

/** One delivery: of one message to one subscription (a replay delivers anew, under its own id). */
export const webhookDeliveryId = (subscriptionId: string, messageId: string, replayId: string | null): string =>
  createHash('sha256').update(`${subscriptionId}\u0000${messageId}\u0000${replayId ?? ''}`).digest('hex').slice(0, 32);

export const webhookDeliveryStream = (deliveryId: string): string => `${WEBHOOK_DELIVERY_STREAM_PREFIX}${deliveryId}`;

/** Every attempt of a delivery, with what the receiver answered (or why there was no answer). */
export type WebhookDeliveryAttempted = DomainEvent<'WebhookDeliveryAttempted', {
  readonly deliveryId: string;
  readonly subscriptionId: string;
  readonly accountId: string;
  readonly messageId: string;
  readonly eventType: WebhookMessageType;
  /** The log position of the event delivered. */
  readonly eventPosition: string;
  /** The stream of the event (deliveries of one stream go in its order). */
  readonly subject: string;
  readonly replayId: string | null;
  readonly attempt: number;
  readonly attemptedAt: string;
  readonly outcome: 'delivered' | 'failed';
  /** HTTP status of the answer; null without one (timeout, connection refused, target refused). */
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** Why it failed, safe to show (no secret, no header value). */
  readonly error: string | null;
  /** When the next attempt is due; null when there is none (delivered, or failed for good). */
  readonly retryAt: string | null;
}>;

type WebhookDeliveryEvent = WebhookDeliveryAttempted;

export interface WebhookDeliveryState {
  readonly attempts: number;
  readonly firstAttemptAt: string | null;
  readonly lastAttemptAt: string | null;
  /** delivered, failed for good, or null while it may still be tried. */
  readonly settled: 'delivered' | 'failed' | null;
  readonly retryAt: string | null;
}

export const initialDeliveryState = (): WebhookDeliveryState => ({ attempts: 0, firstAttemptAt: null, lastAttemptAt: null, settled: null, retryAt: null });

const evolve = (s: WebhookDeliveryState, e: WebhookDeliveryEvent): WebhookDeliveryState => {
  const d = e.data;
  return {
    attempts: d.attempt,
    firstAttemptAt: s.firstAttemptAt ?? d.attemptedAt,
    lastAttemptAt: d.attemptedAt,
    settled: d.outcome === 'delivered' ? 'delivered' : d.retryAt === null ? 'failed' : null,
    retryAt: d.retryAt,
  };
};

type WebhookDeliveryCommand = { readonly type: 'RecordAttempt'; readonly attempt: WebhookDeliveryAttempted['data'] };
type WebhookDeliveryError = { readonly kind: 'DeliverySettled' } | { readonly kind: 'AttemptOutOfOrder'; readonly expected: number };

/** A delivery's attempts, numbered 1, 2, …; nothing after it is delivered or failed for good. Pure. */
export const webhookDeliveryDecider: Decider<WebhookDeliveryCommand, WebhookDeliveryEvent, WebhookDeliveryState, WebhookDeliveryError> = {
  initialState: initialDeliveryState,
  evolve,
  decide: (c, s) => {
    if (s.settled !== null) return E.left({ kind: 'DeliverySettled' });
    if (c.attempt.attempt !== s.attempts + 1) return E.left({ kind: 'AttemptOutOfOrder', expected: s.attempts + 1 });
    return E.right([{ type: 'WebhookDeliveryAttempted', data: c.attempt }]);
  },
};

/** An attempt as the delivery log keeps it: delivered on a 2xx, else failed with what happened (never a header or secret). */
export const attemptOutcome = (attempt: WebhookAttempt): Pick<WebhookDeliveryAttempted['data'], 'outcome' | 'statusCode' | 'error'> => {
  if (attempt.kind !== 'answered') return { outcome: 'failed', statusCode: null, error: attempt.error };
  const delivered = attempt.status >= 200 && attempt.status < 300;
  return { outcome: delivered ? 'delivered' : 'failed', statusCode: attempt.status, error: delivered ? null : `the receiver answered HTTP ${attempt.status}` };
};
