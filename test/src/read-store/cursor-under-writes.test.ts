import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import type { BulkOperation, Document } from '@support/domain';

/**
 * An embedded cursor reads its index lazily, in slices; writes may land between two slices.
 * Like a MongoDB cursor without a snapshot, a moved document may be missed or seen again, but
 * every untouched document is seen exactly once and the order of what is given holds.
 */
describe('EmbeddedReadStore cursor while the collection changes', () => {
  it('given an export reading newest first, when documents ahead are updated, deleted and inserted between batches, then untouched documents come once and in order', async () => {
    const rows = new EmbeddedReadStore().collection('rows');
    await rows.createIndexes([{ key: { group: 1, n: -1 } }]);
    const ops: BulkOperation<Document>[] = [];
    for (let n = 0; n < 6_000; n++) ops.push({ replaceOne: { filter: { _id: `r${n}` }, replacement: { _id: `r${n}`, group: 'a', n }, upsert: true } });
    await rows.bulkWrite(ops);

    const touched = new Set<string>();
    const seen = new Map<string, number>();
    let previous = Number.POSITIVE_INFINITY;
    let read = 0;
    for await (const row of rows.find({ group: 'a' }, { sort: { n: -1 } })) {
      expect(row.n as number).to.be.at.most(previous);
      previous = row.n as number;
      seen.set(row._id, (seen.get(row._id) ?? 0) + 1);
      if (++read % 700 === 0) {
        const ahead = 6_000 - read - 500;
        for (const n of [ahead, ahead - 1, ahead - 2]) touched.add(`r${n}`);
        await rows.updateOne({ _id: `r${ahead}` }, { $set: { n: ahead + 2_000 } });
        await rows.deleteMany({ _id: `r${ahead - 1}` });
        await rows.updateOne({ _id: `r${ahead - 2}` }, { $set: { group: 'b' } });
        await rows.updateOne({ _id: `new${read}` }, { $set: { group: 'a', n: ahead - 3.5 } }, { upsert: true });
      }
    }
    for (let n = 0; n < 6_000; n++) {
      const id = `r${n}`;
      if (!touched.has(id)) expect(seen.get(id), id).to.equal(1);
    }
  });
});
