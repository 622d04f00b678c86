import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import type { Document } from '@support/domain';
import {
  substringIndexKey, withGramFields, withGramSearch, withGramUpdates, withoutGrams,
} from '@support/adapters/dist/read-store/mongodb/gram-fields';
import { pick, seededRandom } from './random';

/**
 * The MongoDB adapter's substring index, without a server: the documents it writes (grams beside
 * the text) and the filters it sends (grams, then the filter's own $regex), run here through the
 * embedded store's MongoDB query semantics, find exactly what the $regex alone finds.
 */
describe('MongoDB substring index: grams kept beside the text, searches narrowed by them', () => {
  it('given a substring spec, then MongoDB indexes the leading fields and the grams', () => {
    expect(substringIndexKey({ key: { accountId: 1, searchText: 1 }, substring: true })).to.deep.equal({
      field: 'searchText', key: { accountId: 1, '_grams.searchText': 1 },
    });
  });

  it('given writes of the field, then its grams follow; a change the grams cannot follow is refused', () => {
    expect(withGramUpdates({ $set: { searchText: 'abcd', other: 1 } }, ['searchText'])).to.deep.equal({ $set: { searchText: 'abcd', other: 1, '_grams.searchText': ['abc', 'bcd'] } });
    expect(withGramUpdates({ $setOnInsert: { searchText: ['ab', 'xyz'] } }, ['searchText'])).to.deep.equal({ $setOnInsert: { searchText: ['ab', 'xyz'], '_grams.searchText': ['xyz'] } });
    expect(withGramUpdates({ $unset: { searchText: '' } }, ['searchText'])).to.deep.equal({ $unset: { searchText: '', '_grams.searchText': '' } });
    expect(withGramUpdates({ $set: { other: 1 } }, ['searchText'])).to.deep.equal({ $set: { other: 1 } });
    expect(() => withGramUpdates({ $push: { searchText: 'x' } }, ['searchText'])).to.throw(/substring index/);
    expect(() => withGramUpdates({ $set: { 'searchText.0': 'x' } }, ['searchText'])).to.throw(/substring index/);
    expect(withGramFields({ _id: 'a', searchText: 'abcd' }, ['searchText'])).to.deep.equal({ _id: 'a', searchText: 'abcd', _grams: { searchText: ['abc', 'bcd'] } });
  });

  it('given finds, then the grams are left out of the documents unless the projection includes fields', () => {
    expect(withoutGrams(undefined, ['searchText'])).to.deep.equal({ projection: { _grams: 0 } });
    expect(withoutGrams({ projection: { payload: 0 } }, ['searchText'])).to.deep.equal({ projection: { payload: 0, _grams: 0 } });
    expect(withoutGrams({ projection: { status: 1 } }, ['searchText'])).to.deep.equal({ projection: { status: 1 } });
  });

  it('given random texts, when searched through the rewritten filter, then the matches are exactly those of the $regex', async () => {
    const random = seededRandom(424242);
    const words = ['customer 13', 'kettle', '+1415555', 'a.b', 'zz', 'Case'];
    const docs: Document[] = Array.from({ length: 400 }, (_, i) => ({
      _id: `d${i}`, accountId: pick(random, ['acme', 'globex']),
      searchText: random() < 0.9 ? `${pick(random, words)}${Math.floor(random() * 300)}\u001f${pick(random, words)}` : null,
    }));
    const store = new EmbeddedReadStore();
    const plain = store.collection('plain');
    const grammed = store.collection('grammed');
    await plain.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } })));
    await grammed.bulkWrite(docs.map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: withGramFields(d, ['searchText']), upsert: true } })));
    for (const regex of ['customer 131', 'kettle1|\\+1415555', 'a\\.b2', 'zz', 'case', 'customer 1', 'nothing here']) {
      const filter = { accountId: 'acme', searchText: { $regex: regex } };
      const narrowed = withGramSearch(filter, ['searchText']);
      if (regex !== 'zz') expect(narrowed, regex).to.not.deep.equal(filter);
      const expected = (await plain.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
      expect((await grammed.find(narrowed, { sort: { _id: 1 } }).toArray()).map((d) => d._id), regex).to.deep.equal(expected);
      expect(await grammed.countDocuments(narrowed), regex).to.equal(expected.length);
    }
  });
});
