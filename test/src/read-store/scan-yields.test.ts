import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import type { Document } from '@support/domain';

/**
 * One slow request must not hold up the others: a find or count that scans (a search too short for
 * the substring index, a filter no index narrows) lets other work run while it scans, and still
 * answers what a scan answers.
 */
describe('EmbeddedReadStore: long scans let other work run', () => {
  const store = new EmbeddedReadStore();
  const col = store.collection('tickets');
  const DOCS = 60_000;
  before(async () => {
    await col.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 } }, { key: { accountId: 1, text: 1 }, substring: true }]);
    const docs: Document[] = Array.from({ length: DOCS }, (_, i) => ({ _id: `t${i}`, accountId: 'acme', createdAt: String(i).padStart(6, '0'), text: `customer ${i} kettle` }));
    await col.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } })));
  });

  const othersRunDuring = async <T>(work: () => Promise<T>): Promise<{ result: T; ticks: number }> => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await work();
    running = false;
    return { result, ticks };
  };

  it('given a count that must test every document, when it runs, then other work runs meanwhile and the count is exact', async () => {
    const { result, ticks } = await othersRunDuring(() => col.countDocuments({ accountId: 'acme', text: { $regex: '9', $options: 'i' } }));
    expect(result).to.equal(Array.from({ length: DOCS }, (_, i) => String(i)).filter((s) => s.includes('9')).length);
    expect(ticks).to.be.greaterThan(0);
  });

  it('given a find of rare matches (all of them wanted), when it runs, then other work runs meanwhile and the matches come in order', async () => {
    const { result, ticks } = await othersRunDuring(() => col.find({ accountId: 'acme', text: { $regex: '99 k', $options: 'i' } }, { sort: { createdAt: -1 } }).toArray());
    const expected = Array.from({ length: DOCS }, (_, i) => i).filter((i) => `${i} `.includes('99 ')).reverse().map((i) => `t${i}`);
    expect(result.map((d) => d._id)).to.deep.equal(expected);
    expect(ticks).to.be.greaterThan(0);
  });
});
