import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import { compareBson } from '@support/adapters/dist/read-store/embedded/bson-order';
import { groupedEntrySort, IdRanks } from '@support/adapters/dist/read-store/embedded/grouped-entry-sort';
import type { Document, IndexSpec, Sort } from '@support/domain';
import { pick, seededRandom } from './random';

type Entry = readonly unknown[];

/** The order of an index over `directions`: each key value in MongoDB's order and direction, then the entry's `_id`. */
const comparator =
  (directions: readonly (1 | -1)[]) =>
  (a: Entry, b: Entry): number => {
    for (let i = 0; i < directions.length; i++) {
      const c = compareBson(a[i], b[i]);
      if (c !== 0) return c * directions[i];
    }
    const [x, y] = [a[directions.length] as string, b[directions.length] as string];
    return x < y ? -1 : x > y ? 1 : 0;
  };

describe('index build: entries grouped by key prefix, in _id order within each group', () => {
  const random = seededRandom(20261125);
  // Values that are equal in MongoDB's order but not as JavaScript values (0 and -0, two NaNs, two equal dates) must share a group.
  const PREFIX_VALUES: readonly unknown[] = [null, 'acme', 'globex', 0, -0, 1, Number.NaN, true, false, new Date(5), new Date(5), new Date(6), ''];
  const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `${pick(random, ['a', 'b', 'c', 'd'])}${Math.floor(random() * 1e9).toString(36)}-${i}`);

  const cases: readonly { readonly name: string; readonly directions: readonly (1 | -1)[]; readonly idField: number | null }[] = [
    { name: 'a key ending in _id descending (accountId, resolvedAt, _id: -1)', directions: [1, -1, -1], idField: 2 },
    { name: 'a key ending in _id ascending', directions: [1, 1, 1], idField: 2 },
    { name: 'a key without _id (accountId, source, label): the entries\u2019 own _id tie-break', directions: [1, 1, -1], idField: null },
    { name: 'a key with _id in the middle, a field after it', directions: [-1, 1, 1], idField: 1 },
  ];

  for (const { name, directions, idField } of cases) {
    it(`given entries sharing a few prefixes, ${name}, when grouped, then they are in the comparator's order`, () => {
      for (let round = 0; round < 10; round++) {
        // given
        const docIds = ids(400);
        const docs: Document[] = docIds.map((_id) => ({ _id }));
        // Three values a round (at most 27 prefixes of three fields): sometimes two equal ones of different kinds.
        const values = Array.from({ length: 3 }, () => pick(random, PREFIX_VALUES));
        const entries: Entry[] = docIds.map((id) =>
          [...directions.map((_, f) => (f === idField ? id : pick(random, values))), id],
        );
        const prefixLength = idField ?? directions.length;
        const idDirection = idField === null ? 1 : directions[idField];
        // when
        const grouped = groupedEntrySort(entries, directions.length, prefixLength, idDirection, new IdRanks(docs), comparator(directions));
        // then
        expect(grouped, 'grouped').to.not.equal(null);
        expect((grouped ?? []).map((e) => e[directions.length])).to.deep.equal([...entries].sort(comparator(directions)).map((e) => e[directions.length]));
      }
    });
  }

  it('given entries with more distinct prefixes than groups pay for (timestamps), when grouped, then it declines and the caller sorts', () => {
    const docIds = ids(200);
    const entries: Entry[] = docIds.map((id, i) => ['acme', new Date(i).toISOString(), id, id]);
    expect(groupedEntrySort(entries, 3, 2, -1, new IdRanks(docIds.map((_id) => ({ _id }))), comparator([1, -1, -1]))).to.equal(null);
  });

  it('given entries that are not the documents\u2019 in their order (one missing, or two swapped), when grouped, then it declines and the caller sorts', () => {
    // given
    const docIds = ids(50);
    const ranks = new IdRanks(docIds.map((_id) => ({ _id })));
    const entries: Entry[] = docIds.map((id) => ['acme', null, id, id]);
    const swapped = [entries[1], entries[0], ...entries.slice(2)];
    // when / then
    expect(groupedEntrySort(entries.slice(1), 3, 2, -1, ranks, comparator([1, -1, -1]))).to.equal(null);
    expect(groupedEntrySort(swapped, 3, 2, -1, ranks, comparator([1, -1, -1]))).to.equal(null);
    expect(groupedEntrySort(entries, 3, 2, -1, ranks, comparator([1, -1, -1]))).to.not.equal(null);
  });

  it('given a replay with deferred indexes over null timestamps and a few sources, when built, then queries sorted by them page as a plain scan does', async () => {
    // given
    const indexes: IndexSpec[] = [
      { key: { accountId: 1, resolvedAt: -1, _id: -1 }, name: 'account_resolvedAt' },
      { key: { accountId: 1, source: 1, label: 1 }, name: 'account_source' },
    ];
    const built = new EmbeddedReadStore();
    const plain = new EmbeddedReadStore();
    await built.collection('tickets').createIndexes(indexes);
    built.deferIndexes(() => false);
    for (const id of ids(500)) {
      const fields = { accountId: pick(random, ['acme', 'globex']), resolvedAt: random() < 0.9 ? null : new Date(Math.floor(random() * 3)).toISOString(), source: pick(random, ['email', 'chatapp']), label: random() < 0.5 ? null : 'Kiosk' };
      for (const store of [built, plain]) await store.collection('tickets').updateOne({ _id: id }, { $set: fields }, { upsert: true });
    }
    // when
    built.buildDeferredIndexes();
    // then
    for (const sort of [{ resolvedAt: -1, _id: -1 }, { source: 1, label: 1, _id: 1 }] as Sort[]) {
      const page = async (store: EmbeddedReadStore) => (await store.collection('tickets').find({ accountId: 'acme' }, { sort, skip: 40, limit: 60 }).toArray()).map((d) => d._id);
      expect(await page(built)).to.deep.equal(await page(plain));
    }
  });
});
