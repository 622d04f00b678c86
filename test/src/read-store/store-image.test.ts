import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyDelta, applyDeltaChain, EmbeddedReadStore, readReadStoreSnapshot, TableImage, writeReadStoreSnapshot } from '@support/adapters';
import { SecondaryIndex } from '@support/adapters/dist/read-store/embedded/secondary-index';

/** The store's tables through a snapshot file and back. */
const throughSnapshot = async (store: EmbeddedReadStore): Promise<TableImage[]> => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'support-image-'));
  try {
    const file = path.join(dir, 'read-models.snapshot');
    await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log: null }, store.capture());
    return (await readReadStoreSnapshot(file))!.images;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const seed = async (store: EmbeddedReadStore) => {
  const col = store.collection('tickets');
  await col.createIndexes([
    { key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' },
    { key: { accountId: 1, phones: 1 }, name: 'account_phones' },
    { key: { code: 1 }, name: 'code_unique', unique: true },
  ]);
  for (let i = 0; i < 500; i++) {
    const id = `t-${String(i).padStart(3, '0')}`;
    await col.replaceOne({ _id: id }, {
      _id: id, accountId: i % 3 === 0 ? 'globex' : 'acme', createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 500) * 60_000).toISOString(),
      phones: i % 5 === 0 ? [] : [`+1${(i * 31) % 97}`, `+2${i % 7}`], code: `c-${i}`,
    }, { upsert: true });
  }
};

const queries = async (store: EmbeddedReadStore) => {
  const col = store.collection('tickets');
  return {
    newest: (await col.find({ accountId: 'acme' }, { sort: { createdAt: -1, _id: -1 }, limit: 20 }).toArray()).map((d) => d._id),
    phone: (await col.find({ accountId: 'acme', phones: '+25' }, { sort: { _id: 1 } }).toArray()).map((d) => d._id),
    count: await col.countDocuments({ accountId: 'acme', createdAt: { $gte: '2026-01-01T03:00:00.000Z' } }),
  };
};

describe('embedded read store: capture, snapshot file and restore', () => {
  it('given a store with compound, multikey and unique indexes, when its image is restored into a new store, then every query answers the same and uniqueness still holds', async () => {
    const original = new EmbeddedReadStore();
    await seed(original);
    const restored = new EmbeddedReadStore();
    restored.restore(await throughSnapshot(original));
    expect(await queries(restored)).to.deep.equal(await queries(original));
    let refused = false;
    try {
      await restored.collection('tickets').replaceOne({ _id: 'dup' }, { _id: 'dup', accountId: 'acme', createdAt: 'x', phones: [], code: 'c-1' }, { upsert: true });
    } catch {
      refused = true;
    }
    expect(refused).to.equal(true);
  });

  it('given a capture, when documents are written, moved and deleted before its file is written, then the file restores the store as it was at the capture', async () => {
    const live = new EmbeddedReadStore();
    await seed(live);
    const atCapture = new EmbeddedReadStore();
    await seed(atCapture);
    const captured = live.capture();
    const col = live.collection('tickets');
    for (let i = 0; i < 500; i += 3) await col.updateOne({ _id: `t-${String(i).padStart(3, '0')}` }, { $set: { createdAt: '2027-01-01T00:00:00.000Z', phones: ['+99'] } });
    await col.deleteMany({ _id: { $in: Array.from({ length: 72 }, (_, k) => `t-${String(1 + 7 * k).padStart(3, '0')}`) } });
    for (let i = 500; i < 700; i++) await col.replaceOne({ _id: `t-${i}` }, { _id: `t-${i}`, accountId: 'acme', createdAt: '2026-01-01T01:00:00.000Z', phones: ['+25'], code: `c-${i}` }, { upsert: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'support-image-'));
    try {
      const file = path.join(dir, 'read-models.snapshot');
      await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log: null }, captured);
      const images = (await readReadStoreSnapshot(file))!.images;
      expect(images, 'documents and index orders as at the capture').to.deep.equal(await throughSnapshot(atCapture));
      const restored = new EmbeddedReadStore();
      restored.restore(images);
      expect(await queries(restored)).to.deep.equal(await queries(atCapture));
      expect(await queries(restored)).not.to.deep.equal(await queries(live));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given an index longer than one part of its order line, when the snapshot is written, then the line is the one JSON writes and the restored order is the captured one', async () => {
    const store = new EmbeddedReadStore();
    const col = store.collection('tickets');
    await col.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' }]);
    await col.bulkWrite(Array.from({ length: 25_001 }, (_, i) => {
      const id = `t-${String(i).padStart(5, '0')}`;
      return { replaceOne: { filter: { _id: id }, replacement: { _id: id, accountId: 'acme', createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 25_001) * 1_000).toISOString() }, upsert: true } };
    }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'support-image-'));
    try {
      const file = path.join(dir, 'read-models.snapshot');
      const captured = store.capture();
      await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log: null }, captured);
      const orderLines = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"order":'));
      expect(orderLines).to.have.length(1);
      expect(orderLines[0]).to.equal(JSON.stringify(JSON.parse(orderLines[0])));
      const order = JSON.parse(orderLines[0]).order as number[];
      const docs = captured[0].docs;
      expect(order.map((o) => docs[o]._id)).to.deep.equal(captured[0].indexes[0].entryOrder!.ids());
      const restored = new EmbeddedReadStore();
      restored.restore((await readReadStoreSnapshot(file))!.images);
      const newest = (s: EmbeddedReadStore) => s.collection('tickets').find({ accountId: 'acme' }, { sort: { createdAt: -1, _id: -1 }, limit: 50 }).toArray();
      expect((await newest(restored)).map((d) => d._id)).to.deep.equal((await newest(store)).map((d) => d._id));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given an image whose stored index order is wrong, when it is restored, then the index is sorted afresh and queries stay right', async () => {
    const original = new EmbeddedReadStore();
    await seed(original);
    const image = (await throughSnapshot(original)).map((t) => ({ ...t, indexes: t.indexes.map((i) => ({ ...i, order: [...(i.order ?? [])].reverse() })) }));
    const restored = new EmbeddedReadStore();
    restored.restore(image);
    expect(await queries(restored)).to.deep.equal(await queries(original));
  });
});

