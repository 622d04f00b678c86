import { expect } from 'chai';
import type { Document, Filter, ReadStore } from '@support/domain';
import { pick, seededRandom } from '../random';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a `$regex` of literal alternatives matches: a string (or a string of an array) holding one of them. */
const holds = (value: unknown, literals: readonly string[]): boolean => {
  const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return texts.some((t) => literals.some((l) => t.includes(l)));
};

/**
 * Substring indexes (IndexSpec.substring): a `$regex` of literal alternatives on the indexed field
 * finds and counts exactly what it finds without the index, whatever was written before (inserts,
 * $set and $unset of the text, replacements, deletes), and a regex the index cannot narrow (too
 * short, case-insensitive, not literal) still answers right.
 */
export function substringSearchSection(store: () => ReadStore): void {
  describe('substring indexes', () => {
    const random = seededRandom(7_2026);
    const WORDS = ['kettle', 'parcel', 'ref.und', 'a|b', '+1415 555', 'customer 13', 'customer 131', 'ab', 'é€x', 'Case'];
    const text = (): string => Array.from({ length: 1 + Math.floor(random() * 3) }, () => `${pick(random, WORDS)}${Math.floor(random() * 200)}`).join(' ');
    const value = (): unknown => {
      const r = random();
      return r < 0.7 ? text() : r < 0.8 ? [text(), text()] : r < 0.9 ? null : 42;
    };

    it('given random writes over an indexed collection, when searched with literals, then finds and counts are those of the substring semantics', async () => {
      const docs = store().collection('searchable');
      await docs.createIndexes([{ key: { accountId: 1, text: 1 }, name: 'account_text_grams', substring: true }, { key: { accountId: 1, at: -1, _id: -1 } }]);
      const model = new Map<string, Document>();
      for (let i = 0; i < 300; i++) {
        const id = `d${Math.floor(random() * 200)}`;
        const r = random();
        if (r < 0.5) {
          const doc: Document = { _id: id, accountId: pick(random, ['acme', 'globex']), at: String(i).padStart(4, '0'), text: value() };
          await docs.replaceOne({ _id: id }, doc, { upsert: true });
          model.set(id, doc);
        } else if (r < 0.75 && model.has(id)) {
          const next = value();
          await docs.updateOne({ _id: id }, { $set: { text: next } });
          model.set(id, { ...(model.get(id) as Document), text: next });
        } else if (r < 0.85 && model.has(id)) {
          await docs.updateOne({ _id: id }, { $unset: { text: '' } });
          const { text: _dropped, ...rest } = model.get(id) as Document;
          model.set(id, rest as Document);
        } else if (model.has(id)) {
          await docs.deleteMany({ _id: id });
          model.delete(id);
        }
      }
      const searches: (readonly string[])[] = [
        ['kettle'], ['ref.und1'], ['a|b'], ['customer 131'], ['customer 13', '+1415 555'], ['ab'], ['é€x1'], ['case'], ['Case1'], ['nowhere'], ['le1', 'rcel'],
      ];
      for (const literals of searches) {
        for (const accountId of ['acme', 'globex']) {
          const filter: Filter = { accountId, text: { $regex: literals.map(escape).join('|') } };
          const expected = [...model.values()].filter((d) => d.accountId === accountId && holds(d.text, literals)).sort((a, b) => (String(a.at) < String(b.at) ? 1 : -1)).map((d) => d._id);
          const found = await docs.find(filter, { sort: { at: -1, _id: -1 } }).toArray();
          expect(found.map((d) => d._id), JSON.stringify(filter)).to.deep.equal(expected);
          expect(await docs.countDocuments(filter), JSON.stringify(filter)).to.equal(expected.length);
          const page = await docs.find(filter, { sort: { at: -1, _id: -1 }, skip: 1, limit: 2 }).toArray();
          expect(page.map((d) => d._id)).to.deep.equal(expected.slice(1, 3));
        }
      }
      const lower = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : Array.isArray(v) ? v.map(lower) : v);
      const count = (test: (v: unknown) => boolean) => [...model.values()].filter((d) => test(d.text)).length;
      expect(await docs.countDocuments({ text: { $regex: 'case1', $options: 'i' } })).to.equal(count((v) => holds(lower(v), ['case1'])));
      const anchored = (v: unknown) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v : []).some((t) => typeof t === 'string' && /^kettle\d/.test(t));
      expect(await docs.countDocuments({ text: { $regex: '^kettle\\d' } })).to.equal(count(anchored));
    });

    it('given documents written before the index is declared, when it is declared, then it covers them', async () => {
      const docs = store().collection('late');
      await docs.bulkWrite(['red kettle', 'blue parcel', 'kettle lid'].map((t, i) => ({ replaceOne: { filter: { _id: `k${i}` }, replacement: { _id: `k${i}`, text: t }, upsert: true } })));
      await docs.createIndexes([{ key: { text: 1 }, substring: true }]);
      await docs.createIndexes([{ key: { text: 1 }, substring: true }]);
      expect((await docs.find({ text: { $regex: 'kettle' } }, { sort: { _id: 1 } }).toArray()).map((d) => d._id)).to.deep.equal(['k0', 'k2']);
      await docs.updateOne({ _id: 'k1' }, { $set: { text: 'kettle parcel' } });
      expect(await docs.countDocuments({ text: { $regex: 'kettle' } })).to.equal(3);
    });
  });
}
