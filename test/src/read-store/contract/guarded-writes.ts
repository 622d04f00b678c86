import { expect } from 'chai';
import { Document, PositionGuard, ReadStore, Update, updateOneByGuardFilter } from '@support/domain';
import { pick, seededRandom } from '../random';

const at = (n: number): PositionGuard => ({ field: '_applied', position: String(n).padStart(6, '0') });

/** A guarded write's answer, a duplicate key (MongoDB's answer to an upsert whose document has seen the event) counted as not written. */
async function written(operation: Promise<boolean>): Promise<boolean> {
  try {
    return await operation;
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000) return false;
    throw error;
  }
}

/** updateOneUnlessApplied: a projection's idempotent write, the position guard tested on the document. */
export function guardedWriteSection(store: () => ReadStore): void {
  const tickets = () => store().collection('guarded');
  const get = async (id: string): Promise<Document | null> => tickets().findOne({ _id: id });

  describe('guarded writes (updateOneUnlessApplied)', () => {
    it('given no document, when a guarded upsert sets fields, then it is inserted with them and the position, and a later change to the caller\u2019s values does not reach it', async () => {
      // when
      const phones = ['+14155550100'];
      const customer = { name: 'Ana', emails: [] as string[] };
      expect(await tickets().updateOneUnlessApplied('t1', at(5), { $set: { status: 'open', phones, customer } }, { upsert: true })).to.equal(true);
      phones.push('+14155550199');
      customer.emails.push('ana@example.com');
      // then
      expect(await get('t1')).to.deep.equal({ _id: 't1', _applied: '000005', status: 'open', phones: ['+14155550100'], customer: { name: 'Ana', emails: [] } });
    });

    it('given no document, when a guarded upsert sets a field to undefined, then that field is left out (as MongoDB with ignoreUndefined) and the values are still copied', async () => {
      // when
      const phones = ['+14155550100'];
      expect(await tickets().updateOneUnlessApplied('t2', at(5), { $set: { status: 'open', phones, gone: undefined } }, { upsert: true })).to.equal(true);
      phones.push('+14155550199');
      // then
      expect(await get('t2')).to.deep.equal({ _id: 't2', _applied: '000005', status: 'open', phones: ['+14155550100'] });
    });

    it('given no document, when a guarded update without upsert comes, then nothing is written', async () => {
      expect(await tickets().updateOneUnlessApplied('t1', at(5), { $set: { status: 'open' } })).to.equal(false);
      expect(await tickets().countDocuments({})).to.equal(0);
    });

    it('given a document that has seen an older event or none, when a guarded write comes, then its fields and position change', async () => {
      // given
      await tickets().replaceOne({ _id: 'old' }, { _id: 'old', _applied: '000003', status: 'open', n: 1 }, { upsert: true });
      await tickets().replaceOne({ _id: 'none' }, { _id: 'none', status: 'open', n: 1 }, { upsert: true });
      // when / then
      for (const id of ['old', 'none']) {
        expect(await tickets().updateOneUnlessApplied(id, at(5), { $set: { status: 'resolved' } }), id).to.equal(true);
        expect(await get(id), id).to.deep.equal({ _id: id, _applied: '000005', status: 'resolved', n: 1 });
      }
    });

    it('given a document that has seen this event or a later one, when the guarded write comes again (a replay), then it is not written, upsert or not', async () => {
      // given
      await tickets().replaceOne({ _id: 'same' }, { _id: 'same', _applied: '000005', status: 'open' }, { upsert: true });
      await tickets().replaceOne({ _id: 'newer' }, { _id: 'newer', _applied: '000009', status: 'open' }, { upsert: true });
      // when / then
      for (const id of ['same', 'newer']) {
        for (const upsert of [false, true]) {
          expect(await written(tickets().updateOneUnlessApplied(id, at(5), { $set: { status: 'resolved' } }, { upsert })), `${id} ${upsert}`).to.equal(false);
          expect((await get(id))?.status, id).to.equal('open');
        }
      }
    });

    it('given updates that are not one top-level $set (a dotted path, $push, $unset), when guarded, then they are applied once, with the position', async () => {
      // given
      await tickets().replaceOne({ _id: 't1' }, { _id: 't1', _applied: '000001', family: { open: 1 }, notes: ['a'], draft: 'x' }, { upsert: true });
      // when
      const updates: Update[] = [{ $set: { 'family.open': 2 } }, { $push: { notes: 'b' } }, { $unset: { draft: '' } }];
      for (const [i, update] of updates.entries()) {
        expect(await tickets().updateOneUnlessApplied('t1', at(2 + i), update)).to.equal(true);
        expect(await tickets().updateOneUnlessApplied('t1', at(2 + i), update), 'replayed').to.equal(false);
      }
      // then
      expect(await get('t1')).to.deep.equal({ _id: 't1', _applied: '000004', family: { open: 2 }, notes: ['a', 'b'] });
    });

    it('given an index over a field guarded writes change, when tickets are written and moved, then queries by that field find them where they are', async () => {
      // given
      await tickets().createIndexes([{ key: { accountId: 1, status: 1 }, name: 'account_status' }]);
      // when
      for (let i = 0; i < 6; i++) await tickets().updateOneUnlessApplied(`t${i}`, at(i), { $set: { accountId: 'acme', status: 'open' } }, { upsert: true });
      for (let i = 0; i < 3; i++) await tickets().updateOneUnlessApplied(`t${i}`, at(10 + i), { $set: { status: 'resolved' } });
      // then
      expect((await tickets().find({ accountId: 'acme', status: 'resolved' }).toArray()).map((d) => d._id).sort()).to.deep.equal(['t0', 't1', 't2']);
      expect(await tickets().countDocuments({ accountId: 'acme', status: 'open' })).to.equal(3);
    });

    it('given random documents and positions, when the same guarded writes go to one collection directly and to another by the guard\u2019s filter, then both hold the same documents', async () => {
      // given
      const random = seededRandom(20261125);
      const direct = store().collection('guarded-direct');
      const byFilter = store().collection('guarded-filter');
      const values: readonly unknown[] = ['open', 'resolved', null, 3, ['x', 'y'], { a: 1 }, []];
      const updateOf = (): Update => {
        const r = random();
        if (r < 0.6) return { $set: { status: pick(random, values), [`f${Math.floor(random() * 4)}`]: pick(random, values), ...(random() < 0.2 ? { gone: undefined } : {}) } };
        if (r < 0.8) return { $set: { [`sub.f${Math.floor(random() * 3)}`]: pick(random, values) } };
        return { $inc: { n: 1 } };
      };
      // when
      for (let i = 0; i < 150; i++) {
        const id = `t${Math.floor(random() * 8)}`;
        const guard = at(Math.floor(random() * 60));
        const update = updateOf();
        const upsert = random() < 0.5;
        const a = await written(direct.updateOneUnlessApplied(id, guard, update, { upsert }));
        const b = await written(updateOneByGuardFilter(byFilter, id, guard, update, { upsert }));
        // then
        expect(a, `write ${i}`).to.equal(b);
        expect(await direct.findOne({ _id: id }), `write ${i}`).to.deep.equal(await byFilter.findOne({ _id: id }));
      }
      expect(await direct.countDocuments({})).to.be.greaterThan(3);
    });
  });
}
