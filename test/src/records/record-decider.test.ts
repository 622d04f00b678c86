import { expect } from 'chai';
import { RecordCommand, ResourceRecordEvent, resourceRecordDecider } from '@support/domain';
import { deciderSpecification } from '../support/decider-specification';

const now = new Date('2026-03-01T00:00:00.000Z');
const given = deciderSpecification(resourceRecordDecider);
const inserted: ResourceRecordEvent = {
  type: 'ResourceRecordInserted',
  data: { recordId: 'r1', accountId: 'acme', objectId: 'obj', customerId: null, data: { sku: 'A', qty: 1 }, createdAt: '2026-02-01T00:00:00.000Z' },
};
const upsert = (data: Record<string, unknown>, extra: Partial<RecordCommand> = {}): RecordCommand => ({
  kind: 'UpsertRecord', recordId: 'r1', accountId: 'acme', objectId: 'obj', idField: 'sku', idValue: 'A', data, customerId: undefined,
  requiredFields: ['sku'], now, ...extra,
} as RecordCommand);

describe('resource record decider', () => {
  it('given no record, when upserted, then it is inserted with the data', () => {
    const [event] = given().when(upsert({ sku: 'A', qty: 2 })).thenEvents();
    expect(event).to.deep.include({ type: 'ResourceRecordInserted' });
    expect(event.data.data).to.deep.equal({ sku: 'A', qty: 2 });
  });

  it('given a record holding the value, when upserted, then the data is merged and the rest kept', () => {
    const [event] = given(inserted).when(upsert({ sku: 'A', price: 3 })).thenEvents();
    expect(event.type).to.equal('ResourceRecordUpdated');
    expect(event.data.data).to.deep.equal({ sku: 'A', qty: 1, price: 3 });
    expect(event.type === 'ResourceRecordUpdated' && event.data.changes).to.deep.equal({ sku: 'A', price: 3 });
  });

  it('given a record that no longer holds the value, when upserted, then it is refused for a new lookup', () => {
    given(inserted).when(upsert({ sku: 'B' }, { idValue: 'B' })).thenFails({ kind: 'noLongerMatches' });
  });

  it('given a required field, when a merge would clear it, then missingRequired', () => {
    given(inserted).when(upsert({ sku: 'A', qty: null }, { requiredFields: ['sku', 'qty'] })).thenFails({ kind: 'missingRequired', fields: ['qty'] });
  });

  it('given an update, then the state shows the new data and updatedAt but the original createdAt', () => {
    const state = given(inserted).when(upsert({ sku: 'A', qty: 5 })).thenState();
    expect(state.kind === 'exists' && state.record).to.deep.include({ createdAt: '2026-02-01T00:00:00.000Z', updatedAt: now.toISOString(), data: { sku: 'A', qty: 5 } });
  });
});
