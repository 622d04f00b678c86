import { expect } from 'chai';
import { addToHistogram, bucketOf, Histogram, HISTOGRAM_RELATIVE_ERROR, percentile } from '@support/domain';

const histogramOf = (values: readonly number[]): Histogram => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[bucketOf(v)] = (counts[bucketOf(v)] ?? 0) + 1;
  return addToHistogram(undefined, counts);
};

const nearestRank = (values: readonly number[], q: number): number => [...values].sort((a, b) => a - b)[Math.max(1, Math.ceil(q * values.length)) - 1];

describe('Reports: duration histograms with log-spaced buckets', () => {
  it('given durations from a millisecond to a year, when the median and 90th percentile are read, then each is within 1 % of the exact nearest-rank value', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 50; run++) {
      const values = Array.from({ length: 1 + Math.floor(random() * 500) }, () => Math.round(Math.exp(random() * Math.log(365 * 24 * 3600 * 1000))));
      const h = histogramOf(values);
      for (const q of [0.5, 0.9]) {
        const exact = nearestRank(values, q);
        expect(Math.abs((percentile(h, q) as number) - exact)).to.be.at.most(exact * HISTOGRAM_RELATIVE_ERROR + 0.5);
      }
    }
  });

  it('given two histograms merged, then the percentile is that of all their durations, and taking one back out leaves the other', () => {
    const a = [1_000, 60_000, 3_600_000];
    const b = [0, 30_000, 120_000, 7_200_000];
    const merged = addToHistogram(histogramOf(a), histogramOf(b));
    expect(percentile(merged, 0.5)).to.equal(percentile(histogramOf([...a, ...b]), 0.5));
    const negated = Object.fromEntries(Object.entries(histogramOf(a)).map(([k, n]) => [k, -n]));
    expect(addToHistogram(merged, negated)).to.deep.equal(histogramOf(b));
  });

  it('given no durations, then there is no percentile', () => {
    expect(percentile({}, 0.5)).to.equal(null);
  });
});
