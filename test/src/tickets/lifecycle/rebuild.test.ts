import { expect } from 'chai';
import { ERASED_TEXT, Position, ReadModels, RECORDS_COLLECTION, TicketDocument, TICKETS_COLLECTION } from '@support/domain';
import { ProjectionDefinition, projectionSubscriber, readModelShapes, recordsProjection, ticketsProjection } from '@support/projectors';
import { useTicketService } from '../create/support/ticket-service';
import { tempSqliteReadModels } from '../../support/sqlite-read-models';
import { TestService } from '../../support/test-service';
import { newTicket, work } from './support';
import { eventually } from '../../support/eventually';

/** Replays the whole log into fresh read models through a projection (the tickets'), as a rebuild does, in batches of `batch` events. */
const rebuild = async (svc: TestService, batch: number, projection: ProjectionDefinition = ticketsProjection): Promise<ReadModels> => {
  const readModels = tempSqliteReadModels();
  await readModels.declare(readModelShapes([projection]));
  const subscriber = projectionSubscriber(projection, readModels);
  const head = (await svc.deps.eventStore.headPosition()) as Position;
  const subscription = svc.deps.eventStore.subscribeToAll({ fromPosition: 'start', streamNamePrefixes: projection.streamNamePrefixes });
  let pending = [];
  for await (const event of subscription) {
    pending.push(event);
    const last = event.position.commit >= head.commit;
    if (pending.length >= batch || last) {
      await subscriber.handleBatchUpTo!(pending, event.position);
      pending = [];
    }
    if (last) break;
  }
  await subscription.unsubscribe();
  return readModels;
};

