import { expect } from 'chai';
import { comparePositions } from '@support/domain';

describe('toolchain', () => {
  it('compares positions', () => {
    expect(comparePositions({ commit: 1n, prepare: 1n }, { commit: 2n, prepare: 0n })).to.equal(-1);
  });
});
