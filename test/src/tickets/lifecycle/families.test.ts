import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, listIds, newTicket, ticketHistory, work } from './support';

describe('working tickets: child and interaction tickets (ticket families)', () => {
  const env = useTicketService();

  it('given a ticket, when a child ticket is made, then it has its own number, names its parent and the parent counts it', async () => {
    // given
    const parentId = await newTicket(env.svc, { orderName: '#5001' });
    const parent = (await getTicket(env.svc, parentId)).body.ticket;
    // when
    const r = await work(env.svc, parentId, 'children', { kind: 'child', childTicketParam: 'replacement', query: 'Ship a replacement kettle' });
    // then
    expect(r.status).to.equal(200);
    const childId = r.body.ticketId as string;
    expect(r.body).to.include({ success: true, parentTicketId: parentId });
    const child = (await getTicket(env.svc, childId)).body.ticket;
    expect(child).to.include({ ticketType: 'child', childTicketParam: 'replacement', parentTicketId: parentId, rootTicketId: parentId, customerId: parent.customerId, orderName: '#5001' });
    expect(child.ticketNumber).to.be.greaterThan(parent.ticketNumber);
    expect(child.family).to.equal(null);
    expect((await getTicket(env.svc, parentId)).body.ticket.family.childTickets).to.equal(1);
    const parentEvents = (await ticketHistory(env.svc, parentId)).body.events.map((e: { type: string }) => e.type);
    expect(parentEvents).to.include('ChildTicketLinked');
    expect(await listIds(env.svc, { parentTicketId: parentId })).to.deep.equal([childId]);
    const roots = await listIds(env.svc, { excludeChildTickets: true });
    expect(roots).to.include(parentId);
    expect(roots).not.to.include(childId);
  });

  it('given a family, when an interaction ticket (a later customer contact) gets an email and a call, then the root holds the family totals', async () => {
    const rootId = await newTicket(env.svc);
    const interaction = await work(env.svc, rootId, 'children', { kind: 'interaction', query: 'Any news?', source: 'email' });
    const interactionId = interaction.body.ticketId as string;
    await work(env.svc, interactionId, 'emails', { messageId: 'fam-1', threadId: 'fam-th', emailClient: 'outlook', from: 'kim@example.com', to: ['help@acme.example'], sentAt: '2027-01-01T10:00:00Z' });
    await work(env.svc, interactionId, 'calls', { callId: 'fam-c', direction: 'outgoing', startedAt: '2027-01-01T11:00:00Z', agentId: 'u-agent' });
    const root = (await getTicket(env.svc, rootId)).body.ticket;
    expect(root.family).to.include({ interactionTickets: 1, childTickets: 0 });
    expect(root.family.customerEmailMessageIds).to.deep.equal(['fam-1']);
    expect(root.family.outgoingCallIds).to.deep.equal(['fam-c']);
    expect(root.family.emailClients).to.deep.equal(['outlook']);
    expect(root.family.channels).to.include.members(['manual', 'email']);
    const child = (await getTicket(env.svc, interactionId)).body.ticket;
    expect(child).to.include({ ticketType: 'interaction', source: 'email', rootTicketId: rootId });
  });

  it('given a child ticket of a child, then the family root stays the first ticket', async () => {
    const rootId = await newTicket(env.svc);
    const child = (await work(env.svc, rootId, 'children', { kind: 'child', query: 'step 1' })).body.ticketId;
    const grandchild = (await work(env.svc, child, 'children', { kind: 'child', query: 'step 2' })).body.ticketId;
    expect((await getTicket(env.svc, grandchild)).body.ticket).to.include({ parentTicketId: child, rootTicketId: rootId });
    expect((await getTicket(env.svc, rootId)).body.ticket.family.childTickets).to.equal(2);
  });

  it('given a child ticket worked by an agent, then the family has delegated child work', async () => {
    const rootId = await newTicket(env.svc);
    const child = (await work(env.svc, rootId, 'children', { kind: 'child', query: 'Courier pickup' })).body.ticketId;
    expect((await getTicket(env.svc, rootId)).body.ticket.family.delegatedChildWork).to.equal(false);
    await work(env.svc, child, 'assign', { agentId: 'u-agent2' });
    expect((await getTicket(env.svc, rootId)).body.ticket.family.delegatedChildWork).to.equal(true);
  });

  it('refuses a bad kind, childTicketParam on an interaction ticket, and answers 404 for a parent of another account', async () => {
    const rootId = await newTicket(env.svc);
    const kind = await work(env.svc, rootId, 'children', { kind: 'sibling', query: 'x' });
    expect(kind.status).to.equal(400);
    expect(kind.body.message).to.match(/kind must be one of "child", "interaction"/);
    const param = await work(env.svc, rootId, 'children', { kind: 'interaction', childTicketParam: 'p', query: 'x' });
    expect(param.status).to.equal(400);
    expect(param.body.field).to.equal('childTicketParam');
    const foreign = await work(env.svc, rootId, 'children', { kind: 'child', query: 'x' }, 'globex-admin-token-0001');
    expect(foreign.status).to.equal(404);
  });
});
