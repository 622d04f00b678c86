import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import { KeyRange, SecondaryIndex } from '@support/adapters/dist/read-store/embedded/secondary-index';
import type { Document } from '@support/domain';
import { pick, seededRandom } from './random';

/**
 * Replay mode keeps the indexes its projections read (a customer's tickets by account and customer)
 * grouped by whole key instead of sorted. Every read must answer as the sorted index would; a read
 * the groups cannot answer, or a key they cannot hold, sorts them first.
 */
describe('replay: a kept index grouped by whole key', () => {
  const random = seededRandom(20261126);
  const KEY = { accountId: 1, customerId: 1 } as const;
  const ACCOUNTS = ['acme', 'globex'];
  const customer = (): unknown => (random() < 0.1 ? null : random() < 0.1 ? undefined : random() < 0.1 ? ['c1', `c${Math.floor(random() * 9)}`] : `c${Math.floor(random() * 9)}`);
  const doc = (id: string): Document => {
    const customerId = customer();
    return { _id: id, accountId: pick(random, ACCOUNTS), ...(customerId === undefined ? {} : { customerId }) };
  };
  const whole = (accountId: string, customerId: unknown): KeyRange => ({ start: { prefix: [accountId, customerId], after: false }, end: { prefix: [accountId, customerId], after: true } });
  const scanned = (index: SecondaryIndex, range: KeyRange, descending: boolean, skip: number): string[] => [...index.scan(range, descending, skip)].flat();

  /** A grouped index and its sorted twin, given the same random writes (adds, moves to another key, removes). */
  const twins = (writes: number): { grouped: SecondaryIndex; sorted: SecondaryIndex; docs: Map<string, Document> } => {
    const grouped = new SecondaryIndex('account_customer', KEY, false);
    const sorted = new SecondaryIndex('account_customer', KEY, false);
    const docs = new Map<string, Document>();
    for (let i = 0; i < 20; i++) {
      const d = doc(`t${i}`);
      docs.set(d._id, d);
      grouped.add(d);
      sorted.add(d);
    }
    grouped.groupByKey();
    for (let i = 20; i < writes; i++) {
      const r = random();
      const id = `t${Math.floor(random() * i)}`;
      const before = docs.get(id);
      if (r < 0.5 || before === undefined) {
        const d = doc(`t${i}`);
        docs.set(d._id, d);
        for (const index of [grouped, sorted]) index.add(d);
      } else if (r < 0.8) {
        const after = doc(id);
        docs.set(id, after);
        for (const index of [grouped, sorted]) index.move(index.keysOf(before), index.keysOf(after));
      } else {
        docs.delete(id);
        for (const index of [grouped, sorted]) index.remove(before);
      }
    }
    return { grouped, sorted, docs };
  };

  it('given a grouped index and a sorted twin, when documents are added, moved and removed, then whole-key counts and scans (both ways, skipped) agree, and the index stays grouped', () => {
    // given / when
    const { grouped, sorted } = twins(600);
    // then
    for (const accountId of ACCOUNTS) {
      for (const customerId of [null, 'c0', 'c1', 'c5', 'c8', 'nobody']) {
        const range = whole(accountId, customerId);
        const context = `${accountId} ${customerId}`;
        expect(grouped.count(range), context).to.equal(sorted.count(range));
        for (const descending of [false, true]) {
          for (const skip of [0, 1, 3]) expect(scanned(grouped, range, descending, skip), `${context} ${descending} ${skip}`).to.deep.equal(scanned(sorted, range, descending, skip));
        }
      }
    }
    expect(sorted.count(whole('acme', 'c1'))).to.be.greaterThan(1);
    expect(grouped.size).to.equal(sorted.size);
    expect(grouped.multikey).to.equal(sorted.multikey);
    expect(grouped.isGrouped).to.equal(true);
  });

  it('given a grouped index, when a read asks for a range of several keys, then the entries are sorted first and every read after agrees with the sorted twin', () => {
    // given
    const { grouped, sorted, docs } = twins(300);
    // when
    const account = { start: { prefix: ['acme'], after: false }, end: { prefix: ['acme'], after: true } };
    expect(grouped.count(account)).to.equal(sorted.count(account));
    // then
    expect(grouped.isGrouped).to.equal(false);
    expect(scanned(grouped, account, true, 2)).to.deep.equal(scanned(sorted, account, true, 2));
    const added = doc('t-late');
    docs.set(added._id, added);
    for (const index of [grouped, sorted]) index.add(added);
    expect(grouped.entryOrder().ids()).to.deep.equal(sorted.entryOrder().ids());
  });

  it('given a grouped index, when a document holds a key it cannot group (a number), then the entries are sorted and that key is found as in the sorted twin', () => {
    // given
    const { grouped, sorted } = twins(200);
    // when
    const odd: Document = { _id: 't-odd', accountId: 'acme', customerId: 7 };
    for (const index of [grouped, sorted]) index.add(odd);
    // then
    expect(grouped.isGrouped).to.equal(false);
    expect(scanned(grouped, whole('acme', 7), false, 0)).to.deep.equal(['t-odd']);
    expect(grouped.entryOrder().ids()).to.deep.equal(sorted.entryOrder().ids());
  });

  it('given a grouped index, when it is loaded from its documents (the end of a replay), then its order is the sorted twin\u2019s', () => {
    // given
    const { grouped, sorted, docs } = twins(400);
    // when
    grouped.load([...docs.values()], null);
    // then
    expect(grouped.isGrouped).to.equal(false);
    expect(grouped.entryOrder().ids()).to.deep.equal(sorted.entryOrder().ids());
  });

  it('given a store replaying with account_customer kept, when tickets are upserted, moved between customers and deleted between reads of customers\u2019 tickets, then the reads agree with a store without indexes, and after the build the index is in the order of one kept per write', async () => {
    // given
    const spec = [{ key: KEY, name: 'account_customer' }];
    const replaying = new EmbeddedReadStore();
    const kept = new EmbeddedReadStore();
    const plain = new EmbeddedReadStore();
    for (const store of [replaying, kept]) await store.collection('tickets').createIndexes(spec);
    replaying.deferIndexes((_, name) => name === 'account_customer');
    const all = [replaying, kept, plain].map((store) => store.collection('tickets'));
    // when
    for (let i = 0; i < 400; i++) {
      const r = random();
      const id = `t${Math.floor(random() * Math.max(1, i))}`;
      const { _id, ...fields } = doc(`t${i}`);
      for (const c of all) {
        if (r < 0.6) await c.updateOne({ _id }, { $set: fields }, { upsert: true });
        else if (r < 0.85) await c.updateOne({ _id: id }, { $set: { customerId: `c${i % 9}` } });
        else await c.deleteMany({ _id: id });
      }
      if (i % 20 !== 0) continue;
      // then: the projection's reads, by whole keys
      for (const filter of [{ accountId: 'acme', customerId: `c${i % 9}` }, { accountId: 'globex', customerId: null }, { accountId: 'acme', customerId: { $in: ['c1', 'c2'] } }]) {
        const answers = await Promise.all(all.map(async (c) => (await c.find(filter, { projection: { _id: 1 } }).toArray()).map((d) => d._id).sort()));
        expect(answers[0], JSON.stringify(filter)).to.deep.equal(answers[2]);
        expect(await all[0].countDocuments(filter)).to.equal(answers[2].length);
      }
    }
    replaying.buildDeferredIndexes();
    const order = (store: EmbeddedReadStore) => store.capture().find((t) => t.name === 'tickets')?.indexes.map((i) => i.entryOrder?.ids());
    expect(order(replaying)).to.deep.equal(order(kept));
  });
});
