import { expect } from 'chai';
import { EmbeddedReadStore } from '@support/adapters';
import { Position, TICKETS_COLLECTION } from '@support/domain';
import { applyProjectionWrites, declareIndexes, ticketsProjection } from '@support/projectors';
import { useTicketService } from '../create/support/ticket-service';
import { TestService } from '../../support/test-service';
import { newTicket, work } from './support';

/**
 * Replays the whole log into a fresh read store through the tickets projection, as a rebuild does;
 * in replay mode (a start far behind the log) with the indexes the projection does not read deferred and built at the end.
 */
const rebuild = async (svc: TestService, replayMode = false): Promise<EmbeddedReadStore> => {
  const store = new EmbeddedReadStore();
  await declareIndexes(ticketsProjection, store);
  if (replayMode) store.deferIndexes((_, name) => (ticketsProjection.replayIndexes ?? []).includes(name));
  const head = (await svc.deps.eventStore.headPosition()) as Position;
  const subscription = svc.deps.eventStore.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: ticketsProjection.streamNamePrefixes });
  for await (const event of subscription) {
    await applyProjectionWrites(store, event, await ticketsProjection.project(event, store));
    if (event.position.commit >= head.commit) break;
  }
  await subscription.unsubscribe();
  if (replayMode) store.buildDeferredIndexes();
  return store;
};

const allTickets = (store: { collection: EmbeddedReadStore['collection'] }) => store.collection(TICKETS_COLLECTION).find({}, { sort: { _id: 1 } }).toArray();

describe('working tickets: the read model rebuilt from the log', () => {
  const env = useTicketService();

  it('given tickets worked through every lifecycle command, when the read model is dropped and the log replayed, then every document is identical to the live one', async () => {
    // given: a family worked through every command
    const rootId = await newTicket(env.svc, { fastResponse: false, taskName: 'Refund Request', skipExecuteAction: true });
    await work(env.svc, rootId, 'assign', { agentId: 'u-agent' });
    await work(env.svc, rootId, 'emails', { messageId: 'r-1', threadId: 'rt', emailClient: 'gmail', from: 'kim@example.com', to: ['support@acme.example'], sentAt: '2027-01-01T10:00:00Z' });
    await work(env.svc, rootId, 'emails', { messageId: 'r-2', threadId: 'rt', emailClient: 'gmail', from: 'support@acme.example', to: ['kim@example.com'], sentAt: '2027-01-01T10:30:00Z' });
    await work(env.svc, rootId, 'calls', { callId: 'rc', direction: 'incoming', startedAt: '2027-01-01T11:00:00Z', endedAt: '2027-01-01T11:05:00Z', agentId: 'u-agent' });
    await work(env.svc, rootId, 'calls/rc/evaluation', { outcome: 'resolved_on_call', reason: 'confirmed', evaluatedAt: '2027-01-01T11:06:00Z' });
    await work(env.svc, rootId, 'chats', { sessionId: 'rs', startedAt: '2027-01-01T12:00:00Z', agentId: 'u-agent2', firstAgentMessageAt: '2027-01-01T12:01:00Z' });
    const childId = (await work(env.svc, rootId, 'children', { kind: 'child', childTicketParam: 'courier', query: 'Pick up the parcel' })).body.ticketId;
    const interactionId = (await work(env.svc, rootId, 'children', { kind: 'interaction', query: 'Any update?' })).body.ticketId;
    await work(env.svc, interactionId, 'emails', { messageId: 'r-3', threadId: 'rt2', emailClient: 'outlook', from: 'kim@example.com', to: ['help@acme.example'], sentAt: '2027-01-02T09:00:00Z' });
    await work(env.svc, childId, 'status', { status: 'resolved_by_agent' });
    await work(env.svc, rootId, 'disposition', { category: 'Refunds', subcategory: 'Damaged', fields: { 'Refund Reason': 'Cracked' } });
    await work(env.svc, rootId, 'sentiments', { sentiment: 'positive' });
    await work(env.svc, rootId, 'status', { status: 'resolved' });
    await work(env.svc, rootId, 'csat', { event: 'sent', at: '2027-01-03T09:00:00Z' });
    await work(env.svc, rootId, 'csat', { event: 'submitted', rating: 5, comment: 'Great', at: '2027-01-03T10:00:00Z' });
    await work(env.svc, rootId, 'unassign');
    // when
    const rebuilt = await rebuild(env.svc);
    // then
    const live = await allTickets(env.svc.deps.readStore);
    expect(live.length).to.be.greaterThan(2);
    expect(await allTickets(rebuilt)).to.deep.equal(live);
    const replayed = await rebuild(env.svc, true);
    expect(await allTickets(replayed)).to.deep.equal(live);
    const byStatus = (store: { collection: EmbeddedReadStore['collection'] }) =>
      store.collection(TICKETS_COLLECTION).find({ accountId: 'acme', status: { $in: ['open', 'resolved'] } }, { sort: { createdAt: -1, _id: -1 } }).toArray();
    expect(await byStatus(replayed)).to.deep.equal(await byStatus(env.svc.deps.readStore));
    const root = live.find((d) => d._id === rootId) as Record<string, any>;
    expect(root.family.childTickets).to.equal(1);
    expect(root.voiceFcr.laterInboundContact).to.equal(true);
  });
});