describe('secondary index: loading from a stored entry order', () => {
  it('given the order a capture kept (multikey documents included), then it is taken without sorting; a shuffled one is refused (and the load sorts)', async () => {
    const store = new EmbeddedReadStore();
    const col = store.collection('t');
    await col.createIndexes([{ key: { a: 1, tags: 1 }, name: 'a_tags' }, { key: { a: 1, at: -1, _id: -1 }, name: 'a_at' }]);
    for (let i = 0; i < 300; i++) {
      await col.replaceOne({ _id: `d${i}` }, { _id: `d${i}`, a: i % 3, at: String((i * 7) % 300), tags: i % 4 === 0 ? [] : [`x${i % 5}`, `y${i % 2}`] }, { upsert: true });
    }
    const [table] = store.capture();
    const ordinalOf = new Map(table.docs.map((d, i) => [d._id, i]));
    for (const index of table.indexes) {
      const loaded = new SecondaryIndex(index.spec.name as string, index.spec.key, false) as unknown as { entriesInOrder(docs: readonly unknown[], order: readonly number[]): unknown[] | null };
      const order = (index.entryOrder?.ids() ?? []).map((id) => ordinalOf.get(id) as number);
      expect(loaded.entriesInOrder(table.docs, order), index.spec.name).to.not.equal(null);
      expect(loaded.entriesInOrder(table.docs, [...order].reverse()), index.spec.name).to.equal(null);
    }
  });
});

