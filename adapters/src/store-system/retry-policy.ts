import { backoffDelayMs } from '@support/domain';

/** How the store-system client retries 429 and temporary failures (503, 502, 504, network, timeout). */
export interface StoreRetrySettings {
  /** Attempts per call, the first included. */
  readonly maxAttempts: number;
  /** First back-off delay; doubled per attempt, with jitter. */
  readonly backoffBaseMs: number;
  readonly backoffMaxMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as rateLimited at once. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_STORE_RETRY: StoreRetrySettings = { maxAttempts: 3, backoffBaseMs: 250, backoffMaxMs: 2_000, maxRetryAfterMs: 5_000 };

/** Retry-After as seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export const parseStoreRetryAfter = (header: string | null, now: number = Date.now()): number | null => {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
};

/** Exponential back-off with jitter (between half and all of the doubled delay): the wait after attempt `attempt` (0 = the first call) is base × 2^attempt. */
export const storeBackoffMs = (attempt: number, settings: StoreRetrySettings, random: () => number): number =>
  backoffDelayMs(attempt + 1, { firstMs: settings.backoffBaseMs, maxMs: settings.backoffMaxMs, spread: [0.5, 1] }, random);
