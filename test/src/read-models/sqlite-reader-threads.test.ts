import { expect } from 'chai';
import { ReadBudgetExceeded, TicketCriteria } from '@support/domain';
import { ticketReadModelsWith } from '../support/sqlite-read-models';
import { ticketDoc } from '../exports/support/seed-tickets';

const all: TicketCriteria = { accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc' };
const tickets = (n: number) => Array.from({ length: n }, (_, i) => ticketDoc({ _id: `t-${String(i).padStart(5, '0')}`, customerName: `Customer ${i}` }));

describe('SQLite read models: queries on reader threads', () => {
  it('given tickets, when pages, counts and existence are asked at once, then each answers as the read model holds them', async () => {
    // given
    const readModels = await ticketReadModelsWith(tickets(120));
    // when: more reads at once than there are reader threads
    const [page, count, none, exists] = await Promise.all([
      readModels.tickets.page(all, 2, 50, ['customerName']),
      readModels.tickets.count({ ...all, searchFragments: ['customer 11'] }),
      readModels.tickets.count({ ...all, accountId: 'nobody' }),
      readModels.tickets.exists({ ...all, searchFragments: ['customer 119'] }),
    ]);
    // then
    expect(page.total).to.equal(120);
    expect(page.docs.map((d) => d._id)).to.deep.equal(Array.from({ length: 50 }, (_, i) => `t-${String(69 - i).padStart(5, '0')}`));
    expect(page.docs[0]).to.deep.equal({ _id: 't-00069', customerName: 'Customer 69' });
    expect(count).to.equal(11); // 11, 110-119
    expect(none).to.equal(0);
    expect(exists).to.equal(true);
    await readModels.close();
  });

  it('given a read whose deadline leaves it no time, when it runs, then it is stopped with ReadBudgetExceeded and the next read is answered', async () => {
    // given
    const readModels = await ticketReadModelsWith(tickets(50));
    // when: a deadline 250 ms away (the margin kept for the answer) leaves the read no budget
    const late = await readModels.tickets.count(all, { deadline: Date.now() + 250 }).then(() => null, (e: unknown) => e);
    // then
    expect(late).to.be.instanceOf(ReadBudgetExceeded);
    expect(await readModels.tickets.count(all)).to.equal(50);
    await readModels.close();
  });

  it('given a broad query of any field, when it runs on a reader thread, then it answers what a lookup on the event loop answers', async () => {
    // given
    const readModels = await ticketReadModelsWith(tickets(30));
    // when
    const where = { customerName: { gte: 'Customer 25' } };
    const broad = await readModels.find('tickets', { where, sort: { customerName: 1 } }, { broad: true });
    const lookup = await readModels.find('tickets', { where, sort: { customerName: 1 } });
    // then
    expect(broad.map((d) => d._id)).to.deep.equal(['t-00025', 't-00026', 't-00027', 't-00028', 't-00029', 't-00003', 't-00004', 't-00005', 't-00006', 't-00007', 't-00008', 't-00009']);
    expect(broad).to.deep.equal(lookup);
    expect(await readModels.count('tickets', where, { broad: true })).to.equal(12);
    await readModels.close();
  });
});
