/**
 * A duration histogram with log-spaced buckets (the DDSketch mapping): a value v > 0 ms goes to
 * bucket ⌈log_γ v⌉ with γ = (1 + α) / (1 − α), and a bucket is read back as 2γ^i / (γ + 1), which is
 * within α of every value the bucket holds. α = 1 %: a percentile read from a histogram is within
 * 1 % of the exact value at that rank. Zero (and anything under a millisecond) has its own bucket,
 * read back as 0. Histograms merge by adding counts, so rows of any grouping merge exactly.
 * Stored as `{ bucket: count }`; a bucket whose count falls to 0 is removed.
 */
export type Histogram = Readonly<Record<string, number>>;

export const HISTOGRAM_RELATIVE_ERROR = 0.01;
const GAMMA = (1 + HISTOGRAM_RELATIVE_ERROR) / (1 - HISTOGRAM_RELATIVE_ERROR);
const LOG_GAMMA = Math.log(GAMMA);
const ZERO_BUCKET = 'z';

/** The bucket a duration (ms) falls in. */
export const bucketOf = (ms: number): string => (ms < 1 ? ZERO_BUCKET : String(Math.ceil(Math.log(ms) / LOG_GAMMA)));

/** The value a bucket is read back as: within HISTOGRAM_RELATIVE_ERROR of every value in it. */
export const bucketValue = (bucket: string): number => (bucket === ZERO_BUCKET ? 0 : (2 * GAMMA ** Number(bucket)) / (GAMMA + 1));

/** The histogram with `n` more (or, negative, fewer) values in each value's bucket. */
export const addToHistogram = (h: Histogram | undefined, changes: Readonly<Record<string, number>>): Histogram => {
  const out: Record<string, number> = { ...(h ?? {}) };
  for (const [bucket, n] of Object.entries(changes)) {
    const next = (out[bucket] ?? 0) + n;
    if (next === 0) delete out[bucket];
    else out[bucket] = next;
  }
  return out;
};

export const histogramCount = (h: Histogram): number => Object.values(h).reduce((a, b) => a + b, 0);

const order = (bucket: string): number => (bucket === ZERO_BUCKET ? Number.NEGATIVE_INFINITY : Number(bucket));

/**
 * The q-quantile (0 < q ≤ 1) by nearest rank: the value of the ⌈q·n⌉-th smallest duration, within
 * 1 %; null for an empty histogram.
 */
export const percentile = (h: Histogram, q: number): number | null => {
  const n = histogramCount(h);
  if (n <= 0) return null;
  const rank = Math.max(1, Math.ceil(q * n));
  let seen = 0;
  for (const bucket of Object.keys(h).sort((a, b) => order(a) - order(b))) {
    seen += h[bucket];
    if (seen >= rank) return Math.round(bucketValue(bucket));
  }
  return null;
};
