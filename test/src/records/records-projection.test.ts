import { expect } from 'chai';
import { lookupKey, MAX_PLAIN_KEY_LENGTH, ResourceRecordEvent } from '@support/domain';
import { recordWrites } from '@support/projectors';

describe('the "records" read model (projection)', () => {
  const inserted: ResourceRecordEvent = {
    type: 'ResourceRecordInserted',
    data: { recordId: 'r1', accountId: 'acme', objectId: 'obj', customerId: 'c1', data: { sku: 'A', qty: 2, note: null, attributes: { b: 1, a: 2 } }, createdAt: '2026-03-01T00:00:00.000Z' },
  };

  it('given an insert, then the document holds the record and one lookup key per field with a value', () => {
    const [write] = recordWrites(inserted);
    expect(write).to.deep.equal({
      collection: 'records',
      id: 'r1',
      set: {
        accountId: 'acme', objectId: 'obj', customerId: 'c1', data: inserted.data.data,
        lookupKeys: ['attributes={"a":2,"b":1}', 'qty=2', 'sku="A"'], createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z',
      },
      upsert: true,
    });
  });

  it('given an update, then data, lookup keys, customer and updatedAt are replaced', () => {
    const [write] = recordWrites({
      type: 'ResourceRecordUpdated',
      data: { recordId: 'r1', accountId: 'acme', objectId: 'obj', customerId: null, changes: { qty: 3 }, data: { sku: 'A', qty: 3 }, updatedAt: '2026-03-02T00:00:00.000Z' },
    });
    expect(write).to.deep.equal({
      collection: 'records',
      id: 'r1',
      set: { customerId: null, data: { sku: 'A', qty: 3 }, lookupKeys: ['qty=3', 'sku="A"'], updatedAt: '2026-03-02T00:00:00.000Z' },
    });
  });

  it('lookup keys tell types apart, ignore key order in objects, and hash long values', () => {
    expect(lookupKey('f', '1')).to.not.equal(lookupKey('f', 1));
    expect(lookupKey('f', { a: 1, b: 2 })).to.equal(lookupKey('f', { b: 2, a: 1 }));
    const long = lookupKey('f', 'x'.repeat(500));
    expect(long).to.match(/^f#[0-9a-f]{64}$/);
    expect(long.length).to.be.below(MAX_PLAIN_KEY_LENGTH);
  });
});
