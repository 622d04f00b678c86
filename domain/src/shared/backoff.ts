/**
 * The one retry pause of the service: after a lost race (or a failed attempt) wait a jittered,
 * exponentially growing, capped time, so racers spread out instead of colliding again.
 * attempt 1 → up to 4 ms, 2 → 8 ms, ... capped at `capMs` (default 100 ms).
 */
export const backoffDelayMs = (attempt: number, options: { readonly baseMs?: number; readonly capMs?: number } = {}): number => {
  const base = options.baseMs ?? 4;
  const cap = options.capMs ?? 100;
  const ceiling = Math.min(cap, base * 2 ** Math.min(Math.max(attempt - 1, 0), 20));
  return Math.floor(ceiling / 2 + Math.random() * (ceiling / 2));
};

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits the backoff of this attempt. */
export const backoff = (attempt: number, options?: { readonly baseMs?: number; readonly capMs?: number }): Promise<void> =>
  sleep(backoffDelayMs(attempt, options));
