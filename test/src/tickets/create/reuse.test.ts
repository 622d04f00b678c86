import { expect } from 'chai';
import { customerKeyStream, EventStore, openTicketStream, PhoneE164, ticketNumberStream } from '@support/domain';
import { CREATE_DEADLINE_MS, createManualTicket } from '@support/command-api';
import { localTicketTextProcessor } from '@support/adapters';
import { TOKENS } from '../../support/example-config';
import { createTicket, customerEvents, freshPhone, readStream, ticketEvents, useTicketService } from './support/ticket-service';

describe('reuse of an open ticket (docs/api/tickets.md, rule Reuse), forceCreateTicket and waitForTicket', () => {
  const env = useTicketService();

  it('given an open ticket of the customer and task, when the same customer asks again for that task, then that ticket is returned with existingTicket true', async () => {
    // given
    const phone = freshPhone();
    const first = await createTicket(env.svc, { customer: { phone }, query: 'first', taskName: 'Refund Request', skipExecuteAction: true });
    // when
    const second = await createTicket(env.svc, { customer: { phone }, query: 'second', taskName: 'refund request', skipExecuteAction: true });
    // then
    expect(second.status).to.equal(200);
    expect(second.body.existingTicket).to.equal(true);
    expect(second.body.ticketId).to.equal(first.body.ticketId);
    expect(second.body.ticket).to.include({ id: first.body.ticketId, ticketNumber: first.body.ticket.ticketNumber, query: 'first' });
    expect(await ticketEvents(env.svc, first.body.ticketId)).to.have.length(2);
  });

  it('given an open ticket without a task, when the customer asks again without a task, then it is reused (no task is the task "none")', async () => {
    const email = `none-${freshPhone().slice(-4)}@example.com`;
    const first = await createTicket(env.svc, { customer: { email }, query: 'first' });
    const second = await createTicket(env.svc, { customer: { email }, query: 'second' });
    expect(second.body.existingTicket).to.equal(true);
    expect(second.body.ticketId).to.equal(first.body.ticketId);
  });

  it('given an open ticket for one task, when the customer asks for another task or no task, then a new ticket is made', async () => {
    const phone = freshPhone();
    const refund = await createTicket(env.svc, { customer: { phone }, query: 'q', currentTaskId: 'task-refund', skipExecuteAction: true });
    const followUp = await createTicket(env.svc, { customer: { phone }, query: 'q', currentTaskId: 'task-cancelled' });
    const none = await createTicket(env.svc, { customer: { phone }, query: 'q' });
    expect(new Set([refund.body.ticketId, followUp.body.ticketId, none.body.ticketId]).size).to.equal(3);
    expect([refund, followUp, none].map((r) => r.body.existingTicket)).to.deep.equal([false, false, false]);
  });

  it('given an open ticket, when forceCreateTicket is true, then a new ticket is made, and the next plain request reuses the newest', async () => {
    // given
    const phone = freshPhone();
    const first = await createTicket(env.svc, { customer: { phone }, query: 'q' });
    // when
    const forced = await createTicket(env.svc, { customer: { phone }, query: 'q', forceCreateTicket: true });
    // then
    expect(forced.body.existingTicket).to.equal(false);
    expect(forced.body.ticketId).to.not.equal(first.body.ticketId);
    expect((await ticketEvents(env.svc, forced.body.ticketId))[0].data).to.include({ forced: true });
    const again = await createTicket(env.svc, { customer: { phone }, query: 'q' });
    expect(again.body.existingTicket).to.equal(true);
    expect(again.body.ticketId).to.equal(forced.body.ticketId);
  });

  it('given ten concurrent identical creates, then one ticket is made and nine answers reuse it', async () => {
    // given
    const phone = freshPhone();
    const numbersBefore = (await readStream(env.svc, ticketNumberStream('acme'))).length;
    const body = { customer: { phone, name: 'Same' }, query: 'same', taskName: 'Refund Request', skipExecuteAction: true };
    // when
    const results = await Promise.all(Array.from({ length: 10 }, () => createTicket(env.svc, body)));
    // then
    expect(results.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.ticketId)).size).to.equal(1);
    expect(results.filter((r) => r.body.existingTicket === false)).to.have.length(1);
    expect((await readStream(env.svc, ticketNumberStream('acme'))).length).to.equal(numbersBefore + 1);
  });

  it('given fifty racing creates of one new customer and task, then one customer and one ticket are made, and every request is answered within the create deadline: 200, or 503 with Retry-After', async function () {
    this.timeout(30_000);
    // given
    const phone = freshPhone();
    const body = { customer: { phone, name: 'Crowd' }, query: 'all at once', taskName: 'Refund Request', skipExecuteAction: true };
    // when
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 50 }, async () => {
      const res = await createTicket(env.svc, body);
      return { res, ms: Date.now() - started };
    }));
    // then
    for (const { res, ms } of results) {
      expect(ms, 'answered within the deadline (and a second for the HTTP round trip)').to.be.at.most(CREATE_DEADLINE_MS + 1_000);
      expect([200, 503], JSON.stringify(res.body)).to.include(res.status);
      if (res.status === 503) {
        expect(res.headers.get('retry-after')).to.equal('1');
        expect(res.body.message).to.match(/send this request again/);
      }
    }
    const answered = results.filter(({ res }) => res.status === 200).map(({ res }) => res.body);
    expect(answered.length).to.be.greaterThan(0);
    expect(new Set(answered.map((b) => b.ticketId)).size).to.equal(1);
    expect(new Set(answered.map((b) => b.customer.id)).size).to.equal(1);
    expect(answered.filter((b) => b.existingTicket === false).length).to.be.at.most(1);
    const customerId = answered[0].customer.id as string;
    expect((await customerEvents(env.svc, customerId)).filter((e) => e.type === 'CustomerCreated')).to.have.length(1);
    expect(await readStream(env.svc, customerKeyStream('acme', { kind: 'phone', value: phone as PhoneE164 }))).to.have.length(1);
    const slot = await readStream(env.svc, openTicketStream('acme', customerId, 'task-refund'));
    expect(slot.filter((e) => e.type === 'OpenTicketClaimed')).to.have.length(1);
  });

  it('given waitForTicket false, then only the customer is found or created: a requestId, no ticketId, no ticket, and the request recorded on the customer', async () => {
    // given
    const phone = freshPhone();
    const numbersBefore = (await readStream(env.svc, ticketNumberStream('acme'))).length;
    // when
    const res = await createTicket(env.svc, { customer: { phone, name: 'Quick' }, query: 'just the customer', subject: 'Hi', waitForTicket: false });
    // then
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    expect(res.body.requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(res.body).to.not.have.property('ticketId');
    expect(res.body).to.not.have.property('ticket');
    expect(res.body.existingTicket).to.equal(false);
    expect(res.body.customer).to.include({ name: 'Quick', phone });
    expect((await readStream(env.svc, ticketNumberStream('acme'))).length).to.equal(numbersBefore);
    const received = (await customerEvents(env.svc, res.body.customer.id)).find((e) => e.type === 'CustomerRequestReceived');
    expect(received?.data).to.include({ requestId: res.body.requestId, query: 'just the customer', subject: 'Hi' });
  });

  it('given a create whose one append fails (the disk is full), then nothing of it is written, and the next identical request makes the ticket at once with the next number', async () => {
    // given an event store whose next multi-stream append fails
    let failOnce = true;
    const real = env.svc.deps.eventStore;
    const failing: EventStore = Object.create(real, {
      appendToStreams: {
        value: (appends: never) => {
          if (failOnce) {
            failOnce = false;
            return Promise.reject(new Error('disk full'));
          }
          return real.appendToStreams(appends);
        },
      },
    });
    const deps = { ...env.svc.deps, eventStore: failing, textProcessor: localTicketTextProcessor(), readModels: ['tickets'] };
    const principal = env.svc.deps.directory().principalForToken(TOKENS.acmeAdmin)!;
    const body = { customer: { phone: freshPhone() }, query: 'q' };
    const numbersBefore = (await readStream(env.svc, ticketNumberStream('acme'))).length;
    // when
    let failed = false;
    await createManualTicket(deps, principal, 'req-1', body, true).catch(() => {
      failed = true;
    });
    const next = await createTicket(env.svc, body);
    // then
    expect(failed).to.equal(true);
    expect(next.status).to.equal(200);
    expect(next.body.existingTicket).to.equal(false);
    expect(next.body.ticket.ticketNumber).to.equal(numbersBefore + 1);
    const slot = await readStream(env.svc, openTicketStream('acme', next.body.customer.id, null));
    expect(slot.map((e) => e.type)).to.deep.equal(['OpenTicketClaimed']);
    expect((await customerEvents(env.svc, next.body.customer.id)).map((e) => e.type)).to.deep.equal(['CustomerCreated']);
  });
});
