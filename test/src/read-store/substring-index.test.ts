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
