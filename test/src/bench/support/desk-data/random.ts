/**
 * Seeded randomness without state: `draw(seed, stream, n)` is a number in [0, 1) that depends only
 * on its three arguments (a 32-bit integer hash, murmur3's finalizer over them), so ticket i's
 * values are the same whichever order the tickets are made in, and one stream's draws do not shift
 * when another stream draws more.
 */
const mix = (h: number): number => {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

export const draw = (seed: number, stream: number, n: number): number =>
  mix(mix(mix(seed ^ 0x9e3779b9) ^ Math.imul(stream, 0x27d4eb2f)) ^ n) / 4_294_967_296;

/** An integer in [0, size). */
const drawIndex = (seed: number, stream: number, n: number, size: number): number => Math.floor(draw(seed, stream, n) * size);

/** One of the values. */
export const pick = <T>(values: readonly T[], seed: number, stream: number, n: number): T => values[drawIndex(seed, stream, n, values.length)];

/** A choice among weighted outcomes: cumulative weights, searched by binary search. */
export interface Weighted<T> {
  readonly values: readonly T[];
  /** cumulative[k] = weight of values[0..k], the last one the total. */
  readonly cumulative: Float64Array;
}

export const weighted = <T>(entries: readonly (readonly [T, number])[]): Weighted<T> => {
  const cumulative = new Float64Array(entries.length);
  let sum = 0;
  entries.forEach(([, w], k) => (cumulative[k] = sum += w));
  return { values: entries.map(([v]) => v), cumulative };
};

/** The outcome for a draw u in [0, 1). */
export const choose = <T>(w: Weighted<T>, u: number): T => {
  const target = u * w.cumulative[w.cumulative.length - 1];
  let lo = 0;
  let hi = w.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (w.cumulative[mid] > target) hi = mid;
    else lo = mid + 1;
  }
  return w.values[lo];
};

/** Weights of a Zipf-like law over ranks 1..count: 1 / (rank + offset)^exponent. */
export const zipfWeights = (count: number, exponent: number, offset: number): number[] =>
  Array.from({ length: count }, (_, r) => 1 / (r + 1 + offset) ** exponent);

/** Streams: one number per kind of draw, so that no two kinds share draws. */
export const STREAM = {
  ticketsOfCustomer: 1, shuffle: 2, surname: 3, firstName: 4, ownCountry: 5, country: 6, localPart: 7, localNumber: 8, domainKind: 9, domain: 10,
  phonePrefix: 11, timeInHour: 12, problem: 13, product: 14, subjectShape: 15, queryShape: 16, greeting: 17, detail: 18, closing: 19, hasOrder: 20,
  orderAge: 21, lifecycle: 22, assignAfter: 23, workAfter: 24, resolveAfter: 25, closeAfter: 26, agent: 27, agentSurname: 28, agentFirstName: 29,
  ownPhoneCountry: 30, phoneCountry: 31, emailSuffix: 32,
} as const;
