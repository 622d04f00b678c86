import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { normalizePhone } from '@support/domain';

describe('normalizePhone (remembered readings)', () => {
  it('given the same number read again, then the answer is the same, valid or not', () => {
    for (let round = 0; round < 2; round++) {
      expect(normalizePhone('+1 415 555 0123')).to.deep.equal(E.right('+14155550123'));
      expect(normalizePhone('0041 44 668 18 00')).to.deep.equal(E.right('+41446681800'));
      expect(E.isLeft(normalizePhone('12'))).to.equal(true);
      expect(E.isLeft(normalizePhone('   '))).to.equal(true);
    }
  });

  it('given a national number, then each account country reads it its own way, also once remembered', () => {
    for (let round = 0; round < 2; round++) {
      expect(normalizePhone('098000 00001', 'IN')).to.deep.equal(E.right('+919800000001'));
      expect(normalizePhone('044 668 18 00', 'CH')).to.deep.equal(E.right('+41446681800'));
      expect(E.isLeft(normalizePhone('098000 00001', 'CH'))).to.equal(true);
    }
  });

  it('given more numbers than are remembered, then every reading stays right', () => {
    for (let i = 0; i < 10_050; i++) normalizePhone(`+1415${String(5_000_000 + i).padStart(7, '0')}`);
    expect(normalizePhone('+14155000000')).to.deep.equal(E.right('+14155000000'));
    expect(normalizePhone('+14155010049')).to.deep.equal(E.right('+14155010049'));
  });
});
