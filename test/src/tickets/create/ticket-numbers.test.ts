import { expect } from 'chai';
import { ticketNumberStream } from '@support/domain';
import { TOKENS } from '../../support/example-config';
import { createTicket, freshPhone, readStream, useTicketService } from './support/ticket-service';

describe('ticket numbers: integers increasing per account, never duplicated', () => {
  const env = useTicketService();

  it('given tickets created one after another, then their numbers are 1, 2, 3 of the account', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await createTicket(env.svc, { customer: { phone: freshPhone() }, query: `n${i}` })).body.ticket.ticketNumber);
    expect(numbers).to.deep.equal([1, 2, 3]);
  });

  it('given twenty concurrent creates, then every ticket has its own number and together they are the next twenty', async () => {
    // given
    const before = (await readStream(env.svc, ticketNumberStream('acme'))).length;
    // when
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createTicket(env.svc, { customer: { phone: freshPhone() }, query: `c${i}` })));
    // then
    const numbers = results.map((r) => r.body.ticket.ticketNumber as number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    const assigned = await readStream(env.svc, ticketNumberStream('acme'));
    expect(assigned.map((e) => (e.data as { ticketNumber: number }).ticketNumber)).to.deep.equal(assigned.map((e) => Number(e.revision) + 1));
  });

  it('given twenty concurrent forced creates for one customer (the number allocated while the slot is claimed), then each has its own number, the next twenty, and the slot names the last', async () => {
    // given
    const before = (await readStream(env.svc, ticketNumberStream('acme'))).length;
    const phone = freshPhone();
    // when
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createTicket(env.svc, { customer: { phone }, query: `f${i}`, forceCreateTicket: true })));
    // then
    expect(results.map((r) => r.body.existingTicket)).to.deep.equal(Array.from({ length: 20 }, () => false));
    const numbers = results.map((r) => r.body.ticket.ticketNumber as number).sort((a, b) => a - b);
    expect(numbers).to.deep.equal(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    // and a request that is not forced reuses an open ticket of theirs, taking no number
    const reused = await createTicket(env.svc, { customer: { phone }, query: 'again' });
    expect(reused.body.existingTicket).to.equal(true);
    expect((await readStream(env.svc, ticketNumberStream('acme'))).length).to.equal(before + 20);
  });

  it('given numbers increase with creation order, then a later ticket has a larger number', async () => {
    const a = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'a' });
    const b = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'b' });
    expect(b.body.ticket.ticketNumber).to.be.greaterThan(a.body.ticket.ticketNumber);
  });

  it('given another account, then its numbers start at 1 on their own', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'globex' }, TOKENS.globexAdmin);
    expect(res.body.ticket.ticketNumber).to.equal(1);
  });
});
