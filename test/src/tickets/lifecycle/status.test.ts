import { expect } from 'chai';
import { createTicket, freshPhone, useTicketService } from '../create/support/ticket-service';
import { getTicket, iso, listIds, newTicket, work } from './support';

describe('working tickets: status changes (agent workspace)', () => {
  const env = useTicketService();

  it('given an open ticket, when an agent resolves it, then resolvedAt and resolvedBy are set and it is found by resolvedAt', async () => {
    // given
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'status', { status: 'in_progress' });
    // when
    const r = await work(env.svc, ticketId, 'status', { status: 'resolved' });
    // then
    expect(r.status).to.equal(200);
    expect(r.body.ticket).to.include({ status: 'resolved', resolvedBy: 'agent', resolvedByUserId: 'u-admin' });
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got).to.include({ status: 'resolved', resolvedBy: 'agent', resolution: 'resolved' });
    expect(got.statusHistory.map((s: { status: string }) => s.status)).to.deep.equal(['open', 'in_progress', 'resolved']);
    const resolvedAt = got.resolvedAt as string;
    expect(Date.parse(resolvedAt)).to.be.closeTo(Date.now(), 60_000);
    const window = { timestampKey: 'resolvedAt', startDate: iso(new Date(Date.parse(resolvedAt) - 1000).toISOString()), endDate: iso(new Date(Date.parse(resolvedAt) + 1000).toISOString()) };
    expect(await listIds(env.svc, window)).to.include(ticketId);
    expect(await listIds(env.svc, { ...window, startDate: iso(new Date(Date.parse(resolvedAt) + 1).toISOString()) })).not.to.include(ticketId);
  });

  it('given tickets resolved one after another, when listed by resolvedAt ascending and descending, then they come in resolution order', async () => {
    const ids = [await newTicket(env.svc), await newTicket(env.svc), await newTicket(env.svc)];
    for (const id of [ids[2], ids[0], ids[1]]) {
      await work(env.svc, id, 'status', { status: 'resolved_by_agent' });
      await new Promise((r) => setTimeout(r, 5));
    }
    const asc = (await listIds(env.svc, { timestampKey: 'resolvedAt', sortOrder: 'asc', statuses: ['resolved_by_agent'] })).filter((id) => ids.includes(id));
    expect(asc).to.deep.equal([ids[2], ids[0], ids[1]]);
    const desc = (await listIds(env.svc, { timestampKey: 'resolvedAt', sortOrder: 'desc', statuses: ['resolved_by_agent'] })).filter((id) => ids.includes(id));
    expect(desc).to.deep.equal([ids[1], ids[0], ids[2]]);
  });

  it('given a status that cannot follow the current one, then 409 in the error shape of docs/api/README.md names the current status', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'status', { status: 'closed' });
    const r = await work(env.svc, ticketId, 'status', { status: 'in_progress' });
    expect(r.status).to.equal(409);
    expect(r.body).to.include({ error: 'Conflict', currentStatus: 'closed' });
    expect(r.body.message).to.match(/from "closed" to "in_progress"/);
    const assign = await work(env.svc, ticketId, 'assign', { agentId: 'u-agent' });
    expect(assign.status).to.equal(409);
    expect(assign.body.currentStatus).to.equal('closed');
  });

  it('given a resolved ticket, when it is reopened, then resolution is cleared and it is open again', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'status', { status: 'resolved', resolvedBy: 'ai' });
    expect((await getTicket(env.svc, ticketId)).body.ticket).to.include({ resolvedBy: 'ai', autoResolved: true });
    const r = await work(env.svc, ticketId, 'status', { status: 'open' });
    expect(r.status).to.equal(200);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got).to.include({ status: 'open', resolvedAt: null, resolvedBy: null, autoResolved: false });
  });

  it('refuses an unknown status, resolvedBy on a status that does not resolve, and a contradicting resolvedBy (400 naming the field)', async () => {
    const ticketId = await newTicket(env.svc);
    const unknown = await work(env.svc, ticketId, 'status', { status: 'done' });
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.include({ field: 'status' });
    expect(unknown.body.message).to.match(/status "done" is not a ticket status/);
    const misplaced = await work(env.svc, ticketId, 'status', { status: 'queued', resolvedBy: 'agent' });
    expect(misplaced.status).to.equal(400);
    expect(misplaced.body.field).to.equal('resolvedBy');
    const contradicting = await work(env.svc, ticketId, 'status', { status: 'resolved_by_ai', resolvedBy: 'agent' });
    expect(contradicting.status).to.equal(400);
    expect((await work(env.svc, ticketId, 'status', { status: 'assigned' })).status).to.equal(409);
  });

  it('given a ticket of a customer and task, when it is resolved, then the next manual ticket for them is new (reuse slot freed, docs/api/tickets.md (rule Reuse))', async () => {
    const phone = freshPhone();
    const first = await createTicket(env.svc, { customer: { phone }, query: 'q', currentTaskId: 'task-cancelled' });
    const reused = await createTicket(env.svc, { customer: { phone }, query: 'q', currentTaskId: 'task-cancelled' });
    expect(reused.body).to.include({ existingTicket: true, ticketId: first.body.ticketId });
    await work(env.svc, first.body.ticketId, 'status', { status: 'resolved' });
    const next = await createTicket(env.svc, { customer: { phone }, query: 'q', currentTaskId: 'task-cancelled' });
    expect(next.body.existingTicket).to.equal(false);
    expect(next.body.ticketId).not.to.equal(first.body.ticketId);
  });

  it('given the same status again, then 200 with nothing appended', async () => {
    const ticketId = await newTicket(env.svc);
    const r = await work(env.svc, ticketId, 'status', { status: 'open' });
    expect(r.status).to.equal(200);
    expect(r.body).to.include({ changed: false });
  });
});
