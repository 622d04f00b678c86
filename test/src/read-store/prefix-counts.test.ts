import { expect } from 'chai';
import { PrefixCounts } from '@support/adapters/dist/read-store/embedded/prefix-counts';
import { seededRandom } from './random';

describe('PrefixCounts (ranks of a sorted list\'s chunks)', () => {
  it('given chunk lengths changed one by one, then every prefix sum and every located rank agree with a running total', () => {
    const random = seededRandom(3);
    const lengths = Array.from({ length: 37 }, () => 1 + Math.floor(random() * 9));
    const counts = new PrefixCounts(lengths.map((n) => ({ length: n })));
    for (let step = 0; step < 300; step++) {
      const at = Math.floor(random() * lengths.length);
      const delta = lengths[at] > 1 && random() < 0.5 ? -1 : 1;
      lengths[at] += delta;
      counts.add(at, delta);
      const before = (i: number) => lengths.slice(0, i).reduce((a, b) => a + b, 0);
      for (let i = 0; i <= lengths.length; i++) expect(counts.before(i)).to.equal(before(i));
      const total = before(lengths.length);
      const rank = Math.floor(random() * (total + 1));
      const { chunk, offset } = counts.locate(rank);
      if (rank === total) expect(chunk).to.equal(lengths.length);
      else {
        expect(before(chunk)).to.be.at.most(rank);
        expect(rank).to.be.below(before(chunk + 1));
        expect(offset).to.equal(rank - before(chunk));
      }
    }
  });
});
