import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, newTicket, ticketHistory, TOKENS, work } from './support';

describe('working tickets: concurrent commands and the auditor\'s history', () => {
  const env = useTicketService();

  it('given 20 concurrent commands on one ticket, then all of them land, in some order, with none lost', async () => {
    // given
    const ticketId = await newTicket(env.svc, { fastResponse: false });
    // when
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? work(env.svc, ticketId, 'emails', { messageId: `c-${i}`, threadId: 't', emailClient: 'gmail', from: 'kim@example.com', to: ['support@acme.example'], sentAt: '2027-01-01T10:00:00Z' })
        : work(env.svc, ticketId, 'chats', { sessionId: `s-${i}`, startedAt: '2027-01-01T10:00:00Z' })));
    // then
    expect(answers.map((a) => a.status)).to.deep.equal(Array(20).fill(200));
    const types = (await ticketHistory(env.svc, ticketId)).body.events.map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t === 'EmailMessageRecorded')).to.have.length(10);
    expect(types.filter((t: string) => t === 'ChatSessionRecorded')).to.have.length(10);
    const family = (await getTicket(env.svc, ticketId)).body.ticket.family;
    expect(family.customerEmailMessageIds).to.have.length(10);
    expect(family.chatSessionIds).to.have.length(10);
  });

  it('given a worked ticket, then its history lists every event oldest first with who, which request and the correlation', async () => {
    const ticketId = await newTicket(env.svc, { fastResponse: false });
    await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' }, TOKENS.acmeAgent);
    await work(env.svc, ticketId, 'status', { status: 'resolved' });
    const r = await ticketHistory(env.svc, ticketId);
    expect(r.status).to.equal(200);
    const events = r.body.events as { type: string; revision: number; metadata: Record<string, unknown>; data: Record<string, unknown> }[];
    expect(events.map((e) => e.type)).to.deep.equal(['TicketCreated', 'TicketAssigned', 'TicketStatusChanged', 'TicketStatusChanged']);
    expect(events.map((e) => e.revision)).to.deep.equal([0, 1, 2, 3]);
    expect(events[1].metadata).to.include({ accountId: 'acme', userId: 'tok-agent' });
    expect(events[1].metadata.requestId).to.be.a('string');
    expect(events[1].metadata.correlationId).to.equal(events[1].metadata.requestId);
    expect(events[3].data).to.include({ from: 'assigned', to: 'resolved', resolvedBy: 'agent', changedById: 'u-admin' });
    expect((await ticketHistory(env.svc, ticketId, TOKENS.globexAdmin)).status).to.equal(404);
    expect((await ticketHistory(env.svc, 'nope')).status).to.equal(404);
  });
});
