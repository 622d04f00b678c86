import { expect } from 'chai';
import { useTicketService } from '../create/support/ticket-service';
import { getTicket, listIds, newTicket, ticketHistory, work } from './support';

const email = (over: Record<string, unknown> = {}) => ({
  messageId: 'm-1', threadId: 'th-1', emailClient: 'gmail', from: 'Kim Lee <kim@example.com>', to: ['support@acme.example'], sentAt: '2027-03-02T09:00:00Z', ...over,
});

describe('working tickets: emails, calls, chats and the first response (agent workspace)', () => {
  const env = useTicketService();

  it('given a customer email and an agent reply, then both are recorded, the reply is the first response and closes the customer\'s wait', async () => {
    const ticketId = await newTicket(env.svc);
    const fromCustomer = await work(env.svc, ticketId, 'emails', email());
    expect(fromCustomer.status).to.equal(200);
    expect(fromCustomer.body.events).to.deep.equal(['EmailMessageRecorded']);
    const reply = await work(env.svc, ticketId, 'emails', email({ messageId: 'm-2', from: 'ben@acme.example', to: ['kim@example.com'], sentAt: '2027-03-02T09:30:00Z' }));
    expect(reply.body.events).to.deep.equal(['EmailMessageRecorded', 'FirstResponseRecorded']);
    const history = (await ticketHistory(env.svc, ticketId)).body.events;
    const recorded = history.filter((e: { type: string }) => e.type === 'EmailMessageRecorded').map((e: { data: Record<string, unknown> }) => e.data);
    expect(recorded.map((d: Record<string, unknown>) => d.direction)).to.deep.equal(['customer', 'agent']);
    expect(recorded[1].agentId).to.equal('u-agent'); // Ben's own address: he is the mailbox owner who wrote it
    const viaMailbox = await work(env.svc, ticketId, 'emails', email({ messageId: 'm-3', from: 'support@acme.example', sentAt: '2027-03-02T10:00:00Z' }));
    expect(viaMailbox.body.events).to.deep.equal(['EmailMessageRecorded', 'AgentReplied']);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.firstResponseAt).to.equal('2027-03-02T09:30:00.000Z');
    expect(got.firstResponseChannel).to.equal('email');
    expect(got.involvedSources).to.include('email');
    expect(got.emailThreadIds).to.deep.equal(['th-1']);
    expect(got.emailClients).to.deep.equal(['gmail']);
    expect(got.family.customerEmailMessageIds).to.deep.equal(['m-1']);
    expect(got.family.agentEmailMessageIds).to.deep.equal(['m-2', 'm-3']);
    expect(got.latestResponseAt).to.equal('2027-03-02T10:00:00.000Z');
    expect(got.responseWaits).to.have.length(1);
    expect(got.involvedAgentIds).to.deep.equal(['u-agent']);
  });

  it('given the same email webhook twice, then it is recorded once and counted once', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'emails', email({ messageId: 'dup-1' }));
    const again = await work(env.svc, ticketId, 'emails', email({ messageId: 'dup-1' }));
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ changed: false });
    const types = (await ticketHistory(env.svc, ticketId)).body.events.map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t === 'EmailMessageRecorded')).to.have.length(1);
    expect((await getTicket(env.svc, ticketId)).body.ticket.family.customerEmailMessageIds).to.deep.equal(['dup-1']);
  });

  it('given AI- and system-generated mailbox emails, then they are not human agent messages and not a first response', async () => {
    const ticketId = await newTicket(env.svc);
    const ai = await work(env.svc, ticketId, 'emails', email({ messageId: 'ai-1', from: 'support@acme.example', generatedBy: 'ai' }));
    const sys = await work(env.svc, ticketId, 'emails', email({ messageId: 'sys-1', from: 'help@acme.example', generatedBy: 'system' }));
    expect(ai.body.events).to.deep.equal(['EmailMessageRecorded']);
    expect(sys.body.events).to.deep.equal(['EmailMessageRecorded']);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.firstResponseAt).to.equal(null);
    expect(got.family.agentEmailMessageIds).to.deep.equal([]);
  });

  it('given an incoming call answered by an agent, its end and its Voice FCR evaluation, then the root stores the decision', async () => {
    const ticketId = await newTicket(env.svc);
    const call = await work(env.svc, ticketId, 'calls', { callId: 'c-1', direction: 'incoming', startedAt: '2027-03-03T10:00:00Z', agentId: 'u-agent' });
    expect(call.body.events).to.deep.equal(['CallRecorded', 'FirstResponseRecorded']);
    const ended = await work(env.svc, ticketId, 'calls', { callId: 'c-1', direction: 'incoming', startedAt: '2027-03-03T10:00:00Z', endedAt: '2027-03-03T10:07:00Z', agentId: 'u-agent' });
    expect(ended.body.events).to.deep.equal(['CallEnded']);
    const same = await work(env.svc, ticketId, 'calls', { callId: 'c-1', direction: 'incoming', startedAt: '2027-03-03T10:00:00Z' });
    expect(same.body.changed).to.equal(false);
    const evaluation = await work(env.svc, ticketId, 'calls/c-1/evaluation', { outcome: 'resolved_on_call', reason: 'customer_confirmed', evaluatedAt: '2027-03-03T10:08:00Z' });
    expect(evaluation.status).to.equal(200);
    expect(evaluation.body.events).to.deep.equal(['CallEvaluated']);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.voiceFcr).to.deep.equal({ callId: 'c-1', outcome: 'resolved_on_call', reason: 'customer_confirmed', evaluatedAt: '2027-03-03T10:08:00.000Z', laterInboundContact: false });
    expect(got.family.incomingCallIds).to.deep.equal(['c-1']);
    expect(got.involvedAgentIds).to.deep.equal(['u-agent']);
    expect(got.firstResponseChannel).to.equal('voiceCall');
    expect(await listIds(env.svc, { involvedAgentId: 'u-agent' })).to.include(ticketId);
  });

  it('given a Voice FCR decision, when the customer writes again later, then the decision is marked as followed by a later inbound contact', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'calls', { callId: 'c-9', direction: 'incoming', startedAt: '2027-03-03T10:00:00Z' });
    await work(env.svc, ticketId, 'calls/c-9/evaluation', { outcome: 'resolved_on_call', reason: 'customer_confirmed', evaluatedAt: '2027-03-03T10:08:00Z' });
    await work(env.svc, ticketId, 'calls', { callId: 'c-out', direction: 'outgoing', startedAt: '2027-03-03T11:00:00Z', agentId: 'u-agent' });
    expect((await getTicket(env.svc, ticketId)).body.ticket.voiceFcr.laterInboundContact).to.equal(false);
    await work(env.svc, ticketId, 'emails', email({ messageId: 'later', sentAt: '2027-03-04T08:00:00Z' }));
    expect((await getTicket(env.svc, ticketId)).body.ticket.voiceFcr.laterInboundContact).to.equal(true);
  });

  it('refuses an evaluation of a call the ticket does not have (404) or of an outgoing call (400), and bad call bodies (400)', async () => {
    const ticketId = await newTicket(env.svc);
    const missing = await work(env.svc, ticketId, 'calls/nope/evaluation', { outcome: 'unresolved', reason: 'x', evaluatedAt: '2027-03-03T10:08:00Z' });
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.match(/Call "nope" is not recorded/);
    await work(env.svc, ticketId, 'calls', { callId: 'o-1', direction: 'outgoing', startedAt: '2027-03-03T10:00:00Z' });
    const outgoing = await work(env.svc, ticketId, 'calls/o-1/evaluation', { outcome: 'unresolved', reason: 'x', evaluatedAt: '2027-03-03T10:08:00Z' });
    expect(outgoing.status).to.equal(400);
    const badDirection = await work(env.svc, ticketId, 'calls', { callId: 'b-1', direction: 'sideways', startedAt: '2027-03-03T10:00:00Z' });
    expect(badDirection.status).to.equal(400);
    expect(badDirection.body.message).to.match(/direction must be one of "incoming", "outgoing"/);
    const badTime = await work(env.svc, ticketId, 'calls', { callId: 'b-2', direction: 'incoming', startedAt: 'yesterday' });
    expect(badTime.status).to.equal(400);
    expect(badTime.body.message).to.match(/startedAt must be an ISO 8601 date-time/);
    const backwards = await work(env.svc, ticketId, 'calls', { callId: 'b-3', direction: 'incoming', startedAt: '2027-03-03T10:00:00Z', endedAt: '2027-03-03T09:00:00Z' });
    expect(backwards.status).to.equal(400);
    expect(backwards.body.field).to.equal('endedAt');
  });

  it('given chat sessions (one twice), then each session counts once and an agent message in one is the first response', async () => {
    const ticketId = await newTicket(env.svc);
    await work(env.svc, ticketId, 'chats', { sessionId: 's-1', startedAt: '2027-03-05T12:00:00Z' });
    await work(env.svc, ticketId, 'chats', { sessionId: 's-1', startedAt: '2027-03-05T12:00:00Z' });
    const answered = await work(env.svc, ticketId, 'chats', { sessionId: 's-2', startedAt: '2027-03-05T13:00:00Z', agentId: 'u-agent2', firstAgentMessageAt: '2027-03-05T13:02:00Z' });
    expect(answered.body.events).to.deep.equal(['ChatSessionRecorded', 'FirstResponseRecorded']);
    const got = (await getTicket(env.svc, ticketId)).body.ticket;
    expect(got.family.chatSessionIds).to.deep.equal(['s-1', 's-2']);
    expect(got.firstResponseAt).to.equal('2027-03-05T13:02:00.000Z');
    expect(got.involvedSources).to.include('liveChat');
  });

  it('given an email, a call and a chat message from before the ticket was created, then each is 400 naming its time and the ticket\'s creation, and no first response is recorded', async () => {
    const ticketId = await newTicket(env.svc);
    const early = '2020-01-01T00:00:00Z';
    const email = await work(env.svc, ticketId, 'emails', { messageId: 'early', threadId: 'th', emailClient: 'gmail', from: 'ben@acme.example', to: ['kim@example.com'], sentAt: early });
    const call = await work(env.svc, ticketId, 'calls', { callId: 'early', direction: 'outgoing', startedAt: early, agentId: 'u-agent' });
    const chat = await work(env.svc, ticketId, 'chats', { sessionId: 'early', startedAt: '2030-01-01T00:00:00Z', agentId: 'u-agent', firstAgentMessageAt: early });
    expect([email, call, chat].map((r) => [r.status, r.body.field])).to.deep.equal([[400, 'sentAt'], [400, 'startedAt'], [400, 'firstAgentMessageAt']]);
    expect(call.body.message).to.match(/^startedAt 2020-01-01T00:00:00\.000Z is before the ticket was created \(/);
    expect((await getTicket(env.svc, ticketId)).body.ticket.firstResponseAt).to.equal(null);
  });
});
