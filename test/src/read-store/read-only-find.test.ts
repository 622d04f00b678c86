import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';

describe('embedded read store: read-only finds (exports)', () => {
  it('given readOnly, then a find answers the same documents in the same order as a copying find, without copying them', async () => {
    const col = new EmbeddedReadStore().collection('tickets');
    for (let i = 0; i < 50; i++) await col.replaceOne({ _id: `t-${i}` }, { _id: `t-${i}`, n: (i * 7) % 50, tags: [`x${i % 3}`], nested: { at: i } }, { upsert: true });
    const copies = await col.find({ n: { $gte: 10 } }, { sort: { n: -1, _id: 1 } }).toArray();
    const shared = await col.find({ n: { $gte: 10 } }, { sort: { n: -1, _id: 1 }, readOnly: true }).toArray();
    expect(shared).to.deep.equal(copies);
    const again = await col.find({ n: { $gte: 10 } }, { sort: { n: -1, _id: 1 }, readOnly: true }).toArray();
    expect(again[0]).to.equal(shared[0]); // the stored object itself, not a copy
    const copiedAgain = await col.find({ n: { $gte: 10 } }, { sort: { n: -1, _id: 1 } }).toArray();
    expect(copiedAgain[0]).not.to.equal(copies[0]);
  });

  it('given readOnly and a projection, then the projected fields are the stored values themselves and the answer equals a copying find', async () => {
    const col = new EmbeddedReadStore().collection('tickets');
    for (let i = 0; i < 20; i++) await col.replaceOne({ _id: `t-${i}` }, { _id: `t-${i}`, n: i, tags: [`x${i % 3}`], nested: { at: i, other: 'o' }, hidden: 'h' }, { upsert: true });
    const projection = { n: 1, tags: 1, 'nested.at': 1 } as const;
    const copies = await col.find({}, { sort: { n: 1 }, projection }).toArray();
    const shared = await col.find({}, { sort: { n: 1 }, projection, readOnly: true }).toArray();
    expect(shared).to.deep.equal(copies);
    expect(shared[0]).to.deep.equal({ _id: 't-0', n: 0, tags: ['x0'], nested: { at: 0 } });
    const again = await col.find({}, { sort: { n: 1 }, projection, readOnly: true }).toArray();
    expect(again[0].tags).to.equal(shared[0].tags); // the stored array itself
    expect(copies[0].tags).not.to.equal(shared[0].tags);
  });
});
