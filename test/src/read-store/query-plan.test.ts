import { expect } from 'chai';
import { DocumentTable } from '@support/adapters/dist/read-store/embedded/document-table';
import { constraintsOf } from '@support/adapters/dist/read-store/embedded/filter-constraints';
import { candidateBatches, planQuery } from '@support/adapters/dist/read-store/embedded/query-plan';
import { sortKeysOf } from '@support/adapters/dist/read-store/embedded/sort-order';

/**
 * Plan choice of the embedded store. A wrong choice gives right answers slowly (a full scan per
 * query), which only shows at scale: replaying 100,000 tickets went quadratic when an empty index
 * range lost to the collection scan.
 */
describe('EmbeddedReadStore query plans', () => {
  const table = new DocumentTable('tickets');
  before(() => {
    table.createIndexes([{ key: { accountId: 1, customerId: 1 }, name: 'account_customer' }]);
    for (let i = 0; i < 2000; i++) table.insert({ _id: `t${i}`, accountId: 'acme', customerId: `c${i % 500}`, createdAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` });
  });

  it('given an equality on an index prefix that matches nothing, when all matches are wanted, then the index is used, not a scan', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme', customerId: 'c-new' }), sortKeysOf(undefined), Number.POSITIVE_INFINITY);
    expect(plan.kind).to.equal('index');
    expect(plan.scanSize).to.equal(0);
  });

  it('given an equality that matches a few documents, then the index range holds only them', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme', customerId: 'c7' }), sortKeysOf(undefined), Number.POSITIVE_INFINITY);
    expect(plan.kind).to.equal('index');
    expect(plan.scanSize).to.equal(4);
  });

  it('given a lookup by _id, then no other plan is considered', () => {
    expect(planQuery(table, constraintsOf({ _id: 't1' }), [], 1).kind).to.equal('ids');
  });
});

describe('EmbeddedReadStore query plans: counts', () => {
  const table = new DocumentTable('tickets');
  before(() => {
    table.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' }]);
    for (let i = 0; i < 1000; i++) table.insert({ _id: `t${i}`, accountId: 'acme', createdAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` });
  });

  it('given an equality on the leading field of every document, when counting, then the exact index answers without a scan', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme' }), [], Number.POSITIVE_INFINITY);
    expect(plan.kind).to.equal('index');
    expect(plan.kind === 'index' && plan.exact).to.equal(true);
  });

  it('given a one-sided date range (strings only, by type bracketing), when counting, then the index range is exact and holds only the matches', async () => {
    const { EmbeddedReadStore } = await import('@support/adapters');
    const seconds = (from: number, to: number) => Array.from({ length: 1000 }, (_, i) => i % 60).filter((s) => s >= from && s < to).length;
    for (const [condition, expected] of [[{ $gte: '2026-01-01T00:00:50Z' }, seconds(50, 60)], [{ $lt: '2026-01-01T00:00:10Z' }, seconds(0, 10)]] as const) {
      const plan = planQuery(table, constraintsOf({ accountId: 'acme', createdAt: condition }), [], Number.POSITIVE_INFINITY);
      expect(plan.kind === 'index' && plan.exact, JSON.stringify(condition)).to.equal(true);
      expect(plan.scanSize, JSON.stringify(condition)).to.equal(expected);
    }
    const store = new EmbeddedReadStore();
    const mixed = store.collection('mixed');
    await mixed.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 } }]);
    await mixed.bulkWrite([
      { replaceOne: { filter: { _id: 'a' }, replacement: { _id: 'a', accountId: 'acme', createdAt: '2026-02-01T00:00:00Z' }, upsert: true } },
      { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', accountId: 'acme', createdAt: 5 }, upsert: true } },
      { replaceOne: { filter: { _id: 'c' }, replacement: { _id: 'c', accountId: 'acme', createdAt: { at: 'x' } }, upsert: true } },
      { replaceOne: { filter: { _id: 'd' }, replacement: { _id: 'd', accountId: 'acme', createdAt: new Date('2026-03-01T00:00:00Z') }, upsert: true } },
    ]);
    expect(await mixed.countDocuments({ accountId: 'acme', createdAt: { $gte: '2026-01-01' } })).to.equal(1);
    expect(await mixed.countDocuments({ accountId: 'acme', createdAt: { $lte: '2026-03-01' } })).to.equal(1);
  });
});

