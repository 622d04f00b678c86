import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import type { Collection, Document, Filter, Sort } from '@support/domain';
import { compareBson } from '@support/adapters/dist/read-store/embedded/bson-order';
import { pick, seededRandom } from './random';

/** What a value sorts by: an array by its smallest element ascending, its largest descending. */
function sortValueOf(value: unknown, direction: 1 | -1): unknown {
  if (!Array.isArray(value)) return value ?? null;
  if (value.length === 0) return '(empty array)';
  return [...value].sort((a, b) => compareBson(a, b) * direction)[0];
}

/**
 * The embedded store's indexes only narrow and order scans: with any mix of declared indexes,
 * every find and count must give what a plain scan of the collection gives.
 */
describe('EmbeddedReadStore indexes give the same answers as a full scan', () => {
  const random = seededRandom(20240601);
  const ACCOUNTS = ['acme', 'globex', 'initech'];
  const STATUSES = ['open', 'pending', 'closed', null, undefined];
  const TAGS = ['vip', 'billing', 'bug', 'sales'];
  const day = (d: number): string => new Date(Date.UTC(2024, 0, 1 + d)).toISOString();

  const randomTicket = (id: number): Document => {
    const doc: Document = { _id: `t${String(id).padStart(4, '0')}`, accountId: pick(random, ACCOUNTS), n: Math.floor(random() * 50) };
    const status = pick(random, STATUSES);
    if (status !== undefined) doc.status = status;
    if (random() < 0.9) doc.createdAt = day(Math.floor(random() * 60));
    else if (random() < 0.5) doc.createdAt = new Date(Date.UTC(2024, 0, 1 + Math.floor(random() * 60)));
    if (random() < 0.7) doc.priority = Math.floor(random() * 4);
    if (random() < 0.6) doc.tags = TAGS.filter(() => random() < 0.4);
    return doc;
  };

  const randomFilter = (): Filter => {
    const filter: Filter = {};
    const r = random();
    if (r < 0.4) filter.accountId = pick(random, ACCOUNTS);
    else if (r < 0.6) filter.accountId = { $in: ACCOUNTS.filter(() => random() < 0.5) };
    const s = random();
    if (s < 0.25) filter.status = pick(random, ['open', 'pending', 'closed', null]);
    else if (s < 0.45) filter.status = { $in: ['open', 'closed', null].filter(() => random() < 0.6) };
    else if (s < 0.55) filter.status = { $nin: ['closed'] };
    const c = random();
    const from = Math.floor(random() * 60);
    if (c < 0.3) filter.createdAt = { $gte: day(from), $lt: day(from + Math.floor(random() * 20)) };
    else if (c < 0.4) filter.createdAt = { $gt: day(from) };
    else if (c < 0.45) filter.createdAt = { $lte: new Date(Date.UTC(2024, 0, 1 + from)) };
    const p = random();
    if (p < 0.15) filter.priority = { $gte: 1, $lte: 2 };
    else if (p < 0.25) filter.priority = null;
    else if (p < 0.3) filter.priority = { $exists: false };
    const t = random();
    if (t < 0.15) filter.tags = pick(random, TAGS);
    else if (t < 0.2) filter.tags = { $in: ['vip', 'bug'] };
    if (random() < 0.15) filter.$or = [{ n: { $lt: 10 } }, { priority: 3 }];
    if (random() < 0.1) return { $and: [filter, { n: { $gte: 5 } }] };
    return filter;
  };

  const SORTS: readonly Sort[] = [
    {}, { createdAt: -1 }, { createdAt: 1 }, { status: 1, createdAt: -1 }, { priority: -1, n: 1 },
    { accountId: 1, createdAt: -1 }, { tags: 1 }, { n: 1 }, { accountId: -1, status: -1, createdAt: 1 },
  ];

  const randomWrite = async (collections: readonly Collection[], nextId: () => number): Promise<void> => {
    const id = `t${String(Math.floor(random() * 400)).padStart(4, '0')}`;
    const w = random();
    for (const c of collections) {
      if (w < 0.4) await c.updateOne({ _id: id }, { $set: { status: 'pending', createdAt: day(70) } });
      else if (w < 0.6) await c.updateOne({ _id: id }, { $addToSet: { tags: 'bug' }, $inc: { n: 1 } });
      else if (w < 0.8) await c.deleteMany({ _id: id });
    }
    if (w >= 0.8) {
      const doc = randomTicket(nextId());
      for (const c of collections) await c.replaceOne({ _id: doc._id }, doc, { upsert: true });
    }
  };

  it('given 400 random tickets and random writes, when 300 random queries run, then indexed and plain stores agree', async () => {
    const plain = new EmbeddedReadStore().collection('tickets');
    const indexed = new EmbeddedReadStore().collection('tickets');
    await indexed.createIndexes([
      { key: { accountId: 1, createdAt: -1 } }, { key: { accountId: 1, status: 1, createdAt: -1 } }, { key: { status: 1 } },
      { key: { tags: 1 } }, { key: { priority: -1, n: 1 } }, { key: { createdAt: 1 } },
    ]);
    let id = 0;
    for (; id < 400; id++) {
      const doc = randomTicket(id);
      await plain.replaceOne({ _id: doc._id }, doc, { upsert: true });
      await indexed.replaceOne({ _id: doc._id }, doc, { upsert: true });
    }
    for (let q = 0; q < 300; q++) {
      if (q % 3 === 0) await randomWrite([plain, indexed], () => id++);
      const filter = randomFilter();
      const sort = pick(random, SORTS);
      const context = JSON.stringify({ filter, sort });
      expect(await indexed.countDocuments(filter), context).to.equal(await plain.countDocuments(filter));
      const tieBroken = { ...sort, _id: 1 as const };
      const skip = Math.floor(random() * 5);
      const limit = pick(random, [0, 1, 5, 20]);
      const page = { sort: tieBroken, skip, limit };
      const expected = (await plain.find(filter, page).toArray()).map((d) => d._id);
      expect((await indexed.find(filter, page).toArray()).map((d) => d._id), `${context} ${JSON.stringify(page)}`).to.deep.equal(expected);
      const keysOf = (docs: Document[]): string => JSON.stringify(docs.map((d) => Object.entries(sort).map(([k, direction]) => sortValueOf(d[k], direction))));
      const all = await indexed.find(filter, { sort }).toArray();
      const reference = await plain.find(filter, { sort }).toArray();
      expect(keysOf(all), context).to.equal(keysOf(reference));
      expect(all.map((d) => d._id).sort(), context).to.deep.equal(reference.map((d) => d._id).sort());
    }
  });
});
