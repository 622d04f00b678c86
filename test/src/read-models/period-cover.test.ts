import { expect } from 'chai';
import { coverRange, periodsOf, RangeCover } from '@support/adapters';

/** Counts as the periods would: whole periods summed from per-period counts, edges from the timestamps. */
const countedBy = (cover: RangeCover, stamps: readonly string[]): { total: number; visited: number } => {
  const perPeriod = new Map<string, number>();
  for (const s of stamps) for (const { span, period } of periodsOf(s)) perPeriod.set(`${span} ${period}`, (perPeriod.get(`${span} ${period}`) ?? 0) + 1);
  let total = 0;
  for (const w of cover.whole) {
    for (const [key, n] of perPeriod) {
      const [span, period] = key.split(' ');
      if (span !== w.span) continue;
      if (w.after !== null && period <= w.after) continue;
      if (w.before !== null && period >= w.before) continue;
      total += n;
    }
  }
  let visited = 0;
  for (const e of cover.edges) {
    const inEdge = stamps.filter((s) => (e.from === null || s >= e.from) && (e.to === null || s <= e.to));
    visited += inEdge.length;
    total += inEdge.length;
  }
  return { total, visited };
};

/** A small deterministic generator (no timing, no randomness between runs). */
const lcg = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const iso = (ms: number) => new Date(ms).toISOString();

describe('a date range counted by whole days, hours and minutes (coverRange)', () => {
  const start = Date.parse('2026-12-05T22:00:00Z');
  const next = lcg(57);
  // Tickets over three days, most of them made within one hour (an imported history).
  const stamps = [
    ...Array.from({ length: 400 }, () => iso(start + Math.floor(next() * 3 * 86_400_000))),
    ...Array.from({ length: 3_000 }, () => iso(Date.parse('2026-12-07T10:00:00Z') + Math.floor(next() * 3_600_000))),
  ];

  it('given 300 ranges of every kind (open ends, within a minute, an hour, a day, across days), when counted by their cover, then each total is exact', () => {
    for (let i = 0; i < 300; i += 1) {
      const a = start - 3_600_000 + Math.floor(next() * 4 * 86_400_000);
      const b = a + Math.floor(next() * [60_000, 3_600_000, 86_400_000, 3 * 86_400_000][i % 4]);
      const from = i % 7 === 0 ? undefined : iso(a);
      const to = i % 11 === 0 ? undefined : iso(b);
      const exact = stamps.filter((s) => (from === undefined || s >= from) && (to === undefined || s <= to)).length;
      expect(countedBy(coverRange(from, to)!, stamps).total, `${from} .. ${to}`).to.equal(exact);
    }
  });

  it('given the hour that holds 3,000 of the tickets, when the range is that hour to the millisecond, then at most its two edge minutes are visited ticket by ticket', () => {
    const cover = coverRange('2026-12-07T10:00:00.000Z', '2026-12-07T10:59:59.999Z')!;
    const { total, visited } = countedBy(cover, stamps);
    expect(total).to.equal(stamps.filter((s) => s.startsWith('2026-12-07T10')).length);
    expect(visited).to.be.below(3_000 / 60 * 2 + 40);
    expect(cover.edges).to.have.length(2);
  });

  it('given a range ending before it starts, then nothing is counted; given a bound that is not a timestamp, then no cover', () => {
    expect(coverRange('2026-12-07T10:00:00.000Z', '2026-12-07T09:00:00.000Z')).to.deep.equal({ whole: [], edges: [] });
    expect(coverRange('2026-12-07', undefined)).to.equal(null);
  });
});