describe('EmbeddedReadStore query plans: one count per constrained prefix', () => {
  const table = new DocumentTable('tickets');
  before(() => {
    table.createIndexes([
      { key: { accountId: 1, createdAt: -1 }, name: 'account_createdAt' },
      { key: { accountId: 1, status: 1 }, name: 'account_status' },
      { key: { accountId: 1, tags: 1 }, name: 'account_tags' },
    ]);
    // Every document has three tags: the multikey index holds three entries per document.
    for (let i = 0; i < 300; i++) table.insert({ _id: `t${i}`, accountId: i < 200 ? 'acme' : 'other', status: 'open', tags: [`a${i}`, `b${i}`, `c${i}`], createdAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` });
  });

  it('given indexes that share the pinned leading field, when one of them is planned after the others, then its range count is the documents of that value and the multikey index keeps its own count', () => {
    // Sorted by status, only account_status gives the order: it is chosen, with the count the other plain index made.
    const byStatus = planQuery(table, constraintsOf({ accountId: 'acme' }), sortKeysOf({ status: 1 }), 10);
    expect(byStatus.kind === 'index' && byStatus.index.name).to.equal('account_status');
    expect(byStatus.scanSize).to.equal(200);
    // Sorted by tags, the multikey index gives no order; asked for its own sake through a filter on tags, it counts its entries.
    const byTags = planQuery(table, constraintsOf({ accountId: 'acme', tags: { $in: ['a1', 'b1', 'c1', 'a2'] } }), [], Number.POSITIVE_INFINITY);
    expect(byTags.kind === 'index' && byTags.index.name).to.equal('account_tags');
    expect(byTags.scanSize).to.equal(4);
  });

  it('given a chosen plan whose count another index made (its ranges not made while weighing), then its ranges are made for it and hold exactly the documents of the pinned value, in its order', () => {
    const byStatus = planQuery(table, constraintsOf({ accountId: 'acme' }), sortKeysOf({ status: 1 }), Number.POSITIVE_INFINITY);
    expect(byStatus.kind === 'index' && byStatus.ranges.length).to.equal(1);
    const ids = [...candidateBatches(table, byStatus)].flat().map((d) => d._id);
    // One status: the index's order is then the _id's.
    expect(ids).to.deep.equal(Array.from({ length: 200 }, (_, i) => `t${i}`).sort());
    // And a plan with several pinned values per field still gets one range per combination.
    const twoAccounts = planQuery(table, constraintsOf({ accountId: { $in: ['acme', 'other'] } }), sortKeysOf({ status: 1 }), Number.POSITIVE_INFINITY);
    expect(twoAccounts.kind === 'index' && twoAccounts.ranges.length).to.equal(2);
    expect([...candidateBatches(table, twoAccounts)].flat()).to.have.length(300);
  });
});

describe('EmbeddedReadStore: skipping by rank', () => {
  const docs = Array.from({ length: 3_000 }, (_, i) => ({ _id: `t${String(i).padStart(4, '0')}`, accountId: i % 3 === 0 ? 'other' : 'acme', createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1_000).toISOString() }));
  const acmeNewestFirst = docs.filter((d) => d.accountId === 'acme').reverse();
  const tableOf = async () => {
    const { EmbeddedReadStore } = await import('@support/adapters');
    const store = new EmbeddedReadStore();
    const tickets = store.collection('tickets');
    await tickets.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' }]);
    await tickets.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } })));
    return tickets;
  };

  for (const [name, sort] of [['newest first', { createdAt: -1, _id: -1 }], ['oldest first', { createdAt: 1, _id: 1 }]] as const) {
    it(`given an exact index range in sort order (${name}), when a page far from the start is read, then it is the slice of the whole sorted result`, async () => {
      const tickets = await tableOf();
      const whole = sort.createdAt === -1 ? acmeNewestFirst : [...acmeNewestFirst].reverse();
      for (const skip of [0, 1, 1_023, 1_500, 1_999, 2_000, 5_000]) {
        const page = await tickets.find({ accountId: 'acme' }, { sort, skip, limit: 250 }).toArray();
        expect(page.map((d) => d._id), `skip ${skip}`).to.deep.equal(whole.slice(skip, skip + 250).map((d) => d._id));
      }
    });
  }

  it('given a filter the index does not hold exactly, when a page is skipped to, then only matching documents are counted among the skipped', async () => {
    const tickets = await tableOf();
    const even = acmeNewestFirst.filter((d) => Number(d._id.slice(1)) % 2 === 0);
    const page = await tickets.find({ accountId: 'acme', _id: { $in: even.map((d) => d._id) } }, { sort: { createdAt: -1, _id: -1 }, skip: 300, limit: 100 }).toArray();
    expect(page.map((d) => d._id)).to.deep.equal(even.slice(300, 400).map((d) => d._id));
  });
});
