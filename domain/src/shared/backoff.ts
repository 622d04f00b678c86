/**
 * The one retry backoff of the service: every retry loop (command handler, job redelivery, chat-app
 * and store-system calls, EventStoreDB resubscription, subscriber retries) waits `backoffDelayMs`
 * of its own policy. The delay doubles per attempt from `firstMs`, is capped at `maxMs`, and is
 * spread over a random fraction when `spread` is given, so racers and retries do not collide again.
 */
export interface BackoffPolicy {
  /** Delay before the first retry. */
  readonly firstMs: number;
  readonly maxMs: number;
  /** The delay is multiplied by a random factor between these two (default: exactly 1). */
  readonly spread?: readonly [number, number];
}

/** Delay before retry `attempt` (1 = the first retry). */
export const backoffDelayMs = (attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number => {
  const full = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  if (policy.spread === undefined) return full;
  const [low, high] = policy.spread;
  return Math.round(full * (low + (high - low) * random()));
};

/** A lost race on a stream: a few milliseconds, spread, so racers decide again one after the other. */
export const COMMAND_RETRY: BackoffPolicy = { firstMs: 4, maxMs: 100, spread: [0.5, 1] };
