import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';

describe('embedded read store: the empty arrays of stored documents', () => {
  const store = async () => {
    const col = new EmbeddedReadStore().collection('tickets');
    for (const id of ['t-1', 't-2']) {
      await col.updateOne({ _id: id }, { $set: { tags: [], family: { callIds: [] }, phones: ['+14155550100'] } }, { upsert: true });
    }
    return col;
  };

  it('given documents written by a $set with empty arrays, when read without copies, then they hold one shared empty array that cannot be changed', async () => {
    // given
    const col = await store();
    // when
    const [one, two] = await col.find({}, { sort: { _id: 1 }, readOnly: true }).toArray();
    // then
    expect(one.tags).to.deep.equal([]);
    expect(one.tags).to.equal(two.tags);
    expect((one.family as { callIds: unknown[] }).callIds).to.equal(one.tags);
    expect(Object.isFrozen(one.tags)).to.equal(true);
    expect(one.phones).not.to.equal(two.phones);
  });

  it('given such documents, when read as copies, then each empty array is the reader\'s own to change', async () => {
    // given
    const col = await store();
    // when
    const [one, two] = await col.find({}, { sort: { _id: 1 } }).toArray();
    (one.tags as string[]).push('vip');
    // then
    expect(one.tags).to.deep.equal(['vip']);
    expect(two.tags).to.deep.equal([]);
    expect((await col.findOne({ _id: 't-1' }))?.tags).to.deep.equal([]);
  });

  it('given such documents, when one is updated with $push and $set, then only that one holds the new elements', async () => {
    // given
    const col = await store();
    // when
    await col.updateOne({ _id: 't-1' }, { $push: { tags: 'vip' } });
    await col.updateOne({ _id: 't-2' }, { $set: { family: { callIds: ['c-1'] } } });
    // then
    const [one, two] = await col.find({}, { sort: { _id: 1 } }).toArray();
    expect(one.tags).to.deep.equal(['vip']);
    expect(one.family).to.deep.equal({ callIds: [] });
    expect(two.tags).to.deep.equal([]);
    expect(two.family).to.deep.equal({ callIds: ['c-1'] });
  });
});
