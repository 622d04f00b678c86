import { RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';

interface LimiterSpec {
  readonly keyPrefix: string;
  readonly points: number;
  readonly durationSeconds: number;
}

/** Makes one rate-limiter-flexible limiter per (operation, window, points). */
export type LimiterFactory = (spec: LimiterSpec) => RateLimiterAbstract;

/** Counters in process memory (embedded mode; one process). */
export const memoryLimiters = (): LimiterFactory => (spec) =>
  new RateLimiterMemory({ keyPrefix: spec.keyPrefix, points: spec.points, duration: spec.durationSeconds });
