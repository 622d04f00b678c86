import { expect } from 'chai';
import { compareBson, EMPTY_ARRAY, MAX_KEY, MIN_KEY } from '@support/adapters/dist/read-store/embedded/bson-order';

describe('BSON order (embedded read store)', () => {
  it('given values of every type, when sorted, then they follow MongoDB’s type order', () => {
    const ordered: unknown[] = [
      MIN_KEY, EMPTY_ARRAY, null, Number.NaN, -5, 0, 2.5, 'A', 'a', 'b', { a: 1 }, { a: 1, b: 0 }, { b: 0 },
      [1], [1, 2], [2], new Uint8Array([1]), false, true, new Date(0), new Date(1), /a/, MAX_KEY,
    ];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareBson)).to.deep.equal(ordered);
  });

  it('given null and a missing value, when compared, then they are equal', () => {
    expect(compareBson(null, undefined)).to.equal(0);
  });

  it('given equal documents and dates, when compared, then they are equal', () => {
    expect(compareBson({ a: [1, { b: new Date(5) }] }, { a: [1, { b: new Date(5) }] })).to.equal(0);
    expect(compareBson({ a: 1, b: 2 }, { b: 2, a: 1 })).not.to.equal(0);
  });
});
