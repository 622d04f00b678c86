import { expect } from 'chai';
import { DuplicateKeyError, EmbeddedReadStore } from '@support/adapters';
import type { Collection, Document, Filter } from '@support/domain';
import { pick, seededRandom } from './random';

/**
 * Replay mode: indexes not kept up to date while a long log is replayed, built once at its end.
 * Queries must answer the same throughout, and unique indexes must hold throughout.
 */
describe('embedded read store: deferred indexes (replay mode)', () => {
  const random = seededRandom(20261123);
  const STATUSES = ['open', 'pending', 'resolved'];
  const day = (d: number): string => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();
  const ticket = (i: number): Document => ({
    _id: `t${String(i).padStart(4, '0')}`, accountId: pick(random, ['acme', 'globex']), status: pick(random, STATUSES),
    createdAt: day(Math.floor(random() * 60)), customerId: `c${Math.floor(random() * 50)}`, keys: [`n${i}`, `o${i % 97}`],
  });
  const INDEXES = [
    { key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' },
    { key: { accountId: 1, status: 1, createdAt: -1, _id: -1 }, name: 'account_status_createdAt' },
    { key: { accountId: 1, customerId: 1 }, name: 'account_customer' },
    { key: { keys: 1 }, name: 'keys' },
  ] as const;
  const filters = (): Filter[] => [
    {}, { accountId: 'acme' }, { accountId: 'globex', status: pick(random, STATUSES) }, { accountId: 'acme', customerId: `c${Math.floor(random() * 50)}` },
    { keys: `o${Math.floor(random() * 97)}` }, { accountId: 'acme', createdAt: { $gte: day(10), $lt: day(30) } },
  ];

  const write = async (collections: readonly Collection[], i: number): Promise<void> => {
    const r = random();
    const id = `t${String(Math.floor(random() * Math.max(1, i))).padStart(4, '0')}`;
    const { _id, ...fields } = ticket(i);
    for (const c of collections) {
      if (r < 0.6) await c.updateOne({ _id }, { $set: fields }, { upsert: true });
      else if (r < 0.85) await c.updateOne({ _id: id }, { $set: { status: 'resolved', createdAt: day(61) } });
      else await c.deleteMany({ _id: id });
    }
  };

  const sameAnswers = async (indexed: Collection, plain: Collection, when: string): Promise<void> => {
    for (const filter of filters()) {
      const page = { sort: { createdAt: -1 as const, _id: -1 as const }, limit: 7, skip: 2 };
      const context = `${when} ${JSON.stringify(filter)}`;
      expect(await indexed.countDocuments(filter), context).to.equal(await plain.countDocuments(filter));
      expect((await indexed.find(filter, page).toArray()).map((d) => d._id), context).to.deep.equal((await plain.find(filter, page).toArray()).map((d) => d._id));
    }
  };

  it('given indexes deferred except one, when documents are written, then queries agree with a plain store during the replay and after the build', async () => {
    const store = new EmbeddedReadStore();
    const indexed = store.collection('tickets');
    const plain = new EmbeddedReadStore().collection('tickets');
    await indexed.createIndexes([...INDEXES]);
    for (let i = 0; i < 50; i++) await write([indexed, plain], i);
    store.deferIndexes((collection, name) => collection === 'tickets' && name === 'account_customer');
    expect(store.replaying).to.equal(true);
    for (let i = 50; i < 400; i++) {
      await write([indexed, plain], i);
      if (i % 50 === 0) await sameAnswers(indexed, plain, `during replay at ${i}`);
    }
    store.buildDeferredIndexes();
    expect(store.replaying).to.equal(false);
    await sameAnswers(indexed, plain, 'after the build');
    for (let i = 400; i < 500; i++) await write([indexed, plain], i);
    await sameAnswers(indexed, plain, 'after writes past the build');
  });

  it('given a unique index, when indexes are deferred, then it is kept up to date and still refuses a duplicate', async () => {
    const store = new EmbeddedReadStore();
    const records = store.collection('records');
    await records.createIndexes([{ key: { key: 1 }, name: 'key', unique: true }, { key: { at: 1 }, name: 'at' }]);
    store.deferIndexes(() => false);
    await records.updateOne({ _id: 'a' }, { $set: { key: 'k1', at: 1 } }, { upsert: true });
    let refused: unknown;
    try {
      await records.updateOne({ _id: 'b' }, { $set: { key: 'k1', at: 2 } }, { upsert: true });
    } catch (e) {
      refused = e;
    }
    expect(refused).to.be.instanceOf(DuplicateKeyError);
    expect(await records.countDocuments({})).to.equal(1);
  });

  it('given deferred indexes, when the store is captured (a snapshot), then the indexes are built first and the image holds them whole', async () => {
    const store = new EmbeddedReadStore();
    const tickets = store.collection('tickets');
    await tickets.createIndexes([...INDEXES]);
    store.deferIndexes(() => false);
    for (let i = 0; i < 30; i++) { const { _id, ...fields } = ticket(i); await tickets.updateOne({ _id }, { $set: fields }, { upsert: true }); }
    const image = store.capture().find((t) => t.name === 'tickets');
    expect(store.replaying).to.equal(false);
    expect(image?.indexes.map((i) => i.spec.name)).to.deep.equal(INDEXES.map((i) => i.name));
    for (const index of image?.indexes ?? []) expect(index.entryOrder?.size, index.spec.name).to.be.at.least(30);
  });

  it('given documents written in random order with many equal keys (null timestamps, a few sources, several phones each, an index over two lists with repeats), when the deferred indexes are built, then each index holds its entries in the same order as one kept up to date per write', async () => {
    // given
    const indexes = [
      { key: { accountId: 1, resolvedAt: -1, _id: -1 }, name: 'account_resolvedAt' },
      { key: { accountId: 1, createdAt: 1, _id: 1 }, name: 'account_createdAt_up' },
      { key: { accountId: 1, source: 1, label: 1 }, name: 'account_source' },
      { key: { accountId: 1, phones: 1 }, name: 'account_phones' },
      { key: { accountId: 1, customerId: 1 }, name: 'account_customer' },
      { key: { accountId: 1, phones: 1, keys: -1 }, name: 'account_phones_keys' },
    ] as const;
    const doc = (i: number) => ({
      accountId: pick(random, ['acme', 'globex']), resolvedAt: random() < 0.8 ? null : day(Math.floor(random() * 5)), createdAt: day(Math.floor(random() * 5)),
      source: pick(random, ['email', 'chatapp', 'voiceCall']), label: random() < 0.5 ? null : pick(random, ['Walk-In', 'Kiosk']),
      phones: Array.from({ length: 1 + Math.floor(random() * 3) }, () => `+1415555${String(Math.floor(random() * 40)).padStart(4, '0')}`),
      customerId: `c${Math.floor(random() * 20)}`, n: i,
      keys: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, ['k1', 'k2', 'k3'])),
    });
    const ids = Array.from({ length: 300 }, (_, i) => `${pick(random, ['a', 'b', 'c'])}-${Math.floor(random() * 1e9).toString(36)}-${i}`);
    const kept = new EmbeddedReadStore();
    const built = new EmbeddedReadStore();
    await kept.collection('tickets').createIndexes([...indexes]);
    await built.collection('tickets').createIndexes([...indexes]);
    built.deferIndexes(() => false);
    // when
    for (const [i, id] of ids.entries()) {
      const fields = doc(i);
      for (const store of [kept, built]) await store.collection('tickets').updateOne({ _id: id }, { $set: fields }, { upsert: true });
    }
    built.buildDeferredIndexes();
    // then
    const orders = (store: EmbeddedReadStore) => Object.fromEntries((store.capture().find((t) => t.name === 'tickets')?.indexes ?? []).map((i) => [i.spec.name, i.entryOrder?.ids()]));
    expect(orders(built)).to.deep.equal(orders(kept));
    expect(Object.keys(orders(built))).to.have.members(indexes.map((i) => i.name));
  });
});
