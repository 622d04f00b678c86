/** How long a delivery is tried: at least a day from its first attempt. */
export const WEBHOOK_RETRY_PERIOD_MS = 24 * 60 * 60 * 1000;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
/** Pause after attempt n (then the last one, again and again, until the period is over). */
const SCHEDULE_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE, 2 * 60 * MINUTE, 4 * 60 * MINUTE, 8 * 60 * MINUTE];
/** A receiver's Retry-After is honoured up to this. */
const MAX_RETRY_AFTER_MS = 6 * 60 * MINUTE;

/** Whether an attempt's answer (or its absence) is worth another try: timeouts, connection errors, 408, 429, 5xx. */
export const isRetryableAnswer = (statusCode: number | null): boolean =>
  statusCode === null || statusCode === 408 || statusCode === 429 || statusCode >= 500;

/**
 * When attempt `attempt + 1` is due after a retryable failure, or null once the retry period is
 * over (attempts go on until one is made after it: a delivery is tried for at least the period):
 * exponential backoff with ±20 % jitter (`random` in [0, 1)), never sooner than the receiver's
 * Retry-After.
 */
export const nextWebhookAttemptAt = (
  attempt: number, firstAttemptAt: Date, now: Date, random: number, retryAfterMs?: number, periodMs = WEBHOOK_RETRY_PERIOD_MS,
): Date | null => {
  if (now.getTime() - firstAttemptAt.getTime() >= periodMs) return null;
  const base = SCHEDULE_MS[Math.min(attempt, SCHEDULE_MS.length) - 1];
  const jittered = base * (0.8 + 0.4 * random);
  const wait = Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  return new Date(now.getTime() + wait);
};
