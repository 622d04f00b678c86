import { expect } from 'chai';
import type { IndexDescription } from 'mongodb';
import { ReadBudgetExceeded } from '@support/domain';
import { indexDescriptions } from '@support/adapters/dist/read-models/mongodb/collection-indexes';
import { attemptOutcome, takeFilter, takeUpdate } from '@support/adapters/dist/read-models/mongodb/declare-lease';
import { documentForm, needsReset } from '@support/adapters/dist/read-models/mongodb/document-form';
import { indexChanges } from '@support/adapters/dist/read-models/mongodb/index-changes';
import { asReadBudgetExceeded, readBudgetMs, withinBudget } from '@support/adapters/dist/read-models/mongodb/read-budget';
import { fragmentsFilter } from '@support/adapters/dist/read-models/mongodb/search-grams';

/** The MongoDB engine's pure pieces of issue 62, without a server. */
describe('MongoDB read models: the declare lease, index changes, document form, read budget and scoped search (pure)', () => {
  it('given a lease, then it is taken by one atomic upsert that matches only an expired lease or one this owner holds, its expiry from the server\'s clock', () => {
    expect(takeFilter('declare', 'me')).to.deep.equal({ _id: 'declare', $or: [{ owner: 'me' }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] });
    expect(takeUpdate('me', 30_000)).to.deep.equal([{ $set: { owner: 'me', expiresAt: { $add: ['$$NOW', 30_000] } } }]);
  });

  it('given the answers of an attempt, then a duplicate key (a live lease of another) is "held", the lease now ours is "taken", and any other error is thrown', () => {
    expect(attemptOutcome(null, Object.assign(new Error('E11000'), { code: 11000 }), 'me')).to.equal('held');
    expect(attemptOutcome({ owner: 'me' }, undefined, 'me')).to.equal('taken');
    expect(attemptOutcome({ owner: 'other' }, undefined, 'me')).to.equal('held');
    expect(() => attemptOutcome(null, new Error('network'), 'me')).to.throw('network');
  });

  it('given the indexes a collection has, then only those no longer declared or declared with other keys are dropped, and only the missing made; _id_ stays', () => {
    const existing = [{ name: '_id_', key: { _id: 1 } }, { name: 'keep', key: { a: 1 } }, { name: 'changed', key: { b: 1 } }, { name: 'old', key: { c: 1 } }];
    const declared: IndexDescription[] = [{ name: 'keep', key: { a: 1 } }, { name: 'changed', key: { b: 1, _id: 1 } }, { name: 'new', key: { d: 1 } }];
    expect(indexChanges(existing, declared)).to.deep.equal({ drop: ['changed', 'old'], create: [declared[1], declared[2]] });
    expect(indexChanges([{ name: '_id_', key: { _id: 1 } }], [])).to.deep.equal({ drop: [], create: [] });
  });

  it('given stored and declared shapes, then only a change of version, of the collections or of a search field resets; indexes, fields and the search scope do not', () => {
    const shape = (c: object) => JSON.stringify({ tickets: { fields: ['a'], search: 'searchText', indexes: [{ name: 'i', fields: ['a'] }], ...c } });
    const stored = { version: 3, shape: shape({}) };
    expect(needsReset(stored, 3, shape({ indexes: [{ name: 'j', fields: ['b', 'a'] }] })), 'other indexes').to.equal(false);
    expect(needsReset(stored, 3, shape({ fields: ['a', 'b'], searchScopedBy: 'accountId' })), 'other fields, a scope').to.equal(false);
    expect(needsReset(stored, 4, shape({})), 'another version').to.equal(true);
    expect(needsReset(stored, 3, shape({ search: 'other' })), 'another search field').to.equal(true);
    expect(needsReset(stored, 3, JSON.stringify({ tickets: {}, more: {} })), 'another collection').to.equal(true);
    expect(needsReset(null, 3, shape({})), 'never declared here').to.equal(true);
    expect(needsReset({ version: 3, shape: 'not json' }, 3, shape({})), 'an unreadable stored shape').to.equal(true);
    expect(documentForm(shape({}))).to.equal('[["tickets","searchText"]]');
  });

  it('given a collection searched within a scope, then its grams index starts with the scope field; without one, the grams alone', () => {
    expect(indexDescriptions({ search: 'searchText', searchScopedBy: 'accountId', indexes: [{ name: 'by_at', fields: ['accountId', 'at'] }] })).to.deep.equal([
      { name: 'by_at', key: { accountId: 1, at: 1 } },
      { name: 'accountId_searchText_grams', key: { accountId: 1, _grams: 1 } },
    ]);
    expect(indexDescriptions({ search: 'text' })).to.deep.equal([{ name: 'text_grams', key: { _grams: 1 } }]);
  });

  it('given several fragments and a scope, then each branch of the $or names the scope (a range of the scoped index each)', () => {
    expect(fragmentsFilter('t', ['abc', 'x'], { accountId: 'acme' })).to.deep.equal({
      $or: [{ accountId: 'acme', _grams: { $all: ['abc'] }, t: { $regex: 'abc' } }, { accountId: 'acme', t: { $regex: 'x' } }],
    });
  });

  it('given deadlines, then the budget is 5 s at most, 250 ms short of the deadline, never below 0', () => {
    expect(readBudgetMs({}, 1_000)).to.equal(5_000);
    expect(readBudgetMs({ deadline: 3_000 }, 1_000)).to.equal(1_750);
    expect(readBudgetMs({ deadline: 100_000 }, 1_000)).to.equal(5_000);
    expect(readBudgetMs({ deadline: 500 }, 1_000)).to.equal(0);
  });

  it('given MaxTimeMSExpired (code 50), then it is ReadBudgetExceeded; other errors stay as they are', () => {
    expect(asReadBudgetExceeded(Object.assign(new Error('operation exceeded time limit'), { code: 50 }), 1_750)).to.be.instanceOf(ReadBudgetExceeded);
    const other = Object.assign(new Error('x'), { code: 2 });
    expect(asReadBudgetExceeded(other, 1_750)).to.equal(other);
  });

  it('given a read, then it gets its budget as maxTimeMS; with none left it is refused without being sent; a server stop is ReadBudgetExceeded', async () => {
    const asked: number[] = [];
    expect(await withinBudget({ deadline: 3_000 }, async (ms) => (asked.push(ms), 'answer'), () => 1_000)).to.equal('answer');
    expect(asked).to.deep.equal([1_750]);
    const refused = await withinBudget({ deadline: 1_100 }, async (ms) => asked.push(ms), () => 1_000).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(ReadBudgetExceeded);
    expect(asked).to.have.length(1);
    const stopped = await withinBudget({}, async () => Promise.reject(Object.assign(new Error('exceeded'), { code: 50 }))).catch((e: unknown) => e);
    expect(stopped).to.be.instanceOf(ReadBudgetExceeded);
  });
});
