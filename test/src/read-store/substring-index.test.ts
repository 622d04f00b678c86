import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedReadStore, readReadStoreSnapshot, writeReadStoreSnapshot } from '@support/adapters';
import { DocumentTable } from '@support/adapters/dist/read-store/embedded/document-table';
import { constraintsOf } from '@support/adapters/dist/read-store/embedded/filter-constraints';
import { planQuery } from '@support/adapters/dist/read-store/embedded/query-plan';
import { sortKeysOf } from '@support/adapters/dist/read-store/embedded/sort-order';
import { literalAlternatives } from '@support/adapters/dist/read-store/substring-grams';
import { countMatching } from '@support/adapters/dist/read-store/embedded/find-documents';
import { pick, seededRandom } from './random';

const SEARCH_INDEX = { key: { accountId: 1, searchText: 1 }, name: 'account_searchText_grams', substring: true } as const;
const textOf = (i: number) => `customer ${i}\u001f+1415${String(5_000_000 + i)}\u001f#s-${100_000 + i}`;

describe('substring index: literal regexes', () => {
  it('given regexes of escaped literals and alternations, then their literals are read; anything else is not', () => {
    expect(literalAlternatives('customer 131', undefined)).to.deep.equal(['customer 131']);
    expect(literalAlternatives('\\(usd\\) is \\$5\\.00\\?|98765', undefined)).to.deep.equal(['(usd) is $5.00?', '98765']);
    expect(literalAlternatives(/a\|b/, undefined)).to.deep.equal(['a|b']);
    expect(literalAlternatives('abc', 'm')).to.deep.equal(['abc']);
    for (const [pattern, options] of [['abc', 'i'], [/abc/i, undefined], ['^abc', undefined], ['a.c', undefined], ['a\\dc', undefined], ['(abc)', undefined], ['ab+', undefined], [42, undefined]] as const) {
      expect(literalAlternatives(pattern, options), String(pattern)).to.equal(undefined);
    }
  });
});

describe('substring index: plans', () => {
  const table = new DocumentTable('tickets');
  before(() => {
    table.createIndexes([{ key: { accountId: 1, createdAt: -1, _id: -1 }, name: 'account_createdAt' }, SEARCH_INDEX]);
    for (let i = 0; i < 5000; i++) table.insert({ _id: `t${i}`, accountId: 'acme', createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), searchText: textOf(i) });
  });

  it('given a search of 3 characters or more, when planned, then the candidates come from the grams, a few beyond the matches at most', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme', searchText: { $regex: 'customer 131' } }), sortKeysOf({ createdAt: -1 }), 10);
    expect(plan.kind).to.equal('substring');
    // customer 131 and 1310..1319: 11 matches.
    const candidates = plan.kind === 'substring' ? plan.candidates().length : -1;
    expect(candidates).to.be.within(11, 40);
    expect(plan.scanSize).to.be.at.least(candidates);
  });

  it('given a phone search with its digits as a second literal, when planned, then both literals are narrowed by the grams', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme', searchText: { $regex: '\\+1415 5000042|14155000042' } }), [], Number.POSITIVE_INFINITY);
    expect(plan.kind).to.equal('substring');
    expect(plan.kind === 'substring' && plan.candidates().length).to.be.within(1, 40);
  });

  it('given a literal nearly every document holds, when a first page is planned, then the sort index is walked (the candidates are never read)', () => {
    const plan = planQuery(table, constraintsOf({ accountId: 'acme', searchText: { $regex: 'customer' } }), sortKeysOf({ createdAt: -1 }), 10);
    expect(plan.kind).to.equal('index');
  });

  it('given a search shorter than a gram, or case-insensitive, when planned, then the index is not used (the filter decides over the account)', () => {
    for (const condition of [{ $regex: '13' }, { $regex: 'customer', $options: 'i' }]) {
      const plan = planQuery(table, constraintsOf({ accountId: 'acme', searchText: condition }), sortKeysOf({ createdAt: -1 }), 10);
      expect(plan.kind, JSON.stringify(condition)).to.not.equal('substring');
    }
  });
});

