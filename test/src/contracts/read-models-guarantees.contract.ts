import { expect } from 'chai';
import { isReadBudgetExceeded, Position, ReadModels, ReadModelShape, TicketCriteria } from '@support/domain';
import type { ReadModelsEngine } from './read-models-engine';

/**
 * What every engine keeps beside answering right (issue 62): declares of several processes one at
 * a time, indexes changed without emptying the read model, reads stopped past their budget, and a
 * minimum that a stored null or a value of another type does not beat. Each case fails on an
 * engine that does not keep it.
 */

const NOTES: ReadModelShape = {
  name: 'guarded',
  version: 1,
  collections: {
    entries: { fields: ['kind', 'rank'], indexes: [{ name: 'kind_rank', fields: ['kind', 'rank', '_id'] }] },
  },
};

const TICKETS: ReadModelShape = {
  name: 'tickets',
  version: 1,
  collections: {
    tickets: {
      fields: ['accountId', 'status', 'createdAt'],
      search: 'searchText',
      searchScopedBy: 'accountId',
      countedBy: ['accountId', 'status'],
      indexes: [{ name: 'account_createdAt', fields: ['accountId', 'createdAt', '_id'] }],
    },
  },
};

const position = (n: number): Position => ({ commit: BigInt(n) * 10n + 5n, prepare: BigInt(n) * 10n + 2n });

/** One batch of one event upserting these documents whole. */
const upsert = (models: ReadModels, readModel: string, collection: string, n: number, docs: readonly Record<string, unknown>[]): Promise<void> =>
  models.applyBatch(readModel, position(n), (batch) => batch.write(position(n), docs.map(({ _id, ...set }) => ({ collection, id: _id as string, set, upsert: true }))));

const ENTRIES = Array.from({ length: 12 }, (_, i) => ({ _id: `e${String(i).padStart(2, '0')}`, kind: i % 2 === 0 ? 'a' : 'b', rank: i }));

const failureOf = (p: Promise<unknown>): Promise<unknown> => p.then(() => null, (e: unknown) => e);