const all = (collection: string) => (readModels: ReadModels) => readModels.find<Record<string, unknown> & { _id: string }>(collection, { where: {}, sort: { _id: 1 } });
const allTickets = all(TICKETS_COLLECTION);
const allRecords = all(RECORDS_COLLECTION);

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
    // and two tickets merged into the root, one with a child that gets an email after the merge (docs/api/merge-and-split.md)
    const chatId = await newTicket(env.svc, { source: 'liveChat' });
    await work(env.svc, chatId, 'chats', { sessionId: 'rs-merged', startedAt: '2027-01-04T09:00:00Z' });
    const phoneId = await newTicket(env.svc, { source: 'voiceCall' });
    const phoneChildId = (await work(env.svc, phoneId, 'children', { kind: 'child', query: 'Courier' })).body.ticketId;
    expect((await env.svc.api('POST', `/apis/tickets/${rootId}/merge`, { token: 'acme-admin-token-0001', body: { sourceTicketIds: [chatId, phoneId] } })).status).to.equal(200);
    await work(env.svc, phoneChildId, 'emails', { messageId: 'r-4', threadId: 'rt3', emailClient: 'gmail', from: 'kim@example.com', to: ['help@acme.example'], sentAt: '2027-01-04T10:00:00Z' });
    // and the first chat split off to a new ticket
    const splitId = (await work(env.svc, rootId, 'split', { interactionIds: ['rs'] })).body.ticketId;
    // and a ticket that waited on the customer (its resolution targets paused, then resumed: docs/api/sla.md)
    const waitedId = await newTicket(env.svc, { source: 'email' });
    await work(env.svc, waitedId, 'status', { status: 'stale' });
    await work(env.svc, waitedId, 'status', { status: 'open' });
    await work(env.svc, waitedId, 'status', { status: 'stale_marked_automatically' });
    const waited = await env.svc.deps.readModels.get<TicketDocument>(TICKETS_COLLECTION, waitedId);
    expect(waited?.slaTargets?.filter((t) => t.pausedAt !== undefined).map((t) => t.metric)).to.deep.equal(['resolution', 'resolution']);
    // when
    const rebuilt = await rebuild(env.svc, 1);
    // then
    const live = await allTickets(env.svc.deps.readModels);
    expect(live.length).to.be.greaterThan(2);
    expect(await allTickets(rebuilt)).to.deep.equal(live);
    const inLargeBatches = await rebuild(env.svc, 1_000);
    expect(await allTickets(inLargeBatches)).to.deep.equal(live);
    const open = { accountId: 'acme', timestampKey: 'createdAt', sortOrder: 'desc', statuses: ['open', 'resolved'] } as const;
    expect(await inLargeBatches.tickets.page(open, 1, 250, ['status'])).to.deep.equal(await env.svc.deps.readModels.tickets.page(open, 1, 250, ['status']));
    const root = live.find((d) => d._id === rootId) as Record<string, any>;
    expect(root.family.childTickets).to.equal(2);
    expect(root.family.chatSessionIds).to.deep.equal(['rs-merged']);
    expect((live.find((d) => d._id === splitId) as Record<string, any>).family.chatSessionIds).to.deep.equal(['rs']);
    expect(root.family.customerEmailMessageIds).to.include('r-4');
    expect(root.mergedTicketIds).to.have.members([chatId, phoneId]);
    expect(root.voiceFcr.laterInboundContact).to.equal(true);
  });

  it('given a customer erased (a worked ticket on a task, a linked record), when the read models are dropped and the log replayed, then every ticket and record document is identical to the live one (docs/api/erasure.md)', async () => {
    // given
    const phone = '+14155550166';
    const ticketId = await newTicket(env.svc, {
      customer: { name: 'Erin Erasable', phone, email: 'erin.erasable@example.org' }, subject: 'Dented kettle', orderName: '#E-1',
      taskName: 'Refund Request', skipExecuteAction: true, fastResponse: false,
    });
    await work(env.svc, ticketId, 'emails', { messageId: 'e-1', threadId: 'et', emailClient: 'gmail', from: 'erin.erasable@example.org', to: ['support@acme.example'], sentAt: '2027-02-01T10:00:00Z' });
    await work(env.svc, ticketId, 'disposition', { category: 'Refunds', subcategory: 'Damaged', fields: { 'Refund Reason': 'Dented' } });
    await work(env.svc, ticketId, 'status', { status: 'resolved' });
    await work(env.svc, ticketId, 'csat', { event: 'submitted', rating: 4, comment: 'Erin was happy', at: '2027-02-02T10:00:00Z' });
    const record = await env.svc.api('POST', '/apis/resources/records/insert', { token: 'acme-admin-token-0001', body: { objectId: 'obj-inventory', data: { sku: 'ERIN-1', customerPhone: phone } } });
    const customerId = record.body.record.customerId as string;
    expect(customerId).to.be.a('string');
    // when erased, and the read models have applied it
    expect((await env.svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: 'acme-admin-token-0001' })).status).to.equal(202);
    await eventually(async () => (await env.svc.deps.readModels.get<TicketDocument>(TICKETS_COLLECTION, ticketId))?.subject === ERASED_TEXT, 'the ticket is erased', 30_000);
    await eventually(async () => (await allRecords(env.svc.deps.readModels)).every((r) => r.customerId !== customerId || Object.keys(r.data as object).length === 0), 'the record is erased');
    // then
    const live = await allTickets(env.svc.deps.readModels);
    expect(await allTickets(await rebuild(env.svc, 1))).to.deep.equal(live);
    expect(await allTickets(await rebuild(env.svc, 1_000))).to.deep.equal(live);
    expect(await allRecords(await rebuild(env.svc, 1_000, recordsProjection))).to.deep.equal(await allRecords(env.svc.deps.readModels));
    const erased = live.find((d) => d._id === ticketId) as Record<string, any>;
    expect(erased).to.deep.include({ subject: ERASED_TEXT, customerName: null, customerPhones: [], dispositions: {}, status: 'resolved' });
    expect(erased.csat).to.deep.equal({ rating: 4, comment: ERASED_TEXT });
  });
});