describe('embedded read store: a snapshot image after a delta keeps its index orders', () => {
  const changeLive = async (store: EmbeddedReadStore) => {
    const col = store.collection('tickets');
    // keys moved (createdAt, phones), a unique key handed from one document to another, deletes, inserts
    for (let i = 0; i < 500; i += 7) await col.updateOne({ _id: `t-${String(i).padStart(3, '0')}` }, { $set: { createdAt: '2026-02-01T00:00:00.000Z', phones: ['+9'] } });
    await col.deleteMany({ _id: { $in: ['t-010', 't-011', 't-499'] } });
    await col.updateOne({ _id: 't-012' }, { $set: { code: 'c-10' } });
    for (let i = 500; i < 520; i++) await col.replaceOne({ _id: `t-${i}` }, { _id: `t-${i}`, accountId: 'acme', createdAt: '2026-01-01T01:00:00.000Z', phones: ['+25'], code: `c-${i}` }, { upsert: true });
  };

  it('given a snapshot image and a delta of updates, deletes and inserts, when applied and restored, then queries answer as the live store and only the written documents were left out of the orders', async () => {
    const live = new EmbeddedReadStore();
    await seed(live);
    const base = await throughSnapshot(live);
    live.forgetChanges(live.capture(), true);
    await changeLive(live);
    const [changes] = live.captureChanges();

    const [image] = applyDelta(base, [changes]);
    const written = changes.docs.length;
    for (const index of image.indexes) {
      expect(index.unordered, index.spec.name).to.have.length(written);
      expect(index.order?.length, index.spec.name).to.be.at.least(image.docs.length - written);
    }
    const restored = new EmbeddedReadStore();
    restored.restore([image]);
    expect(await queries(restored)).to.deep.equal(await queries(live));
    const entryIds = (store: EmbeddedReadStore) => store.capture()[0].indexes.map((index) => index.entryOrder?.ids());
    expect(entryIds(restored)).to.deep.equal(entryIds(live));
    // uniqueness still holds after the merge
    const clash = await restored.collection('tickets').replaceOne({ _id: 'x' }, { _id: 'x', code: 'c-10' }, { upsert: true }).then(() => null, (e: Error) => e);
    expect(clash).to.be.an('error');
  });

  it('given two deltas in a row, when applied to the image, then the restored store equals the live one', async () => {
    const live = new EmbeddedReadStore();
    await seed(live);
    let images = await throughSnapshot(live);
    live.forgetChanges(live.capture(), true);
    await changeLive(live);
    const first = live.captureChanges();
    live.forgetChanges(first, false);
    images = applyDelta(images, first);
    await live.collection('tickets').updateMany({ accountId: 'globex' }, { $set: { createdAt: '2026-03-01T00:00:00.000Z' } });
    await live.collection('tickets').deleteMany({ _id: { $in: ['t-500', 't-003'] } });
    images = applyDelta(images, live.captureChanges());
    const restored = new EmbeddedReadStore();
    restored.restore(images);
    expect(await queries(restored)).to.deep.equal(await queries(live));
    expect(restored.capture()[0].indexes.map((i) => i.entryOrder?.ids())).to.deep.equal(live.capture()[0].indexes.map((i) => i.entryOrder?.ids()));
  });

  it('given a chain of deltas that rewrite, delete, re-create and add documents, when merged and applied at once, then the restored store equals the live one and the one restored delta by delta', async () => {
    const live = new EmbeddedReadStore();
    await seed(live);
    const base = await throughSnapshot(live);
    live.forgetChanges(live.capture(), true);
    const col = live.collection('tickets');
    const chain: ReturnType<EmbeddedReadStore['captureChanges']>[] = [];
    const take = () => {
      const changes = live.captureChanges();
      live.forgetChanges(changes, false);
      chain.push(changes);
    };
    await changeLive(live);
    take();
    // t-010 was deleted by the first delta and comes back; t-500 (added by the first) goes; t-001 changes twice
    await col.replaceOne({ _id: 't-010' }, { _id: 't-010', accountId: 'acme', createdAt: '2026-04-01T00:00:00.000Z', phones: ['+25'], code: 'c-new-10' }, { upsert: true });
    await col.deleteMany({ _id: { $in: ['t-500', 't-002'] } });
    await col.updateOne({ _id: 't-001' }, { $set: { createdAt: '2026-05-01T00:00:00.000Z' } });
    take();
    await col.updateOne({ _id: 't-001' }, { $set: { phones: ['+25', '+9'] } });
    await col.replaceOne({ _id: 't-600' }, { _id: 't-600', accountId: 'acme', createdAt: '2026-01-01T02:00:00.000Z', phones: [], code: 'c-600' }, { upsert: true });
    take();

    const stepwise = chain.reduce((images, delta) => applyDelta(images, delta), base);
    const merged = applyDeltaChain(base, chain);
    const restoredOf = (images: TableImage[]) => {
      const store = new EmbeddedReadStore();
      store.restore(images);
      return store;
    };
    const fromMerged = restoredOf(merged);
    const fromSteps = restoredOf(stepwise);
    expect(await queries(fromMerged)).to.deep.equal(await queries(live));
    const entryIds = (store: EmbeddedReadStore) => store.capture()[0].indexes.map((index) => index.entryOrder?.ids());
    expect(entryIds(fromMerged)).to.deep.equal(entryIds(live));
    expect(entryIds(fromMerged)).to.deep.equal(entryIds(fromSteps));
    const byId = (store: EmbeddedReadStore) => Object.fromEntries(store.capture()[0].docs.map((d) => [d._id, d]));
    expect(byId(fromMerged)).to.deep.equal(byId(live));
    expect(merged[0].docs).to.have.length(stepwise[0].docs.length);
  });
});
