import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ticketStream } from '@support/domain';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, newTicket, TOKENS, work } from '../lifecycle/support';
import { eventTypes, merge } from '../merge/support';

const email = (messageId: string, sentAt: string) => ({ messageId, threadId: `th-${messageId}`, emailClient: 'gmail', from: 'kim@example.com', to: ['help@acme.example'], sentAt });
const split = (svc: Parameters<typeof work>[0], ticketId: string, body: unknown, token: string = TOKENS.acmeAdmin) => work(svc, ticketId, 'split', body, token);
/** Times after any ticket's creation, whenever the suite runs. */
const at = (minutes: number) => new Date(Date.parse('2030-01-07T09:00:00Z') + minutes * 60_000).toISOString();

/** A command of the test's given part: it must land. */
const record = async (svc: Parameters<typeof work>[0], ticketId: string, command: string, body: unknown) => {
  const r = await work(svc, ticketId, command, body);
  expect(r.status, `${command}: ${r.text}`).to.equal(200);
};

describe('splitting a ticket: POST /apis/tickets/{ticketId}/split', () => {
  const env = useTicketService();

  it('given a ticket with two problems, when an email and a call are split off, then a new ticket of the same customer takes them, numbered, on the ticket\'s task, linked both ways', async () => {
    // given
    const ticketId = await newTicket(env.svc, { taskName: 'Refund Request', skipExecuteAction: true });
    await record(env.svc, ticketId, 'emails', email('sp-e1', at(1)));
    await record(env.svc, ticketId, 'emails', email('sp-e2', at(2)));
    await record(env.svc, ticketId, 'calls', { callId: 'sp-c1', direction: 'incoming', startedAt: at(3) });
    await record(env.svc, ticketId, 'chats', { sessionId: 'sp-s1', startedAt: at(4) });
    const original = (await getTicket(env.svc, ticketId)).body.ticket;
    // when
    const r = await split(env.svc, ticketId, { interactionIds: ['sp-e2', 'sp-c1'], query: 'The second order is missing too' });
    // then
    expect(r.status, r.text).to.equal(200);
    const newId = r.body.ticketId as string;
    expect(r.body).to.include({ success: true, splitFromTicketId: ticketId });
    expect(r.body.ticket).to.include({ customerId: original.customerId, taskId: original.taskId, splitFromTicketId: ticketId, query: 'The second order is missing too' });
    expect(r.body.ticket.ticketNumber).to.be.greaterThan(original.ticketNumber);
    expect(r.body.ticket.evaluation).to.be.an('object');
    // The new ticket is made with its interactions in one append; its task's evaluation is recorded after.
    expect(await eventTypes(env.svc, newId)).to.deep.equal(['TicketCreated', 'TicketSplitFrom', 'EmailMessageRecorded', 'CallRecorded', 'TaskEvaluated']);
    expect((await eventTypes(env.svc, ticketId)).at(-1)).to.equal('TicketSplit');
    const after = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(after.splitTicketIds).to.deep.equal([newId]);
    expect(after.family.customerEmailMessageIds).to.deep.equal(['sp-e1']);
    expect(after.family.incomingCallIds).to.deep.equal([]);
    expect(after.family.chatSessionIds).to.deep.equal(['sp-s1']);
    const taken = (await getTicket(env.svc, newId)).body.ticket;
    expect(taken).to.include({ splitFromTicketId: ticketId, status: 'open' });
    expect(taken.family.customerEmailMessageIds).to.deep.equal(['sp-e2']);
    expect(taken.family.incomingCallIds).to.deep.equal(['sp-c1']);
    // an interaction that left is not the ticket's any more
    const again = await split(env.svc, ticketId, { interactionIds: ['sp-e2'] });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.contain('"sp-e2" is not an email message id, call id or chat session id');
  });

  it('refuses with a clear 4xx: no interactions or too many, an id the ticket does not hold, an unknown task, another account\'s ticket (404), a merged ticket (409)', async () => {
    const ticketId = await newTicket(env.svc);
    await record(env.svc, ticketId, 'chats', { sessionId: 'sp-r1', startedAt: at(1) });
    const before = await eventTypes(env.svc, ticketId);
    const refused = async (body: unknown, status: number, message: RegExp, token?: string) => {
      const r = await split(env.svc, ticketId, body, token);
      expect(r.status, r.text).to.equal(status);
      expect(r.body.message).to.match(message);
    };
    await refused({ interactionIds: [] }, 400, /1 to 100 interactions/);
    await refused({ interactionIds: Array.from({ length: 101 }, (_, i) => `x-${i}`) }, 400, /1 to 100 interactions \(it names 101\)/);
    await refused({ interactionIds: ['nope'] }, 400, /"nope" is not an email message id/);
    await refused({ interactionIds: ['sp-r1'], taskName: 'No Such Task' }, 400, /Unknown task/);
    await refused({ interactionIds: ['sp-r1'] }, 404, /Ticket not found/, TOKENS.globexAdmin);
    expect(await eventTypes(env.svc, ticketId)).to.deep.equal(before);
    const target = await newTicket(env.svc);
    expect((await merge(env.svc, target, { sourceTicketIds: [ticketId] })).status).to.equal(200);
    await refused({ interactionIds: ['sp-r1'] }, 409, new RegExp(`merged into ticket ${target}`));
  });

  it('given a split of a log of an earlier version whose process died between its two writes (TicketSplit written, the new ticket not), when it is sent again, then the new ticket it named is made with the interactions', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    await record(env.svc, ticketId, 'calls', { callId: 'sp-crash', direction: 'incoming', startedAt: at(1) });
    const newTicketId = randomUUID();
    await env.svc.deps.eventStore.appendToStream(ticketStream(ticketId), [{
      id: randomUUID(), type: 'TicketSplit', metadata: { version: 1, accountId: 'acme' },
      data: { ticketId, accountId: 'acme', newTicketId, emailMessageIds: [], callIds: ['sp-crash'], chatSessionIds: [], splitById: null, at: new Date(Date.now() - 60_000).toISOString() },
    }], { expectedRevision: 'any' });
    // when
    const r = await split(env.svc, ticketId, { interactionIds: ['sp-crash'] });
    // then
    expect(r.status, r.text).to.equal(200);
    expect(r.body.ticketId).to.equal(newTicketId);
    expect((await getTicket(env.svc, newTicketId)).body.ticket.family.incomingCallIds).to.deep.equal(['sp-crash']);
    expect((await split(env.svc, ticketId, { interactionIds: ['sp-crash'] })).status).to.equal(400);
  });

  it('given six splits of the same interaction at once, then one takes it and the others are refused', async () => {
    const ticketId = await newTicket(env.svc);
    await record(env.svc, ticketId, 'calls', { callId: 'sp-race', direction: 'incoming', startedAt: at(1) });
    const answers = await Promise.all(Array.from({ length: 6 }, () => split(env.svc, ticketId, { interactionIds: ['sp-race'] })));
    // the others are refused: the call is no longer the ticket's (400)
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).to.have.length(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 400), JSON.stringify(statuses)).to.equal(true);
    expect((await eventTypes(env.svc, ticketId)).filter((t) => t === 'TicketSplit')).to.have.length(1);
  });
});