export const guaranteesSection = (models: () => ReadModels, engine: ReadModelsEngine): void => {
  describe('guarantees across processes, budgets and minimums', () => {
    it('given another process holding the lock declare takes, when a read model is declared with a new version, then it is emptied only after that process let go (no declare drops what another has begun to rebuild)', async function () {
      if (engine.holdDeclareLock === undefined) this.skip();
      await models().declare([NOTES]);
      await upsert(models(), 'guarded', 'entries', 1, ENTRIES);
      const { released } = await engine.holdDeclareLock!(models(), 400);
      const before = models().count('entries', {});
      let declaredAt = 0;
      const declaring = models().declare([{ ...NOTES, version: 2 }]).then(() => (declaredAt = Date.now()));
      // An engine whose declare waits on the event loop (MongoDB) is asked again while it waits; SQLite's waits in its call.
      const first = await Promise.race([declaring.then(() => 'declared'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 200))]);
      if (first === 'waiting') expect(await models().count('entries', {}), 'while the lock is held nothing is dropped').to.equal(ENTRIES.length);
      expect(await before).to.equal(ENTRIES.length);
      await declaring;
      const releasedAt = await released;
      expect(declaredAt, 'the declare ends after the lock was let go').to.be.at.least(releasedAt);
      expect(await models().count('entries', {}), 'then emptied for the new version').to.equal(0);
      expect(await models().checkpoint('guarded')).to.equal(null);
    });

    it('given two engines over one store declaring a new version at once, when each writes as soon as its own declare ended, then both writes are kept (the later declare sees the version the first stored)', async function () {
      if (engine.openBeside === undefined) this.skip();
      const other = await engine.openBeside(models());
      try {
        await models().declare([NOTES]);
        await upsert(models(), 'guarded', 'entries', 1, ENTRIES);
        const next = { ...NOTES, version: 2 };
        // The writes one after the other (two SQLite engines of one process would wait on each other's write lock on one thread).
        const [mine, theirs] = [models().declare([next]), other.declare([next])];
        await mine;
        await upsert(models(), 'guarded', 'entries', 2, [{ _id: 'mine', kind: 'a', rank: 1 }]);
        await theirs;
        await upsert(other, 'guarded', 'entries', 3, [{ _id: 'theirs', kind: 'b', rank: 2 }]);
        expect((await models().find('entries', { where: {} })).map((d) => d._id).sort()).to.deep.equal(['mine', 'theirs']);
      } finally {
        await other.close();
      }
    });

    it('given documents, when the read model is declared again with the same version and other indexes, then no document and no checkpoint is lost, and queries answer as before', async () => {
      await models().declare([NOTES]);
      await upsert(models(), 'guarded', 'entries', 1, ENTRIES);
      const reindexed: ReadModelShape = {
        ...NOTES,
        collections: { entries: { fields: ['kind', 'rank'], indexes: [{ name: 'rank_kind', fields: ['rank', 'kind', '_id'] }, { name: 'kind', fields: ['kind'] }] } },
      };
      await models().declare([reindexed]);
      expect(await models().count('entries', {})).to.equal(ENTRIES.length);
      expect(await models().checkpoint('guarded')).to.deep.equal(position(1));
      expect((await models().find('entries', { where: { kind: 'a', rank: { gte: 4 } }, sort: { rank: -1 } })).map((d) => d._id)).to.deep.equal(['e10', 'e08', 'e06', 'e04']);
      await models().declare([NOTES]);
      expect(await models().count('entries', { kind: 'b' }), 'and back to the first indexes').to.equal(6);
    });

    it('given tickets, when reads are asked with a deadline already past, then each is stopped with ReadBudgetExceeded (the edge\'s 503 readTooBroad), and reads without one answer', async () => {
      await models().declare([TICKETS]);
      const tickets = Array.from({ length: 30 }, (_, i) => ({
        _id: `t${String(i).padStart(3, '0')}`, accountId: 'acme', status: i % 3 === 0 ? 'open' : 'closed', createdAt: `2026-03-01T00:${String(i).padStart(2, '0')}:00.000Z`, searchText: `order ${i}`,
      }));
      await upsert(models(), 'tickets', 'tickets', 1, tickets);
      const all: TicketCriteria = { accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc' };
      const late = { deadline: Date.now() - 1_000 };
      const failures = [
        await failureOf(models().tickets.count(all, late)),
        await failureOf(models().tickets.page(all, 2, 10, ['status'], late)),
        await failureOf(models().tickets.exists({ ...all, searchFragments: ['order 2'] }, late)),
        await failureOf(models().tickets.countAt(all, 'tickets', late)),
        await failureOf(models().find('tickets', { where: { status: 'open' } }, { ...late, broad: true })),
        await failureOf(models().count('tickets', { status: 'open' }, { ...late, broad: true })),
      ];
      expect(failures.map((e) => isReadBudgetExceeded(e))).to.deep.equal([true, true, true, true, true, true]);
      expect(await models().tickets.count(all)).to.equal(30);
      expect(await models().count('tickets', { status: 'open' }, { broad: true, deadline: Date.now() + 10_000 })).to.equal(10);
    });

    it('given stored values of another type (null, a boolean, text for a number), when min writes a value, then the given value is kept, as when the field is missing', async () => {
      await models().declare([NOTES]);
      await upsert(models(), 'guarded', 'entries', 1, [{ _id: 'm', firstAt: null, low: true, rank: '3', kept: 2 }]);
      await models().applyBatch('guarded', position(2), (batch) => batch.write(position(2), [
        { collection: 'entries', id: 'm', set: {}, min: { firstAt: '2026-03-01T00:00:00.000Z', low: 5, rank: 7, kept: 4, added: 1 } },
      ]));
      expect(await models().get('entries', 'm')).to.deep.equal({ _id: 'm', firstAt: '2026-03-01T00:00:00.000Z', low: 5, rank: 7, kept: 2, added: 1 });
      expect((await models().find('entries', { where: { firstAt: { lte: '2026-03-01T00:00:00.000Z' } } })).map((d) => d._id)).to.deep.equal(['m']);
    });
  });
};