describe('substring index: upkeep and snapshots', () => {
  it('given a store with a substring index, when it goes through a snapshot file and back, then the index is rebuilt and answers the same', async () => {
    const store = new EmbeddedReadStore();
    const col = store.collection('tickets');
    await col.createIndexes([SEARCH_INDEX]);
    for (let i = 0; i < 400; i++) await col.replaceOne({ _id: `t${i}` }, { _id: `t${i}`, accountId: 'acme', searchText: textOf(i) }, { upsert: true });
    await col.updateOne({ _id: 't7' }, { $set: { searchText: 'renamed kettle' } });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'support-substring-'));
    try {
      const file = path.join(dir, 'read-models.snapshot');
      await writeReadStoreSnapshot(file, { takenAt: new Date().toISOString(), log: null }, store.capture());
      const restored = new EmbeddedReadStore();
      restored.restore((await readReadStoreSnapshot(file))!.images);
      const again = restored.collection('tickets');
      const filter = (text: string) => ({ accountId: 'acme', searchText: { $regex: text } });
      const table = (restored as unknown as { tables: Map<string, DocumentTable> }).tables.get('tickets') as DocumentTable;
      const [index] = [...table.substringIndexes];
      expect(index.name).to.equal('account_searchText_grams');
      // Rebuilt in the background: searches answer right before it is ready, and writes meanwhile are kept.
      expect(index.ready).to.equal(false);
      expect(await again.countDocuments(filter('customer 3'))).to.equal(await col.countDocuments(filter('customer 3')));
      await again.updateOne({ _id: 't9' }, { $set: { searchText: 'blue kettle' } });
      await again.deleteMany({ _id: 't12' });
      await index.whenReady();
      expect(planQuery(table, constraintsOf(filter('customer 3')), [], Number.POSITIVE_INFINITY).kind).to.equal('substring');
      expect(await again.countDocuments(filter('customer 3'))).to.equal(await col.countDocuments(filter('customer 3')));
      expect((await again.find(filter('kettle'), { sort: { _id: 1 } }).toArray()).map((d) => d._id)).to.deep.equal(['t7', 't9']);
      expect(await again.countDocuments(filter('customer 1'))).to.equal(110);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given far more text changes than documents, when searched, then stale entries are dropped and answers stay exact', () => {
    const table = new DocumentTable('tickets');
    table.createIndexes([SEARCH_INDEX]);
    const docs = Array.from({ length: 100 }, (_, i) => ({ _id: `t${i}`, accountId: 'acme', searchText: textOf(i) }));
    for (const doc of docs) table.insert(doc);
    for (let round = 0; round < 700; round++) {
      for (let i = 0; i < docs.length; i++) {
        const next = { ...docs[i], searchText: `${textOf(i)} round ${round}` };
        table.replace(docs[i], next);
        docs[i] = next;
      }
    }
    const [index] = [...table.substringIndexes];
    expect([...(index.candidates(['round 699']) ?? [])].sort()).to.deep.equal(docs.map((d) => d._id).sort());
    expect(index.candidates(['round 698'])?.length ?? 0).to.be.at.most(docs.length);
    expect(index.candidates(['customer 42 round'])).to.include('t42');
    table.delete(docs[42]);
    expect(index.candidates(['customer 42 round'])).to.not.include('t42');
    expect(index.candidates(['round 699'])).to.have.length(99);
  });
});

