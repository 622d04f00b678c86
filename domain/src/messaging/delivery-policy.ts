import { FinishedMessageStatus, isFinishedMessage, MessageDeliveryError, MessageState } from './message-events';

/** How hard delivery tries: attempts, how long one may take, and the pause after a retryable failure. */
export interface MessageDeliveryPolicy {
  readonly maxAttempts: number;
  /** An attempt not finished within this time is taken to have died with its worker. */
  readonly leaseMs: number;
  /** Pause after attempt n failed for a retryable reason (429, 5xx, no answer). */
  readonly retryDelayMs: (attempt: number) => number;
  /** Upper bound of a platform's Retry-After that is honoured. */
  readonly maxRetryAfterMs: number;
}

/** 1 s, 5 s, 30 s, 2 min, 10 min, 30 min: a blip is retried at once, an outage of ~45 minutes is ridden out. */
const MESSAGE_RETRY_SCHEDULE_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000];

export const DEFAULT_MESSAGE_DELIVERY_POLICY: MessageDeliveryPolicy = {
  maxAttempts: MESSAGE_RETRY_SCHEDULE_MS.length + 1,
  leaseMs: 45_000,
  retryDelayMs: (attempt) => MESSAGE_RETRY_SCHEDULE_MS[Math.min(Math.max(attempt, 1), MESSAGE_RETRY_SCHEDULE_MS.length) - 1],
  maxRetryAfterMs: 3_600_000,
};

/** What the delivery worker does next with a message. */
export type MessageDeliveryStep =
  | { readonly kind: 'missing' }
  | { readonly kind: 'done'; readonly status: FinishedMessageStatus }
  | { readonly kind: 'wait'; readonly ms: number; readonly why: 'attempt_in_progress' | 'backoff' }
  | { readonly kind: 'giveUp'; readonly error: MessageDeliveryError }
  | { readonly kind: 'attempt'; readonly attempt: number; readonly afterUnconfirmedAttempt: boolean };

const unconfirmedAttemptError = (attempt: number): MessageDeliveryError => ({
  kind: 'unconfirmed',
  code: 'unconfirmed_attempt',
  message: `Attempt ${attempt} was started but its outcome was never recorded (the worker stopped)`,
});

/**
 * The delivery rule, from the message's stream alone (so a restarted worker decides the same):
 * finished messages are left alone; an attempt still within its lease, or a backoff not yet over,
 * is waited for; an attempt whose lease ran out without an outcome counts as made and unconfirmed.
 */
export const nextMessageDeliveryStep = (state: MessageState, now: Date, policy: MessageDeliveryPolicy): MessageDeliveryStep => {
  if (state.status === 'none' || state.message === null) return { kind: 'missing' };
  if (isFinishedMessage(state.status)) return { kind: 'done', status: state.status };
  const t = now.getTime();
  if (state.openAttempt) {
    const leaseEnds = Date.parse(state.openAttempt.leaseUntil);
    if (t < leaseEnds) return { kind: 'wait', ms: leaseEnds - t, why: 'attempt_in_progress' };
  }
  if (state.retryAt && t < Date.parse(state.retryAt)) return { kind: 'wait', ms: Date.parse(state.retryAt) - t, why: 'backoff' };
  if (state.attempts >= policy.maxAttempts) {
    return { kind: 'giveUp', error: state.openAttempt ? unconfirmedAttemptError(state.openAttempt.attempt) : state.lastError ?? unconfirmedAttemptError(state.attempts) };
  }
  return { kind: 'attempt', attempt: state.attempts + 1, afterUnconfirmedAttempt: state.openAttempt !== null };
};

/** When the next attempt may start after a retryable failure of `attempt`. */
export const messageRetryAt = (attempt: number, now: Date, policy: MessageDeliveryPolicy, retryAfterMs?: number): Date =>
  new Date(now.getTime() + Math.max(policy.retryDelayMs(attempt), Math.min(retryAfterMs ?? 0, policy.maxRetryAfterMs)));
