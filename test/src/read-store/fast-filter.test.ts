import { expect } from 'chai';
import type { Document, Filter } from '@support/domain';
import { compileFastFilter } from '@support/adapters/dist/read-store/embedded/fast-filter';
import { Query } from 'mingo';
import { pick, seededRandom } from './random';

/**
 * The compiled filters of the embedded store must answer exactly as mingo does (mingo is the
 * reference for MongoDB's semantics), wherever they do not defer to it.
 */
describe('compiled filters agree with mingo (embedded read store)', () => {
  const random = seededRandom(99);
  const SCALARS: readonly unknown[] = ['a', 'b', 'A', 'ab', '', 0, 1, 2.5, -1, Number.NaN, true, false, null, new Date(0), new Date(1000), '1'];
  const PATHS = ['a', 'b', 'a.x', 'a.y', 'c.d.e'];

  const randomValue = (depth: number): unknown => {
    const r = random();
    if (r < 0.55 || depth > 2) return pick(random, SCALARS);
    if (r < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.15 ? [pick(random, SCALARS)] : random() < 0.2 ? randomObject(depth + 1) : pick(random, SCALARS)));
    return randomObject(depth + 1);
  };
  const randomObject = (depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key of ['x', 'y', 'd', 'e']) if (random() < 0.4) out[key] = randomValue(depth);
    return out;
  };
  const randomDoc = (i: number): Document => {
    const doc: Document = { _id: `d${i}` };
    for (const key of ['a', 'b', 'c']) if (random() < 0.8) doc[key] = randomValue(0);
    return doc;
  };

  const scalarOperand = (): unknown => pick(random, SCALARS.filter((s) => !(typeof s === 'number' && Number.isNaN(s))));
  const randomCondition = (): unknown => {
    const r = random();
    if (r < 0.2) return scalarOperand();
    if (r < 0.25) return pick(random, [/^a/, /B/i, /1/]);
    const op = pick(random, ['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists', '$regex', 'range']);
    switch (op) {
      case '$in':
      case '$nin':
        return { [op]: Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.15 ? /a/i : scalarOperand())) };
      case '$exists':
        return { $exists: random() < 0.5 };
      case '$regex':
        return random() < 0.5 ? { $regex: pick(random, ['^a', 'b$', '1', 'A']), $options: pick(random, ['', 'i']) } : { $regex: pick(random, ['a', '^$']) };
      case 'range':
        return { $gte: pick(random, [0, 'a', new Date(0)]), $lt: pick(random, [2, 'b', new Date(5000)]) };
      default:
        return { [op]: op.startsWith('$g') || op.startsWith('$l') ? pick(random, [0, 1, 'a', 'ab', new Date(500), true]) : scalarOperand() };
    }
  };
  const randomFilter = (depth = 0): Filter => {
    const filter: Filter = {};
    const fields = 1 + Math.floor(random() * 2);
    for (let i = 0; i < fields; i++) filter[pick(random, PATHS)] = randomCondition();
    if (depth < 2 && random() < 0.3) filter[pick(random, ['$or', '$and', '$nor'])] = [randomFilter(depth + 1), randomFilter(depth + 1)];
    return filter;
  };

  it('given 1,500 random filters over 150 random documents with arrays, nulls and missing fields, then every answer is mingo’s', () => {
    const docs = Array.from({ length: 150 }, (_, i) => randomDoc(i));
    let compared = 0;
    let deferred = 0;
    for (let f = 0; f < 1_500; f++) {
      const filter = randomFilter();
      const fast = compileFastFilter(filter);
      expect(fast, JSON.stringify(filter)).not.to.equal(undefined);
      const reference = new Query(filter);
      for (const doc of docs) {
        const answer = fast?.test(doc);
        if (fast?.deferred()) {
          deferred++;
          continue;
        }
        compared++;
        const expected = reference.test(doc);
        if (answer !== expected) expect(answer, `${JSON.stringify(filter)} on ${JSON.stringify(doc)}`).to.equal(expected);
      }
    }
    expect(compared).to.be.greaterThan(deferred * 3);
  });

  it('given filters outside the compiled grammar, then they are left to mingo', () => {
    for (const filter of [{ a: { $elemMatch: { x: 1 } } }, { a: { $size: 2 } }, { a: { x: 1 } }, { 'a.0': 1 }, { $expr: { $gt: ['$a', 1] } }, { a: { $not: { $eq: 1 } } }, { $or: [] }]) {
      expect(compileFastFilter(filter as Filter), JSON.stringify(filter)).to.equal(undefined);
    }
  });
});
