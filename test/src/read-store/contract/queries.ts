import { expect } from 'chai';
import type { Filter, ReadStore } from '@support/domain';
import { idsOf, seedTickets } from './fixture';

/** Filters, sorts, skip/limit, projection and counts over the ticket fixture. */
export function querySection(store: () => ReadStore): void {
  for (const withIndexes of [false, true]) {
    describe(withIndexes ? 'queries, with the tickets indexes declared' : 'queries, without indexes', () => {
      beforeEach(() => seedTickets(store(), withIndexes));

      const tickets = () => store().collection('tickets');
      const findIds = async (filter: Filter): Promise<string[]> => idsOf(await tickets().find(filter, { sort: { _id: 1 } }).toArray());

      const filterCases: readonly (readonly [string, Filter, readonly string[]])[] = [
        ['a plain value matches equal fields', { accountId: 'globex' }, ['t5', 't6']],
        ['$eq matches equal fields', { status: { $eq: 'closed' } }, ['t3', 't6']],
        ['$in matches any listed value', { accountId: 'acme', status: { $in: ['open', 'pending'] } }, ['t1', 't2', 't4']],
        ['$nin excludes listed values', { status: { $nin: ['open', 'closed'] } }, ['t2']],
        ['$nin also matches documents without the field', { tags: { $nin: ['vip'] } }, ['t2', 't3', 't4', 't6']],
        ['$ne matches null and missing fields', { priority: { $ne: 2 } }, ['t2', 't3', 't4', 't5']],
        ['$gte/$lte on ISO date strings select a date range', { createdAt: { $gte: '2024-01-10T00:00:00.000Z', $lte: '2024-02-15T23:59:59.999Z' } }, ['t2', 't3', 't4', 't5']],
        ['$gte/$lte on ISO strings combine with an account', { accountId: 'acme', createdAt: { $gte: '2024-01-06T00:00:00.000Z', $lt: '2024-02-15T00:00:00.000Z' } }, ['t2', 't3']],
        ['$gte on a Date matches Date fields', { closedAt: { $gte: new Date('2024-02-01T00:00:00.000Z') } }, ['t3']],
        ['a string bound never matches a Date field (type bracketing)', { closedAt: { $gte: '2024-01-01' } }, []],
        ['$gt/$lte on numbers', { score: { $gt: 0, $lte: 10 } }, ['t1', 't2']],
        ['$lt on numbers', { score: { $lt: 0 } }, ['t6']],
        ['$exists: false matches missing fields only', { priority: { $exists: false } }, ['t3']],
        ['$exists: true matches null fields too', { priority: { $exists: true } }, ['t1', 't2', 't4', 't5', 't6']],
        ['null matches null and missing fields', { priority: null }, ['t2', 't3']],
        ['$or matches either clause', { $or: [{ source: 'phone' }, { priority: 3 }] }, ['t4', 't5']],
        ['$and with a nested $or', { $and: [{ accountId: 'acme' }, { $or: [{ status: 'closed' }, { score: { $gte: 10 } }] }] }, ['t1', 't3']],
        ["$regex with $options 'i' ignores case", { 'customer.email': { $regex: 'example\\.com$', $options: 'i' } }, ['t1', 't2']],
        ['$regex without options is case sensitive', { 'customer.email': { $regex: 'example\\.com$' } }, ['t1']],
        ['a RegExp value is a regex match', { 'customer.name': /^d/i }, ['t4']],
        ['a search $or of regexes over several fields', { accountId: 'acme', $or: [{ 'customer.name': { $regex: 'souza', $options: 'i' } }, { 'customer.phone': { $regex: '7777' } }] }, ['t2', 't3']],
        ['a nested path matches inside a sub-document', { 'customer.phone': '+14155550100' }, ['t5']],
        ['a value matches arrays holding it', { tags: 'vip' }, ['t1', 't5']],
        ['$in matches arrays holding a listed value', { tags: { $in: ['billing'] } }, ['t1', 't2']],
        ['$all needs every value', { tags: { $all: ['vip', 'billing'] } }, ['t1']],
        ['$size matches the array length', { tags: { $size: 0 } }, ['t3']],
        ['a path through an array of sub-documents', { 'items.sku': 'b' }, ['t1']],
        ['$elemMatch needs one element to match all conditions', { items: { $elemMatch: { sku: 'c', qty: { $gte: 2 } } } }, ['t3']],
        ['a range over an array of sub-documents', { 'items.qty': { $gt: 2 } }, ['t1']],
        ['$in on _id', { _id: { $in: ['t6', 't2', 'nope'] } }, ['t2', 't6']],
        ['no match gives nothing', { accountId: 'initech' }, []],
        ['an empty $in matches nothing', { status: { $in: [] } }, []],
      ];
      for (const [title, filter, expected] of filterCases) {
        it(`given the tickets, when filtered with ${title}, then ${expected.length === 0 ? 'none match' : expected.join(', ')}`, async () => {
          expect(await findIds(filter)).to.deep.equal(expected);
        });
      }

      const sortCases: readonly (readonly [string, Filter, Record<string, 1 | -1>, readonly string[]])[] = [
        ['ascending with a second key to break ties', {}, { ticketNumber: 1, accountId: 1 }, ['t1', 't5', 't2', 't6', 't3', 't4']],
        ['descending on ISO dates', {}, { createdAt: -1 }, ['t6', 't4', 't3', 't5', 't2', 't1']],
        ['ascending: null and missing first, equal to each other, ordered by the tie-break', {}, { priority: 1, _id: 1 }, ['t2', 't3', 't4', 't1', 't6', 't5']],
        ['descending: null and missing last', {}, { priority: -1, _id: 1 }, ['t5', 't1', 't6', 't4', 't2', 't3']],
        ['by account then newest first', {}, { accountId: 1, createdAt: -1 }, ['t4', 't3', 't2', 't1', 't6', 't5']],
        ['by account descending then oldest first', {}, { accountId: -1, createdAt: 1 }, ['t5', 't6', 't1', 't2', 't3', 't4']],
        ['newest first within one account', { accountId: 'acme' }, { createdAt: -1 }, ['t4', 't3', 't2', 't1']],
        ['oldest first within a status list', { accountId: 'acme', status: { $in: ['open', 'closed'] } }, { createdAt: 1 }, ['t1', 't3', 't4']],
        ['by status then newest first within an account', { accountId: 'acme' }, { status: 1, createdAt: -1 }, ['t3', 't4', 't1', 't2']],
        ['on a nested field, missing first', {}, { 'customer.email': 1, _id: 1 }, ['t3', 't6', 't2', 't1', 't4', 't5']],
      ];
      for (const [title, filter, sort, expected] of sortCases) {
        it(`given the tickets, when sorted ${title}, then the order is ${expected.join(', ')}`, async () => {
          expect(idsOf(await tickets().find(filter, { sort }).toArray())).to.deep.equal(expected);
        });
      }

      it('given the tickets, when a page is asked with skip and limit, then it is that slice of the sorted list', async () => {
        const page = await tickets().find({}, { sort: { createdAt: 1 }, skip: 2, limit: 3 }).toArray();
        expect(idsOf(page)).to.deep.equal(['t5', 't3', 't4']);
      });

      it('given the tickets, when skip passes the end, then the page is empty', async () => {
        expect(await tickets().find({}, { sort: { _id: 1 }, skip: 10, limit: 5 }).toArray()).to.deep.equal([]);
      });

      it('given the tickets, when limit is 0, then there is no limit', async () => {
        expect(await tickets().find({}, { sort: { _id: 1 }, limit: 0 }).toArray()).to.have.length(6);
      });

      it('given the tickets, when findOne is asked with a sort, then it is the first of that order', async () => {
        expect((await tickets().findOne({ accountId: 'acme' }, { sort: { createdAt: -1 } }))?._id).to.equal('t4');
        expect(await tickets().findOne({ accountId: 'initech' })).to.equal(null);
      });

      it('given the tickets, when found by _id alone, then it is that one document, a copy, none past a skip and none for an unknown id', async () => {
        const found = await tickets().findOne({ _id: 't4' });
        expect(found).to.include({ _id: 't4', ticketNumber: 4, source: 'phone' });
        (found as unknown as { source: string }).source = 'changed by the caller';
        expect((await tickets().findOne({ _id: 't4' }))?.source).to.equal('phone');
        expect(idsOf(await tickets().find({ _id: 't4' }, { sort: { createdAt: -1 }, limit: 5 }).toArray())).to.deep.equal(['t4']);
        expect(await tickets().find({ _id: 't4' }, { skip: 1 }).toArray()).to.deep.equal([]);
        expect(await tickets().findOne({ _id: 'nope' })).to.equal(null);
      });

      it('given the tickets, when found by _id with a sort that is not 1 or -1, then the find is refused', async () => {
        let failure: unknown;
        await tickets().find({ _id: 't4' }, { sort: { createdAt: 2 } as never }).toArray().catch((e: unknown) => (failure = e));
        expect(failure).to.be.instanceOf(Error);
        let findOneFailure: unknown;
        await tickets().findOne({ _id: 't4' }, { sort: { createdAt: 2 } as never }).catch((e: unknown) => (findOneFailure = e));
        expect(findOneFailure).to.be.instanceOf(Error);
      });

      it('given the tickets, when findOne by _id alone is projected or skips, then it has the projected fields, and none past the skip', async () => {
        expect(await tickets().findOne({ _id: 't1' }, { projection: { ticketNumber: 1 } })).to.deep.equal({ _id: 't1', ticketNumber: 1 });
        expect(await tickets().findOne({ _id: 't1' }, { skip: 1 })).to.equal(null);
      });

      it('given the tickets, when projected with inclusions, then only those fields and _id come back', async () => {
        const found = await tickets().find({ _id: 't1' }, { projection: { ticketNumber: 1, 'customer.name': 1 } }).toArray();
        expect(found).to.deep.equal([{ _id: 't1', ticketNumber: 1, customer: { name: 'Ana Lima' } }]);
      });

      it('given the tickets, when projected with _id: 0, then _id is left out', async () => {
        const found = await tickets().find({ accountId: 'globex' }, { sort: { ticketNumber: 1 }, projection: { _id: 0, status: 1 } }).toArray();
        expect(found).to.deep.equal([{ status: 'open' }, { status: 'closed' }]);
      });

      it('given the tickets, when projected through an array of sub-documents, then each element keeps the field', async () => {
        const found = await tickets().findOne({ _id: 't1' }, { projection: { 'items.sku': 1, _id: 0 } });
        expect(found).to.deep.equal({ items: [{ sku: 'a' }, { sku: 'b' }] });
      });

      it('given the tickets, when projected with exclusions, then those fields are left out', async () => {
        const found = await tickets().findOne({ _id: 't4' }, { projection: { customer: 0, createdAt: 0, score: 0 } });
        expect(found).to.deep.equal({ _id: 't4', accountId: 'acme', ticketNumber: 4, status: 'open', source: 'phone', priority: 1 });
        const nested = await tickets().findOne({ _id: 't4' }, { projection: { 'customer.email': 0 } });
        expect(nested?.customer).to.deep.equal({ name: 'Davi Alves' });
      });

      it('given the tickets, when a projection mixes inclusion and exclusion, then the find is refused', async () => {
        let failure: unknown;
        await tickets().find({}, { projection: { status: 1, source: 0 } }).toArray().catch((e: unknown) => (failure = e));
        expect(failure).to.be.instanceOf(Error);
      });

      const countCases: readonly (readonly [string, Filter, number])[] = [
        ['everything', {}, 6],
        ['one account', { accountId: 'acme' }, 4],
        ['an account and a status list', { accountId: 'acme', status: { $in: ['open', 'closed'] } }, 3],
        ['an account and a date range', { accountId: 'acme', createdAt: { $gte: '2024-01-10T00:00:00.000Z', $lte: '2024-02-01T00:00:00.000Z' } }, 2],
        ['an account and an open-ended date range', { accountId: 'acme', createdAt: { $gt: '2024-01-10T08:30:00.000Z' } }, 2],
        ['an account, a status and a date range', { accountId: 'acme', status: 'open', createdAt: { $lt: '2024-02-01T00:00:00.000Z' } }, 1],
        ['a search', { $or: [{ 'customer.name': { $regex: 'a', $options: 'i' } }, { source: 'phone' }] }, 5],
        ['an array field', { tags: 'billing' }, 2],
        ['null or missing', { priority: null }, 2],
        ['nothing', { accountId: 'initech' }, 0],
      ];
      for (const [title, filter, expected] of countCases) {
        it(`given the tickets, when counting ${title}, then the count is ${expected} and equals the find`, async () => {
          expect(await tickets().countDocuments(filter)).to.equal(expected);
          expect(await tickets().find(filter).toArray()).to.have.length(expected);
        });
      }
    });
  }

  describe('sort order across types', () => {
    it('given values of mixed types, when sorted ascending, then null and missing < numbers < strings < booleans < dates', async () => {
      const mixed = store().collection('mixed');
      const docs = [
        { _id: 'm1', v: 'abc' }, { _id: 'm2', v: 5 }, { _id: 'm3', v: null }, { _id: 'm4' },
        { _id: 'm5', v: new Date(0) }, { _id: 'm6', v: -1.5 }, { _id: 'm7', v: 'Abc' }, { _id: 'm8', v: true },
      ];
      await mixed.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } })));
      expect(idsOf(await mixed.find({}, { sort: { v: 1, _id: 1 } }).toArray())).to.deep.equal(['m3', 'm4', 'm6', 'm2', 'm7', 'm1', 'm8', 'm5']);
      expect(idsOf(await mixed.find({}, { sort: { v: -1, _id: 1 } }).toArray())).to.deep.equal(['m5', 'm8', 'm1', 'm7', 'm2', 'm6', 'm3', 'm4']);
    });

    it('given array values, when sorted, then ascending uses the smallest element and descending the largest', async () => {
      const arrays = store().collection('arrays');
      const docs = [{ _id: 'a1', v: [5, 1] }, { _id: 'a2', v: 3 }, { _id: 'a3', v: [4, 9] }];
      await arrays.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } })));
      expect(idsOf(await arrays.find({}, { sort: { v: 1 } }).toArray())).to.deep.equal(['a1', 'a2', 'a3']);
      expect(idsOf(await arrays.find({}, { sort: { v: -1 } }).toArray())).to.deep.equal(['a3', 'a1', 'a2']);
    });

    it('given Date values, when stored and read back, then they are Dates and sort by time', async () => {
      const events = store().collection('events');
      await events.updateOne({ _id: 'late' }, { $set: { at: new Date('2024-05-01T00:00:00.000Z') } }, { upsert: true });
      await events.updateOne({ _id: 'early' }, { $set: { at: new Date('2023-05-01T00:00:00.000Z') } }, { upsert: true });
      const found = await events.find({ at: { $lt: new Date('2030-01-01T00:00:00.000Z') } }, { sort: { at: 1 } }).toArray();
      expect(idsOf(found)).to.deep.equal(['early', 'late']);
      expect(found[0].at).to.be.instanceOf(Date);
      expect((found[0].at as Date).toISOString()).to.equal('2023-05-01T00:00:00.000Z');
    });
  });
}
