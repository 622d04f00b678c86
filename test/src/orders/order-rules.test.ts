import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { newestOrdersFirst, normalizeIdentifiers, sameOrderNumber, withoutSecrets } from '@support/domain';
import { maskStoreAddress, maskStoreEmail, maskedPaymentReference, maskStorePhone } from '@support/store-reference';

describe('order lookup rules (pure)', () => {
  describe('identifier normalization', () => {
    it('given a phone with + and spaces, then E.164', () => {
      expect(normalizeIdentifiers({ phone: '+91 98765-43210' })).to.deep.equal(E.right([{ kind: 'phone', value: '+919876543210' }]));
    });
    it('given a national number, then it is read in the account\'s country', () => {
      expect(normalizeIdentifiers({ phone: '(415) 555-0123' }, 'US')).to.deep.equal(E.right([{ kind: 'phone', value: '+14155550123' }]));
    });
    it('given both, then phone first and email second', () => {
      const ids = normalizeIdentifiers({ email: ' A@B.example ', phone: '+14155550123' });
      expect(E.isRight(ids) && ids.right.map((i) => i.kind)).to.deep.equal(['phone', 'email']);
      expect(E.isRight(ids) && ids.right[1].value).to.equal('a@b.example');
    });
    it('given neither, then invalidIdentifier saying phone or email is required', () => {
      expect(normalizeIdentifiers({})).to.deep.equal(E.left({ kind: 'invalidIdentifier', message: 'phone or email is required' }));
    });
    it('given only invalid ones, then invalidIdentifier naming each', () => {
      const r = normalizeIdentifiers({ phone: 'abc', email: 'nope' });
      expect(E.isLeft(r) && r.left.kind === 'invalidIdentifier' && r.left.message).to.match(/^phone .*; email /);
    });
  });

  describe('order number', () => {
    it('is the same after trimming and one leading #', () => {
      expect(sameOrderNumber('1001', '#1001')).to.equal(true);
      expect(sameOrderNumber('#1001 ', '1001')).to.equal(true);
      expect(sameOrderNumber('# 1001', '#1001')).to.equal(true);
    });
    it('is otherwise exact', () => {
      expect(sameOrderNumber('1001', '#10010')).to.equal(false);
      expect(sameOrderNumber('acme-1', 'ACME-1')).to.equal(false);
      expect(sameOrderNumber('', '#')).to.equal(false);
      expect(sameOrderNumber('1001', null)).to.equal(false);
    });
  });

  it('newest first sorts by created_at and keeps the store order for ties and unreadable dates', () => {
    const items = [{ id: 'a', created_at: '2026-01-01T00:00:00Z' }, { id: 'b', created_at: '2026-02-01T00:00:00+05:30' }, { id: 'c', created_at: '2026-01-01T00:00:00Z' }, { id: 'd', created_at: 'later' }];
    expect(newestOrdersFirst(items).map((i) => i.id)).to.deep.equal(['b', 'a', 'c', 'd']);
  });

  it('withoutSecrets drops card numbers, CVV, passwords and tokens at any depth and keeps the rest', () => {
    const cleaned = withoutSecrets({ order_id: 'o', payment: { card_number: '4111', cvv: '1', masked_reference: '****1111' }, customer: [{ password: 'x', access_token: 't', name: 'n' }], tracking_number: 'T1' });
    expect(cleaned).to.deep.equal({ order_id: 'o', payment: { masked_reference: '****1111' }, customer: [{ name: 'n' }], tracking_number: 'T1' });
  });

  describe('masking of the reference store', () => {
    it('masks email, phone, address and payment reference', () => {
      expect(maskStoreEmail('mei.tan@example.com')).to.equal('m***@example.com');
      expect(maskStorePhone('+6591234567')).to.equal('+65****4567');
      expect(maskStoreAddress({ line1: '8 Marina Blvd', city: 'Singapore', postal_code: '018981', country: 'SG' })).to.deep.equal({ line1: '***', line2: null, city: 'Singapore', region: null, postal_code: '01***', country: 'SG' });
      expect(maskedPaymentReference({ reference: 'pay_Nx81Kq2Zt9A4242', card_number: '4111111111111111' }, false)).to.equal('****4242');
    });
    it('never reveals a full card number, even when references are revealed', () => {
      expect(maskedPaymentReference({ card_number: '4111111111111111' }, true)).to.equal('****1111');
    });
  });
});
