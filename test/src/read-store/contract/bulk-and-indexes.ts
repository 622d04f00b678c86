import { expect } from 'chai';
import type { BulkOperation, Document, ReadStore } from '@support/domain';
import { rejectionOf } from './rejects';

const DUPLICATE_KEY = 11000;

/** bulkWrite, and unique indexes refusing duplicates. */
export function bulkAndIndexSection(store: () => ReadStore): void {
  const records = () => store().collection('records');
  const put = (doc: Document): BulkOperation<Document> => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } });

  describe('bulkWrite', () => {
    it('given a mix of operations, when bulk-written, then each kind is counted as MongoDB counts it', async () => {
      await records().bulkWrite([put({ _id: 'a', v: 1 }), put({ _id: 'b', v: 1 }), put({ _id: 'c', v: 1 })]);
      const result = await records().bulkWrite([
        { updateOne: { filter: { _id: 'n1' }, update: { $set: { v: 1 } }, upsert: true } },
        { updateOne: { filter: { _id: 'a' }, update: { $set: { v: 2 } }, upsert: true } },
        { updateOne: { filter: { _id: 'b' }, update: { $set: { v: 1 } } } },
        { replaceOne: { filter: { _id: 'n2' }, replacement: { _id: 'n2', v: 5 }, upsert: true } },
        { replaceOne: { filter: { _id: 'c' }, replacement: { _id: 'c', v: 9 } } },
        { deleteOne: { filter: { v: 1 } } },
        { deleteOne: { filter: { _id: 'none' } } },
      ]);
      expect(result).to.deep.equal({ matchedCount: 3, modifiedCount: 2, upsertedCount: 2, deletedCount: 1 });
      expect(await records().countDocuments({})).to.equal(4);
    });

    it('given upserts by a natural key, when bulk-written twice, then the second run matches instead of inserting', async () => {
      const ops: BulkOperation<Document>[] = [1, 2, 3].map((n) => ({
        updateOne: { filter: { accountId: 'acme', key: `k${n}` }, update: { $set: { value: n }, $setOnInsert: { created: true } }, upsert: true },
      }));
      expect((await records().bulkWrite(ops)).upsertedCount).to.equal(3);
      expect(await records().bulkWrite(ops)).to.deep.equal({ matchedCount: 3, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 });
      const stored = await records().find({ accountId: 'acme' }, { sort: { key: 1 }, projection: { _id: 0 } }).toArray();
      expect(stored).to.deep.equal([1, 2, 3].map((n) => ({ accountId: 'acme', key: `k${n}`, value: n, created: true })));
    });

    it('given no operations, when bulk-written, then nothing is counted', async () => {
      expect(await records().bulkWrite([])).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 });
    });

    describe('with a unique index', () => {
      beforeEach(async () => {
        await records().createIndexes([{ key: { accountId: 1, email: 1 }, unique: true, name: 'account_email' }]);
        await records().bulkWrite([put({ _id: 'u1', accountId: 'acme', email: 'a@x.test' })]);
      });

      const clash: BulkOperation<Document> = { updateOne: { filter: { _id: 'u2' }, update: { $set: { accountId: 'acme', email: 'a@x.test' } }, upsert: true } };
      const before: BulkOperation<Document> = { updateOne: { filter: { _id: 'u0' }, update: { $set: { accountId: 'acme', email: 'z@x.test' } }, upsert: true } };
      const after: BulkOperation<Document> = { updateOne: { filter: { _id: 'u3' }, update: { $set: { accountId: 'acme', email: 'b@x.test' } }, upsert: true } };

      it('given an ordered bulk write, when an operation breaks the index, then it fails there: earlier ones stay, later ones do not run', async () => {
        const error = await rejectionOf(records().bulkWrite([before, clash, after]));
        expect(error.code).to.equal(DUPLICATE_KEY);
        expect((await records().find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id)).to.deep.equal(['u0', 'u1']);
      });

      it('given an unordered bulk write, when an operation breaks the index, then the others still run and it fails after', async () => {
        const error = await rejectionOf(records().bulkWrite([before, clash, after], { ordered: false }));
        expect(error.code).to.equal(DUPLICATE_KEY);
        expect((await records().find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id)).to.deep.equal(['u0', 'u1', 'u3']);
      });
    });
  });

  describe('unique indexes', () => {
    beforeEach(async () => {
      await records().createIndexes([{ key: { accountId: 1, ticketNumber: 1 }, unique: true }]);
      await records().bulkWrite([put({ _id: 't1', accountId: 'acme', ticketNumber: 1 }), put({ _id: 't2', accountId: 'acme', ticketNumber: 2 })]);
    });

    it('given a taken key, when an upsert would insert it again, then it fails with E11000 and nothing is added', async () => {
      const error = await rejectionOf(records().updateOne({ _id: 't9' }, { $set: { accountId: 'acme', ticketNumber: 1 } }, { upsert: true }));
      expect(error.code).to.equal(DUPLICATE_KEY);
      expect(error.message).to.match(/E11000/);
      expect(await records().countDocuments({})).to.equal(2);
    });

    it('given a taken key, when an update would move another document onto it, then it fails and the document is unchanged', async () => {
      const error = await rejectionOf(records().updateOne({ _id: 't2' }, { $set: { ticketNumber: 1 } }));
      expect(error.code).to.equal(DUPLICATE_KEY);
      expect(await records().findOne({ _id: 't2' })).to.deep.equal({ _id: 't2', accountId: 'acme', ticketNumber: 2 });
    });

    it('given a taken key, when replaceOne would store it again, then it fails', async () => {
      expect((await rejectionOf(records().replaceOne({ _id: 't3' }, { _id: 't3', accountId: 'acme', ticketNumber: 2 }, { upsert: true }))).code).to.equal(DUPLICATE_KEY);
    });

    it('given the same key in another account, when stored, then it is accepted', async () => {
      const result = await records().updateOne({ _id: 't3' }, { $set: { accountId: 'globex', ticketNumber: 1 } }, { upsert: true });
      expect(result.upsertedId).to.equal('t3');
    });

    it('given a document, when it is updated keeping its own key, then the index does not object', async () => {
      expect((await records().updateOne({ _id: 't1' }, { $set: { note: 'x' } })).modifiedCount).to.equal(1);
    });

    it('given a declared index, when declared again, then nothing changes', async () => {
      await records().createIndexes([{ key: { accountId: 1, ticketNumber: 1 }, unique: true }]);
      expect(await records().countDocuments({})).to.equal(2);
    });

    it('given duplicates, when a unique index is declared over them, then the declaration fails with E11000', async () => {
      await records().bulkWrite([
        put({ _id: 'x1', accountId: 'acme', ticketNumber: 101, email: 'same' }),
        put({ _id: 'x2', accountId: 'acme', ticketNumber: 102, email: 'same' }),
      ]);
      expect((await rejectionOf(records().createIndexes([{ key: { email: 1 }, unique: true }]))).code).to.equal(DUPLICATE_KEY);
      await records().updateOne({ _id: 'x3' }, { $set: { email: 'same' } }, { upsert: true });
      expect(await records().countDocuments({ email: 'same' })).to.equal(3);
    });
  });
}
