import { expect } from 'chai';
import type { Document, ReadStore } from '@support/domain';
import { rejectionOf } from './rejects';

/** Update operators, updateMany, replaceOne, deleteMany and upserts. */
export function updateSection(store: () => ReadStore): void {
  const counters = () => store().collection('counters');
  const get = async (id: string): Promise<Document | null> => counters().findOne({ _id: id });

  describe('update operators', () => {
    beforeEach(async () => {
      await counters().replaceOne(
        { _id: 'c1' },
        { _id: 'c1', n: 5, label: 'x', tags: ['a'], stats: { opened: 1 }, last: '2024-01-10T00:00:00.000Z', at: new Date('2024-01-10T00:00:00.000Z') },
        { upsert: true },
      );
    });

    it('given a document, when $set reaches a nested path, then the sub-document is created', async () => {
      const result = await counters().updateOne({ _id: 'c1' }, { $set: { label: 'y', 'owner.name': 'Ana' } });
      expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await get('c1')).to.include({ label: 'y' }).and.to.have.deep.property('owner', { name: 'Ana' });
    });

    it('given a document, when $set writes the values it already has, then it matches but is not modified', async () => {
      expect(await counters().updateOne({ _id: 'c1' }, { $set: { n: 5, label: 'x' } })).to.deep.equal({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
    });

    it('given a document, when $set changes a field and adds another, then the changed field keeps its place and the new one comes last', async () => {
      await counters().updateOne({ _id: 'c1' }, { $set: { label: 'y', added: 1 } });
      expect(Object.keys((await get('c1')) ?? {})).to.deep.equal(['_id', 'n', 'label', 'tags', 'stats', 'last', 'at', 'added']);
    });

    it('given a $set of an object, when the caller later changes that object, then the stored document does not change', async () => {
      const owner = { name: 'Ana', roles: ['lead'] };
      await counters().updateOne({ _id: 'c1' }, { $set: { owner } });
      owner.name = 'Changed';
      owner.roles.push('admin');
      expect((await get('c1'))?.owner).to.deep.equal({ name: 'Ana', roles: ['lead'] });
    });

    it('given an indexed field, when $set changes it, then a query on the new value finds the document and one on the old value does not', async () => {
      await counters().createIndexes([{ key: { label: 1 } }]);
      await counters().updateOne({ _id: 'c1' }, { $set: { label: 'moved' } });
      expect((await counters().find({ label: 'moved' }).toArray()).map((d) => d._id)).to.deep.equal(['c1']);
      expect(await counters().countDocuments({ label: 'x' })).to.equal(0);
    });

    it('given a document, when $unset names a field, then the field is gone', async () => {
      await counters().updateOne({ _id: 'c1' }, { $unset: { label: '', 'stats.opened': '' } });
      const doc = await get('c1');
      expect(doc).not.to.have.property('label');
      expect(doc?.stats).to.deep.equal({});
    });

    it('given a document, when $inc adds to existing and missing fields, then both hold the sums', async () => {
      await counters().updateOne({ _id: 'c1' }, { $inc: { n: 2, 'stats.opened': -1, 'stats.closed': 3 } });
      const doc = await get('c1');
      expect(doc?.n).to.equal(7);
      expect(doc?.stats).to.deep.equal({ opened: 0, closed: 3 });
    });

    it('given a text field, when $inc targets it, then the update is refused and nothing changes', async () => {
      await rejectionOf(counters().updateOne({ _id: 'c1' }, { $inc: { label: 1 } }));
      expect((await get('c1'))?.label).to.equal('x');
    });

    it('given a document, when $max and $min compare numbers, ISO strings and Dates, then only improvements are written', async () => {
      await counters().updateOne(
        { _id: 'c1' },
        { $max: { n: 9, last: '2024-01-01T00:00:00.000Z', at: new Date('2024-02-01T00:00:00.000Z') }, $min: { low: 4 } },
      );
      const doc = await get('c1');
      expect(doc?.n).to.equal(9);
      expect(doc?.last).to.equal('2024-01-10T00:00:00.000Z');
      expect((doc?.at as Date).toISOString()).to.equal('2024-02-01T00:00:00.000Z');
      expect(doc?.low).to.equal(4);
      await counters().updateOne({ _id: 'c1' }, { $min: { n: 3, low: 8 } });
      expect(await get('c1')).to.include({ n: 3, low: 4 });
    });

    it('given an array, when $push appends, also with $each and $slice, then the array grows and is trimmed', async () => {
      await counters().updateOne({ _id: 'c1' }, { $push: { tags: 'b', history: { at: 1 } } });
      expect(await get('c1')).to.deep.include({ tags: ['a', 'b'], history: [{ at: 1 }] });
      await counters().updateOne({ _id: 'c1' }, { $push: { tags: { $each: ['c', 'd'], $slice: -3 } } });
      expect((await get('c1'))?.tags).to.deep.equal(['b', 'c', 'd']);
    });

    it('given a missing array, when $push uses $each with $slice, then the new array is trimmed too', async () => {
      await counters().updateOne({ _id: 'c1' }, { $push: { recent: { $each: [1, 2, 3, 4], $slice: -2 } } });
      expect((await get('c1'))?.recent).to.deep.equal([3, 4]);
    });

    it('given an array, when $addToSet adds present and new values, then each value is there once', async () => {
      await counters().updateOne({ _id: 'c1' }, { $addToSet: { tags: { $each: ['a', 'b', 'b'] }, labels: { $each: ['p', 'p', 'q'] } } });
      const doc = await get('c1');
      expect(doc?.tags).to.deep.equal(['a', 'b']);
      expect(doc?.labels).to.deep.equal(['p', 'q']);
      const again = await counters().updateOne({ _id: 'c1' }, { $addToSet: { tags: 'a' } });
      expect(again.modifiedCount).to.equal(0);
    });

    it('given a text field, when $push targets it, then the update is refused', async () => {
      await rejectionOf(counters().updateOne({ _id: 'c1' }, { $push: { label: 'z' } }));
    });

    it('given an existing document, when $setOnInsert is part of the update, then it is ignored', async () => {
      const result = await counters().updateOne({ _id: 'c1' }, { $set: { label: 'z' }, $setOnInsert: { createdBy: 'me' } }, { upsert: true });
      expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await get('c1')).not.to.have.property('createdBy');
    });

    it('given an update whose field is undefined, when applied, then the field is left out rather than stored as null', async () => {
      await counters().updateOne({ _id: 'c1' }, { $set: { label: 'w', gone: undefined } });
      expect(await get('c1')).to.include({ label: 'w' }).and.not.to.have.property('gone');
    });

    it('given a document, when two operators touch the same path, then the update is refused', async () => {
      await rejectionOf(counters().updateOne({ _id: 'c1' }, { $set: { n: 1 }, $inc: { n: 1 } }));
    });

    it('given a document, when an update changes _id, then it is refused', async () => {
      await rejectionOf(counters().updateOne({ _id: 'c1' }, { $set: { _id: 'c2' } }));
      expect(await get('c1')).not.to.equal(null);
    });

    it('given an update without operators, when applied, then it is refused', async () => {
      await rejectionOf(counters().updateOne({ _id: 'c1' }, { n: 1 }));
    });

    it('given several matches, when updateMany runs, then every match is updated and counted', async () => {
      await counters().replaceOne({ _id: 'c2' }, { _id: 'c2', n: 5, label: 'y' }, { upsert: true });
      await counters().replaceOne({ _id: 'c3' }, { _id: 'c3', n: 1, label: 'x' }, { upsert: true });
      const result = await counters().updateMany({ label: 'x' }, { $set: { n: 5 } });
      expect(result).to.deep.equal({ matchedCount: 2, modifiedCount: 1, upsertedId: null });
      expect(await counters().countDocuments({ n: 5 })).to.equal(3);
    });

    it('given several matches, when updateOne runs, then exactly one is updated', async () => {
      await counters().replaceOne({ _id: 'c2' }, { _id: 'c2', n: 5 }, { upsert: true });
      expect((await counters().updateOne({ n: 5 }, { $inc: { n: 1 } })).modifiedCount).to.equal(1);
      expect(await counters().countDocuments({ n: 6 })).to.equal(1);
    });

    it('given no match and no upsert, when updated, then nothing is matched or created', async () => {
      expect(await counters().updateOne({ _id: 'none' }, { $set: { n: 1 } })).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
      expect(await counters().countDocuments({})).to.equal(1);
    });
  });

  describe('upserts', () => {
    it('given no match, when upserted, then the new document holds the equality fields of the filter and the update', async () => {
      const result = await counters().updateOne(
        { accountId: 'acme', ticketNumber: { $eq: 9 }, status: { $in: ['open', 'pending'] }, 'customer.phone': '+100', $and: [{ source: 'email' }], score: { $gt: 1 } },
        { $set: { summary: 'hello' }, $setOnInsert: { createdAt: '2024-01-01T00:00:00.000Z' }, $inc: { updates: 1 } },
        { upsert: true },
      );
      expect(result.matchedCount).to.equal(0);
      expect(result.modifiedCount).to.equal(0);
      expect(result.upsertedId).to.be.a('string');
      const doc = await counters().findOne({ _id: result.upsertedId });
      const { _id, ...fields } = doc ?? { _id: '' };
      expect(_id).to.equal(result.upsertedId);
      expect(fields).to.deep.equal({
        accountId: 'acme', ticketNumber: 9, customer: { phone: '+100' }, source: 'email',
        summary: 'hello', createdAt: '2024-01-01T00:00:00.000Z', updates: 1,
      });
    });

    it('given a filter on _id, when upserted twice, then the first inserts under that _id and the second matches', async () => {
      const first = await counters().updateOne({ _id: 'k1' }, { $inc: { hits: 1 }, $setOnInsert: { firstSeen: 1 } }, { upsert: true });
      expect(first).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: 'k1' });
      const second = await counters().updateOne({ _id: 'k1' }, { $inc: { hits: 1 }, $setOnInsert: { firstSeen: 2 } }, { upsert: true });
      expect(second).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await get('k1')).to.deep.equal({ _id: 'k1', hits: 2, firstSeen: 1 });
    });

    it('given no match, when replaceOne upserts, then the replacement is stored under its _id', async () => {
      const result = await counters().replaceOne({ _id: 'r1' }, { _id: 'r1', v: 1 }, { upsert: true });
      expect(result).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: 'r1' });
      expect(await get('r1')).to.deep.equal({ _id: 'r1', v: 1 });
    });

    it('given a match, when replaceOne runs, then the whole document is replaced and keeps its _id', async () => {
      await counters().replaceOne({ _id: 'r1' }, { _id: 'r1', v: 1, old: true }, { upsert: true });
      const result = await counters().replaceOne({ v: 1 }, { _id: 'r1', v: 2 });
      expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
      expect(await get('r1')).to.deep.equal({ _id: 'r1', v: 2 });
      expect(await counters().replaceOne({ _id: 'r1' }, { _id: 'r1', v: 2 })).to.deep.equal({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
    });

    it('given a match, when replaceOne brings another _id, then it is refused', async () => {
      await counters().replaceOne({ _id: 'r1' }, { _id: 'r1', v: 1 }, { upsert: true });
      await rejectionOf(counters().replaceOne({ _id: 'r1' }, { _id: 'r2', v: 2 }));
      expect(await get('r1')).to.deep.equal({ _id: 'r1', v: 1 });
    });

    it('given documents, when deleteMany runs, then the matches are gone and counted', async () => {
      for (const id of ['d1', 'd2', 'd3']) await counters().replaceOne({ _id: id }, { _id: id, group: id === 'd3' ? 'b' : 'a' }, { upsert: true });
      expect(await counters().deleteMany({ group: 'a' })).to.equal(2);
      expect(await counters().deleteMany({ group: 'a' })).to.equal(0);
      expect(await counters().countDocuments({})).to.equal(1);
    });
  });
}
