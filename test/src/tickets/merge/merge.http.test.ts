import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { mergeIdOf } from '@support/command-api';
import { ticketStream } from '@support/domain';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, listIds, newTicket, TOKENS, work } from '../lifecycle/support';
import { countOf, eventTypes, merge } from './support';

const EMAIL = { messageId: 'mg-e1', threadId: 'mg-th', emailClient: 'gmail', from: 'kim@example.com', to: ['help@acme.example'], sentAt: '2027-01-01T10:00:00Z' };

describe('merging tickets: POST /apis/tickets/{targetId}/merge', () => {
  const env = useTicketService();

  it('given three tickets of one problem by email, chat and phone, when merged into one, then the sources are closed as merged and the target\'s family holds their interactions', async () => {
    // given
    const target = await newTicket(env.svc);
    await work(env.svc, target, 'emails', EMAIL);
    const chat = await newTicket(env.svc, { source: 'liveChat' });
    await work(env.svc, chat, 'chats', { sessionId: 'mg-s1', startedAt: '2027-01-01T10:05:00Z' });
    const phone = await newTicket(env.svc, { source: 'voiceCall' });
    await work(env.svc, phone, 'calls', { callId: 'mg-c1', direction: 'incoming', startedAt: '2027-01-01T10:10:00Z' });
    const child = (await work(env.svc, phone, 'children', { kind: 'child', query: 'Courier pickup' })).body.ticketId as string;
    // when
    const r = await merge(env.svc, target, { sourceTicketIds: [chat, phone], note: 'Same broken mug' });
    // then
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ success: true, ticketId: target, changed: true });
    expect(r.body.ticket.mergedTicketIds).to.deep.equal([chat, phone]);
    for (const source of [chat, phone]) {
      const doc = (await getTicket(env.svc, source)).body.ticket;
      expect(doc).to.include({ status: 'closed', mergedIntoTicketId: target, parentTicketId: target, family: null });
      expect((await env.svc.api('GET', `/apis/tickets/${source}/merge`, { token: TOKENS.acmeAdmin })).body)
        .to.deep.equal({ success: true, ticketId: source, merged: true, mergedIntoTicketId: target, mergedTicketIds: [] });
      expect((await eventTypes(env.svc, source)).slice(-2)).to.deep.equal(['TicketStatusChanged', 'TicketMergedInto']);
    }
    expect(await eventTypes(env.svc, target)).to.include('TicketsMerged');
    const family = (await getTicket(env.svc, target)).body.ticket.family;
    expect(family).to.include({ interactionTickets: 2, childTickets: 1 });
    expect(family.chatSessionIds).to.deep.equal(['mg-s1']);
    expect(family.incomingCallIds).to.deep.equal(['mg-c1']);
    expect(family.customerEmailMessageIds).to.deep.equal(['mg-e1']);
    expect(family.channels).to.include.members(['email', 'liveChat', 'voiceCall']);
    // the list's filters see the merged family: the sources are the target's, and not top-level tickets any more
    expect(await listIds(env.svc, { parentTicketId: target })).to.have.members([chat, phone]);
    expect(await listIds(env.svc, { excludeChildTickets: true })).not.to.include.members([chat]);
    // an interaction recorded later on the merged ticket's child counts on the survivor
    await work(env.svc, child, 'emails', { ...EMAIL, messageId: 'mg-e2', sentAt: '2027-01-01T12:00:00Z' });
    expect((await getTicket(env.svc, target)).body.ticket.family.customerEmailMessageIds).to.have.members(['mg-e1', 'mg-e2']);
  });

  it('given a merged ticket, when an agent sends it a command, then 409 names the surviving ticket and nothing is written', async () => {
    const target = await newTicket(env.svc);
    const source = await newTicket(env.svc);
    expect((await merge(env.svc, target, { sourceTicketIds: [source] })).status).to.equal(200);
    const before = await eventTypes(env.svc, source);
    for (const [command, body] of [['assign', { agentId: 'u-agent' }], ['status', { status: 'open' }], ['children', { kind: 'child', query: 'x' }]] as const) {
      const r = await work(env.svc, source, command, body);
      expect(r.status, command).to.equal(409);
      expect(r.body).to.include({ mergedIntoTicketId: target });
      expect(r.body.message).to.contain(`merged into ticket ${target}`);
    }
    expect(await eventTypes(env.svc, source)).to.deep.equal(before);
  });

  it('refuses with a clear 4xx and writes nothing: another account\'s or an unknown source, the target itself, too many, a merged source or target, a cycle', async () => {
    const target = await newTicket(env.svc);
    const source = await newTicket(env.svc);
    const foreign = (await env.svc.api('POST', '/apis/tickets/manual', { token: TOKENS.globexAdmin, body: { customer: { phone: '+14155550199' }, query: 'Globex ticket' } })).body.ticketId as string;
    const refused = async (targetId: string, body: unknown, status: number, message: RegExp) => {
      const before = await eventTypes(env.svc, source);
      const r = await merge(env.svc, targetId, body);
      expect(r.status, r.text).to.equal(status);
      expect(r.body.message).to.match(message);
      expect(await eventTypes(env.svc, source)).to.deep.equal(before);
      return r;
    };
    expect((await refused(target, { sourceTicketIds: [source, foreign] }, 404, new RegExp(`Ticket ${foreign} not found`))).body.ticketId).to.equal(foreign);
    await refused(target, { sourceTicketIds: [source, 'no-such-ticket'] }, 404, /no-such-ticket not found/);
    await refused('no-such-ticket', { sourceTicketIds: [source] }, 404, /Ticket not found/);
    await refused(target, { sourceTicketIds: [source, target] }, 400, /itself/);
    await refused(target, { sourceTicketIds: [] }, 400, /1 to 20 tickets/);
    await refused(target, { sourceTicketIds: Array.from({ length: 21 }, (_, i) => `t-${i}`) }, 400, /1 to 20 tickets \(it names 21\)/);
    await refused(target, { sourceTicketIds: [source], mode: 'x' }, 400, /mode/);
    const child = (await work(env.svc, source, 'children', { kind: 'child', query: 'x' })).body.ticketId as string;
    await refused(child, { sourceTicketIds: [source] }, 400, /cycle/);
    const grandchild = (await work(env.svc, child, 'children', { kind: 'child', query: 'y' })).body.ticketId as string;
    const greatGrandchild = (await work(env.svc, grandchild, 'children', { kind: 'child', query: 'z' })).body.ticketId as string;
    const middle = await eventTypes(env.svc, child);
    expect((await merge(env.svc, greatGrandchild, { sourceTicketIds: [child] })).status).to.equal(400);
    expect(await eventTypes(env.svc, child)).to.deep.equal(middle);
    const other = await newTicket(env.svc);
    expect((await merge(env.svc, other, { sourceTicketIds: [target] })).status).to.equal(200);
    await refused(target, { sourceTicketIds: [source] }, 409, new RegExp(`merged into ticket ${other}`));
    const third = await newTicket(env.svc);
    const taken = await merge(env.svc, third, { sourceTicketIds: [target] });
    expect(taken.status).to.equal(409);
    expect(taken.body).to.include({ ticketId: target, mergedIntoTicketId: other });
  });

  it('a repeat under Idempotency-Key is answered again; the same merge sent again without one changes nothing', async () => {
    const target = await newTicket(env.svc);
    const source = await newTicket(env.svc);
    const first = await merge(env.svc, target, { sourceTicketIds: [source] }, { key: `merge-${target}` });
    const again = await merge(env.svc, target, { sourceTicketIds: [source] }, { key: `merge-${target}` });
    expect(again.status).to.equal(200);
    expect(again.headers.get('Idempotent-Replayed')).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    const plain = await merge(env.svc, target, { sourceTicketIds: [source] });
    expect(plain.status).to.equal(200);
    expect(plain.body.changed).to.equal(false);
    expect(await countOf(env.svc, target, 'TicketsMerged')).to.equal(1);
    expect(await countOf(env.svc, source, 'TicketMergedInto')).to.equal(1);
  });

  it('given a merge whose process stopped after writing its sources, when the same request is sent again, then it completes that merge', async () => {
    // given: the source written as the merge writes it, the target not yet
    const target = await newTicket(env.svc);
    const source = await newTicket(env.svc);
    const mergeId = mergeIdOf('acme', target, [source]);
    await env.svc.deps.eventStore.appendToStream(ticketStream(source), [
      { type: 'TicketStatusChanged', data: { ticketId: source, accountId: 'acme', from: 'open', to: 'closed', resolvedBy: null, changedById: null, at: new Date().toISOString() } },
      { type: 'TicketMergedInto', data: { ticketId: source, accountId: 'acme', mergeId, targetTicketId: target, previousStatus: 'open', note: null, mergedById: null, at: new Date().toISOString() } },
    ].map((e) => ({ ...e, id: randomUUID(), metadata: { version: 1, accountId: 'acme' } })), { expectedRevision: 'any' });
    // when
    const r = await merge(env.svc, target, { sourceTicketIds: [source] });
    // then
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ mergeId, changed: true });
    expect(await countOf(env.svc, target, 'TicketsMerged')).to.equal(1);
    expect(await countOf(env.svc, source, 'TicketMergedInto')).to.equal(1);
    expect((await getTicket(env.svc, source)).body.ticket).to.include({ parentTicketId: target });
  });

  it('given two agents merging the same tickets at once, then there is one merge', async () => {
    const target = await newTicket(env.svc);
    const sources = [await newTicket(env.svc), await newTicket(env.svc), await newTicket(env.svc)];
    const answers = await Promise.all([merge(env.svc, target, { sourceTicketIds: sources }), merge(env.svc, target, { sourceTicketIds: [...sources].reverse() }, { token: TOKENS.acmeAgent })]);
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200]);
    expect(await countOf(env.svc, target, 'TicketsMerged')).to.equal(1);
    for (const s of sources) expect(await countOf(env.svc, s, 'TicketMergedInto')).to.equal(1);
  });

  it('given two merges that share a source sent at once, then one takes it and the other is refused with 409, its other sources left as they were', async () => {
    const [a, b] = [await newTicket(env.svc), await newTicket(env.svc)];
    const [s1, shared, s3] = [await newTicket(env.svc), await newTicket(env.svc), await newTicket(env.svc)];
    const answers = await Promise.all([merge(env.svc, a, { sourceTicketIds: [s1, shared] }), merge(env.svc, b, { sourceTicketIds: [shared, s3] })]);
    expect(answers.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    const [winner, loser] = answers[0].status === 200 ? [a, b] : [b, a];
    const loserOnly = winner === a ? s3 : s1;
    expect((await getTicket(env.svc, shared)).body.ticket).to.include({ mergedIntoTicketId: winner, status: 'closed' });
    const left = (await getTicket(env.svc, loserOnly)).body.ticket;
    expect(left.status).to.equal('open');
    expect(left.mergedIntoTicketId ?? null).to.equal(null);
    expect(await countOf(env.svc, loser, 'TicketsMerged')).to.equal(0);
    expect(await countOf(env.svc, shared, 'TicketMergedInto')).to.equal(1);
  });
});
