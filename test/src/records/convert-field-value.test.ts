import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { convertFieldValue, FieldType } from '@support/domain';

const converts = (type: FieldType, value: unknown, options = {}) => {
  const r = convertFieldValue(type, value, options);
  if (E.isLeft(r)) throw new Error(`expected ${JSON.stringify(value)} to convert to ${type}, got ${r.left.expected}`);
  return r.right;
};
const refuses = (type: FieldType, value: unknown) => {
  const r = convertFieldValue(type, value);
  expect(E.isLeft(r), `${JSON.stringify(value)} should not convert to ${type}`).to.equal(true);
  return E.isLeft(r) ? r.left : null;
};

describe('the field converter (one for record fields and action inputs)', () => {
  it('string: strings as sent, numbers and booleans as their text; objects refused', () => {
    expect(converts('string', ' Abc ')).to.equal(' Abc ');
    expect(converts('string', 12)).to.equal('12');
    expect(converts('string', false)).to.equal('false');
    refuses('string', { a: 1 });
    refuses('string', [1]);
  });

  it('integer: whole numbers and strings of digits; fractions and words refused', () => {
    expect(converts('integer', 42)).to.equal(42);
    expect(converts('integer', ' -7 ')).to.equal(-7);
    refuses('integer', 4.5);
    refuses('integer', '4.5');
    refuses('integer', 'abc');
    refuses('integer', true);
    refuses('integer', '99999999999999999999');
  });

  it('number: finite numbers and numeric strings', () => {
    expect(converts('number', 19.99)).to.equal(19.99);
    expect(converts('number', '19.99')).to.equal(19.99);
    expect(converts('number', '1e3')).to.equal(1000);
    refuses('number', '');
    refuses('number', '12abc');
    refuses('number', null);
  });

  it('boolean: true/false, "true"/"false" in any case, 1/0', () => {
    expect(converts('boolean', true)).to.equal(true);
    expect(converts('boolean', 'FALSE')).to.equal(false);
    expect(converts('boolean', 1)).to.equal(true);
    expect(converts('boolean', '0')).to.equal(false);
    refuses('boolean', 'yes please');
    refuses('boolean', 2);
  });

  it('datetime: ISO 8601 to UTC with milliseconds; no offset means UTC', () => {
    expect(converts('datetime', '2026-03-01T10:00:00+05:30')).to.equal('2026-03-01T04:30:00.000Z');
    expect(converts('datetime', '2026-03-01T10:00:00')).to.equal('2026-03-01T10:00:00.000Z');
    refuses('datetime', 'yesterday');
    refuses('datetime', 1700000000000);
  });

  it('date: an existing calendar date as YYYY-MM-DD', () => {
    expect(converts('date', '2026-02-28')).to.equal('2026-02-28');
    refuses('date', '2026-02-30');
    refuses('date', '28/02/2026');
    refuses('date', '2026-02-28T00:00:00Z');
  });

  it('phone: to E.164, in the account country when configured', () => {
    expect(converts('phone', '+91 98000 00001')).to.equal('+919800000001');
    expect(converts('phone', '098000 00001', { defaultPhoneCountry: 'IN' })).to.equal('+919800000001');
    refuses('phone', 'call me');
  });

  it('email: trimmed and lower case', () => {
    expect(converts('email', ' Ops@Acme.Example ')).to.equal('ops@acme.example');
    refuses('email', 'not-an-email');
  });

  it('array and object: as they are, nothing else', () => {
    expect(converts('array', [1, 'a'])).to.deep.equal([1, 'a']);
    expect(converts('object', { a: [1] })).to.deep.equal({ a: [1] });
    refuses('array', { 0: 'a' });
    refuses('object', [1]);
    refuses('object', 'x');
  });

  it('a refusal names the expected type', () => {
    expect(refuses('integer', 'abc')?.expected).to.match(/^an integer/);
  });
});
