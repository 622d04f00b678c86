import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { RecordCommand, ResourceRecordEvent, resourceRecordDecider as decider, RecordState } from '@support/domain';

const now = new Date('2026-03-01T00:00:00.000Z');
const given = (events: ResourceRecordEvent[]): RecordState => events.reduce(decider.evolve, decider.initialState());
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
    const r = decider.decide(upsert({ sku: 'A', qty: 2 }), given([]));
    expect(E.isRight(r) && r.right[0].type).to.equal('ResourceRecordInserted');
  });

  it('given a record holding the value, when upserted, then the data is merged and the rest kept', () => {
    const r = decider.decide(upsert({ sku: 'A', price: 3 }), given([inserted]));
    if (E.isLeft(r)) throw new Error(r.left.kind);
    const event = r.right[0];
    expect(event.type).to.equal('ResourceRecordUpdated');
    expect(event.data.data).to.deep.equal({ sku: 'A', qty: 1, price: 3 });
    expect(event.type === 'ResourceRecordUpdated' && event.data.changes).to.deep.equal({ sku: 'A', price: 3 });
  });

  it('given a record that no longer holds the value, when upserted, then it is refused for a new lookup', () => {
    const r = decider.decide(upsert({ sku: 'B' }, { idValue: 'B' }), given([inserted]));
    expect(E.isLeft(r) && r.left.kind).to.equal('noLongerMatches');
  });

  it('given a required field, when a merge would clear it, then missingRequired', () => {
    const r = decider.decide(upsert({ sku: 'A', qty: null }, { requiredFields: ['sku', 'qty'] }), given([inserted]));
    expect(E.isLeft(r) && r.left).to.deep.equal({ kind: 'missingRequired', fields: ['qty'] });
  });

  it('given an update, then the state shows the new data and updatedAt but the original createdAt', () => {
    const r = decider.decide(upsert({ sku: 'A', qty: 5 }), given([inserted]));
    if (E.isLeft(r)) throw new Error(r.left.kind);
    const state = given([inserted, ...r.right]);
    expect(state.kind === 'exists' && state.record).to.deep.include({ createdAt: '2026-02-01T00:00:00.000Z', updatedAt: now.toISOString(), data: { sku: 'A', qty: 5 } });
  });
});
