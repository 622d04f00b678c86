export interface StoreRateLimitSettings {
  /** Requests allowed per token in one window. */
  readonly limit: number;
  readonly windowMs: number;
}

/** A fixed-window counter per token: enough for a reference system, and easy to reason about in tests. */
export const storeTokenRateLimiter = (settings: StoreRateLimitSettings, now: () => number) => {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** null when allowed; otherwise the seconds until the window resets (Retry-After). */
    take(key: string): number | null {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= settings.windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= settings.limit) return Math.max(1, Math.ceil((w.start + settings.windowMs - t) / 1000));
      w.count += 1;
      return null;
    },
  };
};
