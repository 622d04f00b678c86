import { expect } from 'chai';
import type { BulkOperation, Document, ReadStore } from '@support/domain';
import { rejectionOf } from './rejects';

const MANY = 2_500;

/** Cursors over many documents, results being copies, and dropAll. */
export function cursorAndCopySection(store: () => ReadStore): void {
  describe('cursors', () => {
    const rows = () => store().collection('rows');

    beforeEach(async () => {
      await rows().createIndexes([{ key: { group: 1, n: -1 } }]);
      const ops: BulkOperation<Document>[] = [];
      for (let n = 0; n < MANY; n++) {
        ops.push({ replaceOne: { filter: { _id: `r${n}` }, replacement: { _id: `r${n}`, group: n % 5 === 0 ? 'b' : 'a', n, at: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString() }, upsert: true } });
      }
      await rows().bulkWrite(ops);
    });

    it('given thousands of documents, when a sorted find is iterated, then every match arrives once, in order', async () => {
      let count = 0;
      let previous = Number.POSITIVE_INFINITY;
      for await (const row of rows().find({ group: 'a' }, { sort: { n: -1 } })) {
        expect(row.n as number).to.be.lessThan(previous);
        previous = row.n as number;
        count++;
      }
      expect(count).to.equal(MANY - MANY / 5);
    });

    it('given thousands of documents, when a sorted find is read in batches, then the batches hold every match once, in order, and none is empty', async () => {
      const seen: number[] = [];
      for await (const batch of rows().find({ group: 'a' }, { sort: { n: -1 } }).batches()) {
        expect(batch).to.not.be.empty;
        for (const row of batch) seen.push(row.n as number);
      }
      expect(seen).to.have.length(MANY - MANY / 5);
      expect(seen).to.deep.equal([...seen].sort((a, b) => b - a));
    });

    it('given a cursor read in batches, when read again, then it is refused', async () => {
      const cursor = rows().find({ group: 'b' }, { limit: 2 });
      for await (const batch of cursor.batches()) expect(batch).to.have.length(2);
      await rejectionOf(cursor.toArray());
    });

    it('given thousands of documents, when iterated without a sort, then every document arrives once', async () => {
      const seen = new Set<string>();
      for await (const row of rows().find({})) seen.add(row._id);
      expect(seen.size).to.equal(MANY);
    });

    it('given thousands of documents, when a filter on a date range is iterated ascending, then the range arrives in order', async () => {
      const found = await rows().find({ at: { $gte: '2024-01-01T10:00:00.000Z', $lt: '2024-01-01T20:00:00.000Z' } }, { sort: { at: 1 } }).toArray();
      expect(found).to.have.length(600);
      expect(found[0].n).to.equal(600);
      expect(found[found.length - 1].n).to.equal(1199);
    });

    it('given a cursor, when the loop stops early, then the rest is not needed and the store still answers', async () => {
      const first: number[] = [];
      for await (const row of rows().find({ group: 'b' }, { sort: { n: 1 } })) {
        first.push(row.n as number);
        if (first.length === 3) break;
      }
      expect(first).to.deep.equal([0, 5, 10]);
      expect(await rows().countDocuments({ group: 'b' })).to.equal(MANY / 5);
    });

    it('given a cursor already read, when read again, then it is refused', async () => {
      const cursor = rows().find({ group: 'b' }, { limit: 2 });
      expect(await cursor.toArray()).to.have.length(2);
      await rejectionOf(cursor.toArray());
    });

    it('given a cursor, when documents are updated while it is read, then it still ends and gives each unchanged document once', async () => {
      const seen = new Set<string>();
      let i = 0;
      for await (const row of rows().find({ group: 'a' }, { sort: { n: -1 } })) {
        seen.add(row._id);
        if (i++ % 100 === 0) await rows().updateOne({ _id: 'r0' }, { $inc: { touched: 1 } });
      }
      expect(seen.size).to.equal(MANY - MANY / 5);
    });
  });

  describe('copies, not references', () => {
    const notes = () => store().collection('notes');

    beforeEach(async () => {
      await notes().replaceOne({ _id: 'n1' }, { _id: 'n1', body: { text: 'hi', tags: ['a'] } }, { upsert: true });
    });

    it('given a found document, when the caller changes it, then the stored document is unchanged', async () => {
      const found = await notes().findOne({ _id: 'n1' });
      (found?.body as { text: string; tags: string[] }).tags.push('mutated');
      const [listed] = await notes().find({}).toArray();
      (listed.body as { text: string }).text = 'mutated';
      for await (const doc of notes().find({})) (doc.body as { tags: string[] }).tags.length = 0;
      expect(await notes().findOne({ _id: 'n1' })).to.deep.equal({ _id: 'n1', body: { text: 'hi', tags: ['a'] } });
    });

    it('given a written document or update, when the caller changes it afterwards, then the store is unchanged', async () => {
      const replacement = { _id: 'n2', body: { text: 'one', tags: ['x'] } };
      await notes().replaceOne({ _id: 'n2' }, replacement, { upsert: true });
      replacement.body.tags.push('mutated');
      const value = { text: 'two', tags: ['y'] };
      await notes().updateOne({ _id: 'n3' }, { $set: { body: value } }, { upsert: true });
      value.tags.push('mutated');
      expect((await notes().findOne({ _id: 'n2' }))?.body).to.deep.equal({ text: 'one', tags: ['x'] });
      expect((await notes().findOne({ _id: 'n3' }))?.body).to.deep.equal({ text: 'two', tags: ['y'] });
    });
  });

  describe('dropAll', () => {
    it('given collections with documents and indexes, when dropAll runs, then they are empty and the indexes are gone', async () => {
      const a = store().collection('a');
      const b = store().collection('b');
      await a.createIndexes([{ key: { k: 1 }, unique: true }]);
      await a.updateOne({ _id: '1' }, { $set: { k: 1 } }, { upsert: true });
      await b.updateOne({ _id: '1' }, { $set: { k: 1 } }, { upsert: true });
      await store().dropAll();
      expect(await a.countDocuments({})).to.equal(0);
      expect(await store().collection('b').countDocuments({})).to.equal(0);
      await a.updateOne({ _id: '1' }, { $set: { k: 1 } }, { upsert: true });
      await a.updateOne({ _id: '2' }, { $set: { k: 1 } }, { upsert: true });
      expect(await a.countDocuments({ k: 1 })).to.equal(2);
    });
  });
}
