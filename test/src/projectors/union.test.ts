import { expect } from 'chai';
import { union } from '@support/projectors';

describe('the tickets projection: union of lists of values (phones, channels, message ids)', () => {
  it('given lists with blanks, nulls and repeats, then the values come once each, in first-seen order', () => {
    expect(union(['+14155550100', '', null], [undefined, '+14155550101', '+14155550100'], ['+14155550102'])).to.deep.equal(['+14155550100', '+14155550101', '+14155550102']);
  });

  it('given no values, then the answer is empty', () => {
    expect(union([], [null, ''])).to.deep.equal([]);
  });

  it('given long lists (a family with many email messages), then every value still comes once, in first-seen order', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `m-${i}`);
    expect(union(ids.slice(0, 60), ids.slice(20).reverse(), ids)).to.deep.equal([...ids.slice(0, 60), ...ids.slice(60).reverse()]);
  });
});
