import type { Sample } from './paced-stream';

/** The q-quantile of sorted values (the nearest rank). */
const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

interface Window {
  readonly fromMs: number;
  readonly toMs: number;
}

interface KindFigures {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
}

/** The latencies of the samples of these kinds due in a window: how many, p50 and p99. */
export const figuresOf = (samples: readonly Sample[], kinds: readonly string[], w: Window): KindFigures => {
  const sorted = samples.filter((s) => kinds.includes(s.kind) && s.dueMs >= w.fromMs && s.dueMs < w.toMs).map((s) => s.latencyMs).sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

/** Answers other than 2xx of these kinds, by status (0: no answer). */
export const failuresOf = (samples: readonly Sample[], kinds: readonly string[]): Map<number, number> => {
  const out = new Map<number, number>();
  for (const s of samples) if (kinds.includes(s.kind) && (s.status < 200 || s.status > 299)) out.set(s.status, (out.get(s.status) ?? 0) + 1);
  return out;
};

export const ms = (n: number): string => (Number.isNaN(n) ? '-' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
