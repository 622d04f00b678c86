import { expect } from 'chai';
import { Statements } from '@support/adapters/dist/read-models/sqlite/statements';
import { GramFrequencies, trigramsOf } from '@support/adapters/dist/read-models/sqlite/gram-frequencies';
import { TicketCriteria } from '@support/domain';
import { readModelShapes, ticketsProjection } from '@support/projectors';
import { tempSqliteReadModels, ticketReadModelsWith, writeDocuments } from '../support/sqlite-read-models';
import { ticketDoc } from '../exports/support/seed-tickets';
import Database from 'better-sqlite3';

const searching = (...searchFragments: string[]): TicketCriteria => ({ accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'asc', searchFragments });

describe('SQLite read models: search by the rarest trigrams of a fragment', () => {
  it('given a fragment whose common trigrams every ticket holds, when searched, then exactly the tickets holding the whole fragment, not those holding its rare trigrams elsewhere', async () => {
    // given: 300 tickets of "customer <n>" (so "cus", "ust", ... are common), and one holding "r 1", " 13" and "131" but not "customer 131"
    const docs = [
      ...Array.from({ length: 300 }, (_, i) => ticketDoc({ _id: `t-${String(i).padStart(4, '0')}`, customerName: `Customer ${i + 500}` })),
      ticketDoc({ _id: 'true-1', customerName: 'Customer 131' }),
      ticketDoc({ _id: 'true-2', customerName: 'Customer 1310' }),
      ticketDoc({ _id: 'decoy', customerName: 'Customer 9', summary: 'order 131 for 13 bar 1' }),
    ];
    const readModels = await ticketReadModelsWith(docs);
    // when
    const page = await readModels.tickets.page(searching('customer 131'), 1, 50, []);
    // then
    expect(page.docs.map((d) => d._id)).to.have.members(['true-1', 'true-2']);
    expect(page.total).to.equal(2);
    expect(await readModels.tickets.count(searching('customer 131', 'bar 1'))).to.equal(3);
    await readModels.close();
  });

  it('given tickets whose text went into the search index by fours, when some texts change and some tickets go, then each ticket is found by its current text only, in the index or waiting for it', async () => {
    // given: 6 tickets in the index (a batch of four or more goes in), then 2 waiting (g, h)
    const readModels = tempSqliteReadModels({ searchIndexBatch: 4 });
    await readModels.declare(readModelShapes([ticketsProjection]));
    const named = (id: string, customerName: string) => ticketDoc({ _id: id, customerName });
    await writeDocuments(readModels, ticketsProjection.name, 'tickets', ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => named(id, `Kettle owner ${id}`)));
    await writeDocuments(readModels, ticketsProjection.name, 'tickets', ['g', 'h'].map((id) => named(id, `Kettle owner ${id}`)));
    // when: an indexed ticket (a) and a waiting one (h) are renamed, an indexed one (b) and a waiting one (g) removed
    await writeDocuments(readModels, ticketsProjection.name, 'tickets', [named('a', 'Toaster owner a'), named('h', 'Toaster owner h')]);
    const at = { commit: 2n, prepare: 2n };
    await readModels.applyBatch(ticketsProjection.name, at, async (batch) => {
      await batch.write(at, [{ collection: 'tickets', id: 'b', set: {}, remove: true }, { collection: 'tickets', id: 'g', set: {}, remove: true }]);
    });
    // then
    const found = async (fragment: string) => (await readModels.tickets.page(searching(fragment), 1, 50, [])).docs.map((d) => d._id);
    expect(await found('kettle')).to.have.members(['c', 'd', 'e', 'f']);
    expect(await found('toaster')).to.have.members(['a', 'h']);
    expect(await found('owner a')).to.deep.equal(['a']);
    expect(await readModels.tickets.count(searching('owner'))).to.equal(6);
    await readModels.close();
  });

  for (const [share, holds] of [['one ticket in three', (i: number) => i % 3 === 0], ['nine tickets in ten', (i: number) => i % 10 !== 0]] as const) {
    it(`given a fragment ${share} hold, when its pages are read in both orders, then each is the matching tickets in the list order, found by walking the tickets`, async () => {
      // given: 600 tickets a minute apart (matches many enough that a page is found by walking the tickets in order)
      const docs = Array.from({ length: 600 }, (_, i) => ticketDoc({
        _id: `t-${String(i).padStart(4, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), customerName: holds(i) ? `Anna Kowalski ${i}` : `Ben Novak ${i}`,
      }));
      const readModels = await ticketReadModelsWith(docs);
      const expected = docs.filter((_, i) => holds(i)).map((d) => d._id);
      const total = expected.length;
      // when
      const ids = async (c: TicketCriteria, page: number, limit: number) => {
        const p = await readModels.tickets.page(c, page, limit, []);
        return { ids: p.docs.map((d) => d._id), total: p.total };
      };
      // then
      const desc = { ...searching('kowals'), sortOrder: 'desc' as const };
      expect(await ids(searching('kowals'), 1, 50)).to.deep.equal({ ids: expected.slice(0, 50), total });
      expect(await ids(searching('kowals'), 2, 50)).to.deep.equal({ ids: expected.slice(50, 100), total });
      expect(await ids(desc, 1, 20)).to.deep.equal({ ids: [...expected].reverse().slice(0, 20), total });
      expect(await ids(desc, 3, 20)).to.deep.equal({ ids: [...expected].reverse().slice(40, 60), total });
      await readModels.close();
    });
  }

  it('given sampled texts, then a fragment is looked up by its three rarest trigrams, and as a phrase when even the rarest is common', () => {
    // given
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, s TEXT)');
    const insert = db.prepare('INSERT INTO t (s) VALUES (?)');
    for (let i = 0; i < 100; i++) insert.run(`customer ${i} kettle`);
    const frequencies = new GramFrequencies(new Statements(db), 't', 's');
    // then
    expect(frequencies.lookup('customer 42')).to.deep.equal({ kind: 'grams', grams: [' 42', 'r 4', 'cus'] });
    expect(frequencies.lookup('kettle')).to.deep.equal({ kind: 'phrase' });
    expect(frequencies.lookup('zebra')).to.deep.equal({ kind: 'grams', grams: ['zeb', 'ebr', 'bra'] });
    expect(trigramsOf('añob')).to.deep.equal(['año', 'ñob']);
  });
});