describe('substring index: counts from the index alone', () => {
  const random = seededRandom(20261125);
  // 'kett ettle' holds every gram of 'kettle' without holding it: a candidate the count must refuse.
  const WORDS = ['kettle', 'kett ettle', 'customer 21', 'customer 211', 'refund', '#s-1002', '+14155000'];
  const randomText = (): unknown => {
    const r = random();
    if (r < 0.05) return undefined;
    if (r < 0.1) return [pick(random, WORDS), 7, pick(random, WORDS)];
    if (r < 0.13) return 42;
    return Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, WORDS)).join(' \u001f ');
  };
  const randomAccount = (): unknown => (random() < 0.03 ? ['acme', 'globex'] : random() < 0.05 ? undefined : pick(random, ['acme', 'globex']));
  const set = (fields: Record<string, unknown>) => ({ $set: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) });

  it('given documents written, renamed, moved between accounts and deleted, when searches are counted, then each count is what a store without the index counts', async () => {
    // given
    const indexed = new EmbeddedReadStore();
    const plain = new EmbeddedReadStore();
    await indexed.collection('tickets').createIndexes([SEARCH_INDEX]);
    const write = async (id: string, fields: Record<string, unknown>) => {
      for (const store of [indexed, plain]) await store.collection('tickets').updateOne({ _id: id }, set(fields), { upsert: true });
    };
    for (let i = 0; i < 600; i++) await write(`t${i}`, { accountId: randomAccount(), searchText: randomText() });
    // when: texts changed, an account changed under the same text, documents deleted
    for (let i = 0; i < 300; i++) {
      const id = `t${Math.floor(random() * 600)}`;
      const r = random();
      if (r < 0.4) await write(id, { searchText: randomText() });
      else if (r < 0.8) await write(id, { accountId: randomAccount() });
      else for (const store of [indexed, plain]) await store.collection('tickets').deleteMany({ _id: id });
    }
    // then
    const filters = [
      ...WORDS.flatMap((w) => [{ accountId: 'acme', searchText: { $regex: escape(w) } }, { searchText: { $regex: escape(w) } }]),
      { accountId: 'globex', searchText: { $regex: 'kettle|refund' } },
      { $and: [{ accountId: { $eq: 'acme' } }, { searchText: { $regex: 'customer 21', $options: 'm' } }] },
      { accountId: 'acme', searchText: /customer 2/ },
      { accountId: null, searchText: { $regex: 'kettle' } },
      { accountId: { $in: ['globex'] }, searchText: { $regex: 'refund' } },
      // Not answered by the index alone (the filter counts): another field, a case-insensitive search, two searches.
      { accountId: 'acme', status: 'open', searchText: { $regex: 'kettle' } },
      { accountId: 'acme', searchText: { $regex: 'kettle', $options: 'i' } },
      { $and: [{ searchText: { $regex: 'kettle' } }, { searchText: { $regex: 'refund' } }] },
    ];
    for (const filter of filters) {
      expect(await indexed.collection('tickets').countDocuments(filter), JSON.stringify(filter, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))).to.equal(
        await plain.collection('tickets').countDocuments(filter),
      );
    }
  });

  it('given a search just counted and paged, when a matching document is written, renamed or deleted, then the next count and page see it', async () => {
    // given
    const store = new EmbeddedReadStore();
    const col = store.collection('tickets');
    await col.createIndexes([SEARCH_INDEX]);
    for (let i = 0; i < 300; i++) await col.updateOne({ _id: `t${i}` }, { $set: { accountId: 'acme', searchText: textOf(i) } }, { upsert: true });
    const filter = { accountId: 'acme', searchText: { $regex: 'customer 12' } };
    const ids = async () => (await col.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    expect(await col.countDocuments(filter)).to.equal(11);
    expect(await ids()).to.have.length(11);
    // when / then
    await col.updateOne({ _id: 'new' }, { $set: { accountId: 'acme', searchText: 'customer 12 again' } }, { upsert: true });
    expect(await col.countDocuments(filter)).to.equal(12);
    expect(await ids()).to.include('new');
    await col.updateOne({ _id: 't12' }, { $set: { searchText: 'renamed' } });
    expect(await col.countDocuments(filter)).to.equal(11);
    expect(await ids()).to.not.include('t12');
    await col.updateOne({ _id: 't120' }, { $set: { accountId: 'globex' } });
    expect(await col.countDocuments(filter)).to.equal(10);
    await col.deleteMany({ _id: 'new' });
    expect(await col.countDocuments(filter)).to.equal(9);
    expect(await ids()).to.not.include('new');
  });

  it('given an index led by a dotted field that crosses an array, when a search in one owner is counted, then it counts what the filter counts', async () => {
    // given
    const spec = { key: { 'owner.id': 1, text: 1 }, name: 'owner_text_grams', substring: true } as const;
    const indexed = new EmbeddedReadStore();
    const plain = new EmbeddedReadStore();
    await indexed.collection('notes').createIndexes([spec]);
    const docs = [
      { _id: 'n1', owner: { id: 'ana' }, text: 'blue kettle' },
      { _id: 'n2', owner: [{ id: 'ana' }, { id: 'bo' }], text: 'red kettle' },
      { _id: 'n3', owner: { id: 'bo' }, text: 'kettle' },
    ];
    for (const store of [indexed, plain]) for (const doc of docs) await store.collection('notes').replaceOne({ _id: doc._id }, doc, { upsert: true });
    // when / then
    const filter = { 'owner.id': 'ana', text: { $regex: 'kettle' } };
    expect(await indexed.collection('notes').countDocuments(filter)).to.equal(await plain.collection('notes').countDocuments(filter));
    expect(await indexed.collection('notes').countDocuments(filter)).to.equal(2);
  });

  it('given an index over a dotted text path that crosses arrays, when searched, then finds and counts are what a store without the index gives', async () => {
    // given
    const spec = { key: { accountId: 1, 'notes.text': 1 }, name: 'notes_grams', substring: true } as const;
    const indexed = new EmbeddedReadStore();
    const plain = new EmbeddedReadStore();
    await indexed.collection('tickets').createIndexes([spec]);
    const docs = [
      { _id: 't1', accountId: 'acme', notes: { text: 'blue kettle' } },
      { _id: 't2', accountId: 'acme', notes: [{ text: 'red parcel' }, { text: 'green kettle' }] },
      { _id: 't3', accountId: 'acme', notes: [{ text: ['old kettle', 'new lid'] }] },
      { _id: 't4', accountId: 'acme', notes: [{ other: 'kettle' }] },
      { _id: 't5', accountId: 'globex', notes: { text: 'kettle' } },
    ];
    for (const store of [indexed, plain]) for (const doc of docs) await store.collection('tickets').replaceOne({ _id: doc._id }, doc, { upsert: true });
    // when / then
    for (const filter of [{ accountId: 'acme', 'notes.text': { $regex: 'kettle' } }, { 'notes.text': { $regex: 'lid|parcel' } }]) {
      const ids = async (store: EmbeddedReadStore) => (await store.collection('tickets').find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
      expect(await ids(indexed), JSON.stringify(filter)).to.deep.equal(await ids(plain));
      expect(await indexed.collection('tickets').countDocuments(filter)).to.equal(await plain.collection('tickets').countDocuments(filter));
    }
    expect((await indexed.collection('tickets').find({ accountId: 'acme', 'notes.text': { $regex: 'kettle' } }).toArray()).map((d) => d._id).sort()).to.deep.equal(['t1', 't2', 't3']);
  });

  it('given a search whose literals the index holds, when counted, then no document is read', () => {
    // given
    const table = new DocumentTable('tickets');
    table.createIndexes([SEARCH_INDEX]);
    for (let i = 0; i < 2000; i++) table.insert({ _id: `t${i}`, accountId: i % 2 === 0 ? 'acme' : 'globex', searchText: textOf(i) });
    const reads = { count: 0 };
    const byId = table.byId;
    const get = byId.get.bind(byId);
    byId.get = (id: string) => {
      reads.count++;
      return get(id);
    };
    // when
    const counting = countMatching(table, { accountId: 'acme', searchText: { $regex: 'customer 1' } });
    let step = counting.next();
    while (step.done !== true) step = counting.next();
    // then: the even ones of customer 1, 10-19, 100-199 and 1000-1999
    expect(step.value).to.equal(Array.from({ length: 2000 }, (_, i) => i).filter((i) => i % 2 === 0 && String(i).startsWith('1')).length);
    expect(reads.count).to.equal(0);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
