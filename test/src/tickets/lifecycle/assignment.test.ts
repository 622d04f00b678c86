import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, listIds, newTicket, ticketHistory, TOKENS, work } from './support';

describe('working tickets: assign and unassign (agent workspace)', () => {
  const env = useTicketService();

  it('given an open ticket, when an admin assigns it to an agent, then it is assigned by the token\'s user, shows in GET and in the agentId filter', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    // when
    const r = await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' });
    // then
    expect(r.status).to.equal(200);
    expect(r.body).to.include({ success: true, ticketId, changed: true });
    expect(r.body.events).to.deep.equal(['TicketAssigned', 'TicketStatusChanged']);
    expect(r.body.ticket).to.include({ status: 'assigned', assignedToId: 'u-agent', assignedById: 'u-admin' });
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got).to.include({ assignedToId: 'u-agent', assignedById: 'u-admin', status: 'assigned' });
    expect(got.involvedAgentIds).to.deep.equal(['u-agent']);
    expect(got.assignedAt).to.be.a('string');
    expect(await listIds(env.svc, { agentId: 'u-agent' })).to.include(ticketId);
    expect(await listIds(env.svc, { involvedAgentId: 'u-agent' })).to.include(ticketId);
    expect(await listIds(env.svc, { agentInvolvement: 'agents_involved' })).to.include(ticketId);
    expect(await listIds(env.svc, { agentInvolvement: 'only_ai' })).not.to.include(ticketId);
    expect(await listIds(env.svc, { unassigned: true })).not.to.include(ticketId);
    expect(await listIds(env.svc, { statuses: ['assigned'], ignoreDateRange: true })).to.include(ticketId);
  });

  it('given tickets assigned one after another, when listed by assignedAt in a date range, then they come in assignment order and unassigned ones are left out', async () => {
    const ids = [await newTicket(env.svc), await newTicket(env.svc), await newTicket(env.svc)];
    const never = await newTicket(env.svc);
    const start = new Date().toISOString();
    for (const id of [ids[1], ids[2], ids[0]]) {
      await work(env.svc, id, 'assign', { agentId: 'u-agent2' });
      await new Promise((r) => setTimeout(r, 5));
    }
    const asc = await listIds(env.svc, { timestampKey: 'assignedAt', sortOrder: 'asc', startDate: start, agentId: 'u-agent2' });
    expect(asc.filter((id) => ids.includes(id))).to.deep.equal([ids[1], ids[2], ids[0]]);
    expect(asc).not.to.include(never);
  });

  it('given an assigned ticket, when it is assigned to the same agent again, then it answers 200 and appends nothing', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' });
    const before = (await ticketHistory(env.svc, ticketId)).body.events.length;
    const again = await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' });
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ changed: false });
    expect((await ticketHistory(env.svc, ticketId)).body.events).to.have.length(before);
  });

  it('given an assigned ticket, when it is reassigned and then unassigned, then both agents stay involved and it is back in the queue, unassigned', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' });
    await work(env.svc, ticketId, 'assign', { agentId: 'u-agent2' }, TOKENS.acmeAgent);
    const r = await work(env.svc, ticketId, 'unassign');
    expect(r.status).to.equal(200);
    expect(r.body.ticket).to.include({ status: 'queued', assignedToId: null });
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.involvedAgentIds).to.deep.equal(['u-agent', 'u-agent2']);
    expect(got.assignedToId).to.equal(null);
    expect(await listIds(env.svc, { unassigned: true })).to.include(ticketId);
    expect(await listIds(env.svc, { involvedAgentId: 'u-agent2' })).to.include(ticketId);
    expect(await listIds(env.svc, { agentId: 'u-agent2' })).not.to.include(ticketId);
  });

  it('given the agent token, when it assigns, then assignedBy is the agent\'s user', async () => {
    const ticketId = await newTicket(env.svc);
    const r = await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' }, TOKENS.acmeAgent);
    expect(r.body.ticket).to.include({ assignedById: 'u-agent' });
  });

  it('refuses an agent who is not a user of the account with a 400 naming agentId, and a body key it does not know', async () => {
    const ticketId = await newTicket(env.svc);
    const stranger = await work(env.svc, ticketId, 'assign', { agentId: 'g-admin' });
    expect(stranger.status).to.equal(400);
    expect(stranger.body).to.include({ error: 'Bad Request', field: 'agentId' });
    expect(stranger.body.message).to.match(/agentId "g-admin" is not a user of this account/);
    const extra = await work(env.svc, ticketId, 'assign', { agentId: 'u-agent', team: 'x' });
    expect(extra.status).to.equal(400);
    expect(extra.body.message).to.match(/Unknown field "team"/);
    const missing = await work(env.svc, ticketId, 'assign', {});
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.match(/agentId/);
  });

  it('answers 404 for an unknown ticket and for a ticket of another account, 401 without a token', async () => {
    const ticketId = await newTicket(env.svc);
    expect((await work(env.svc, 'no-such-ticket', 'assign', { agentId: 'u-agent' })).status).to.equal(404);
    const other = await work(env.svc, ticketId, 'unassign', undefined, TOKENS.globexAdmin);
    expect(other.status).to.equal(404);
    expect(other.body).to.deep.include({ error: 'Not Found', message: 'Ticket not found' });
    expect((await getTicket(env.svc, ticketId, TOKENS.globexAdmin)).status).to.equal(404);
    expect((await env.svc.api('POST', `/apis/tickets/${ticketId}/unassign`)).status).to.equal(401);
  });
});
