import { expect } from 'chai';
import { TicketDocument } from '@support/domain';
import { queryStoreWith } from './query-store';
import { aTicket } from './ticket-documents';

/** Given these tickets, when filtering, then exactly the expected ones match (order-insensitive). */
const matching = async (docs: TicketDocument[], filters: Parameters<Awaited<ReturnType<typeof queryStoreWith>>['ids']>[0]) => {
  const store = await queryStoreWith(docs);
  return (await store.ids(filters)).sort();
};

describe('ticket list filters (compiled once, run by the embedded read store)', () => {
  it('never returns another account\'s tickets, whatever the filters', async () => {
    // given
    const mine = aTicket({ summary: 'refund please' });
    const theirs = aTicket({ accountId: 'globex', summary: 'refund please' });
    // when
    const all = await matching([mine, theirs], {});
    const searched = await matching([mine, theirs], { search: 'refund', statuses: ['open'] });
    // then
    expect(all).to.deep.equal([mine._id]);
    expect(searched).to.deep.equal([mine._id]);
  });

  it('startDate keeps tickets on or after it, by the timestampKey column', async () => {
    const before = aTicket({ createdAt: '2026-03-01T09:59:59.999Z' });
    const at = aTicket({ createdAt: '2026-03-01T10:00:00.000Z' });
    const after = aTicket({ createdAt: '2026-03-02T00:00:00.000Z' });
    expect(await matching([before, at, after], { startDate: '2026-03-01T10:00:00Z' })).to.deep.equal([at._id, after._id].sort());
  });

  it('endDate keeps tickets on or before it', async () => {
    const at = aTicket({ createdAt: '2026-03-01T10:00:00.000Z' });
    const after = aTicket({ createdAt: '2026-03-01T10:00:00.001Z' });
    expect(await matching([at, after], { endDate: '2026-03-01T10:00:00Z' })).to.deep.equal([at._id]);
  });

  it('reads dates with an offset in UTC, and a date alone as the whole day for endDate', async () => {
    const morning = aTicket({ createdAt: '2026-03-01T04:30:00.000Z' });
    const lateNight = aTicket({ createdAt: '2026-03-31T23:59:59.000Z' });
    const nextMonth = aTicket({ createdAt: '2026-04-01T00:00:00.000Z' });
    expect(await matching([morning, lateNight, nextMonth], { startDate: '2026-03-01T10:00:00+05:30', endDate: '2026-03-31' })).to.deep.equal(
      [morning._id, lateNight._id].sort(),
    );
  });

  it('filters dates by updatedAt, resolvedAt, executedAt or assignedAt when timestampKey says so', async () => {
    const old = '2026-01-01T00:00:00.000Z';
    const recent = '2026-06-01T00:00:00.000Z';
    for (const key of ['updatedAt', 'resolvedAt', 'executedAt', 'assignedAt'] as const) {
      const inRange = aTicket({ createdAt: old, [key]: recent });
      const outOfRange = aTicket({ createdAt: recent, [key]: old });
      const without = aTicket({ createdAt: recent, ...(key === 'updatedAt' ? {} : { [key]: null }) });
      const found = await matching([inRange, outOfRange, without], { timestampKey: key, startDate: '2026-05-01T00:00:00Z' });
      expect(found, key).to.include(inRange._id).and.not.include(outOfRange._id);
      if (key !== 'updatedAt') expect(found, key).to.deep.equal([inRange._id]);
    }
  });

  it('ignoreDateRange with assigned or queued statuses skips the date filters', async () => {
    const oldAssigned = aTicket({ status: 'assigned', createdAt: '2025-01-01T00:00:00.000Z' });
    const newQueued = aTicket({ status: 'queued', createdAt: '2026-03-01T00:00:00.000Z' });
    const oldOpen = aTicket({ status: 'open', createdAt: '2025-01-01T00:00:00.000Z' });
    const filters = { statuses: ['assigned', 'queued'], startDate: '2026-01-01T00:00:00Z', endDate: '2026-12-31T00:00:00Z' };
    expect(await matching([oldAssigned, newQueued, oldOpen], filters)).to.deep.equal([newQueued._id]);
    expect(await matching([oldAssigned, newQueued, oldOpen], { ...filters, ignoreDateRange: true })).to.deep.equal([oldAssigned._id, newQueued._id].sort());
  });

  it('statuses matches any of the listed statuses', async () => {
    const open = aTicket({ status: 'open' });
    const resolved = aTicket({ status: 'resolved_by_ai' });
    const closed = aTicket({ status: 'closed' });
    expect(await matching([open, resolved, closed], { statuses: ['open', 'resolved_by_ai'] })).to.deep.equal([open._id, resolved._id].sort());
  });

  it('an empty statuses list does not filter', async () => {
    const open = aTicket({ status: 'open' });
    const closed = aTicket({ status: 'closed' });
    expect(await matching([open, closed], { statuses: [] })).to.have.length(2);
  });

  it('excludeInProgress drops in_progress tickets, alone and with statuses', async () => {
    const open = aTicket({ status: 'open' });
    const working = aTicket({ status: 'in_progress' });
    expect(await matching([open, working], { excludeInProgress: true })).to.deep.equal([open._id]);
    expect(await matching([open, working], { excludeInProgress: true, statuses: ['open', 'in_progress'] })).to.deep.equal([open._id]);
    expect(await matching([open, working], { excludeInProgress: false })).to.have.length(2);
  });

  it('agentId matches the assigned agent', async () => {
    const ben = aTicket({ assignedToId: 'u-agent', status: 'assigned' });
    const chen = aTicket({ assignedToId: 'u-agent2', status: 'assigned' });
    const none = aTicket();
    expect(await matching([ben, chen, none], { agentId: 'u-agent' })).to.deep.equal([ben._id]);
  });

  it('involvedAgentId matches tickets the agent took part in', async () => {
    const both = aTicket({ involvedAgentIds: ['u-agent', 'u-agent2'] });
    const other = aTicket({ involvedAgentIds: ['u-agent2'] });
    const none = aTicket();
    expect(await matching([both, other, none], { involvedAgentId: 'u-agent' })).to.deep.equal([both._id]);
  });

  it('agentInvolvement only_ai keeps tickets no human agent took part in; agents_involved the others', async () => {
    const aiEmpty = aTicket({ involvedAgentIds: [] });
    const aiMissing = aTicket();
    delete (aiMissing as { involvedAgentIds?: unknown }).involvedAgentIds;
    const human = aTicket({ involvedAgentIds: ['u-agent'] });
    expect(await matching([aiEmpty, aiMissing, human], { agentInvolvement: 'only_ai' })).to.deep.equal([aiEmpty._id, aiMissing._id].sort());
    expect(await matching([aiEmpty, aiMissing, human], { agentInvolvement: 'agents_involved' })).to.deep.equal([human._id]);
  });

  it('unassigned keeps tickets without an assigned agent (null or absent)', async () => {
    const assigned = aTicket({ assignedToId: 'u-agent' });
    const nullAgent = aTicket({ assignedToId: null });
    const absent = aTicket();
    delete (absent as { assignedToId?: unknown }).assignedToId;
    expect(await matching([assigned, nullAgent, absent], { unassigned: true })).to.deep.equal([nullAgent._id, absent._id].sort());
    expect(await matching([assigned, nullAgent, absent], { unassigned: false })).to.have.length(3);
  });

  it('createdByUserId matches the creating user', async () => {
    const admin = aTicket({ createdByUserId: 'u-admin' });
    const agent = aTicket({ createdByUserId: 'u-agent' });
    expect(await matching([admin, agent], { createdByUserId: 'u-agent' })).to.deep.equal([agent._id]);
  });

  it('taskIds matches tickets on any of those tasks', async () => {
    const refund = aTicket({ taskId: 'task-refund' });
    const cancelled = aTicket({ taskId: 'task-cancelled' });
    const none = aTicket({ taskId: null });
    expect(await matching([refund, cancelled, none], { taskIds: ['task-refund'] })).to.deep.equal([refund._id]);
  });

  it('noTaskIds keeps tickets without a task; with taskIds it adds them to those tasks', async () => {
    const refund = aTicket({ taskId: 'task-refund' });
    const cancelled = aTicket({ taskId: 'task-cancelled' });
    const none = aTicket({ taskId: null });
    expect(await matching([refund, cancelled, none], { noTaskIds: true })).to.deep.equal([none._id]);
    expect(await matching([refund, cancelled, none], { noTaskIds: true, taskIds: ['task-refund'] })).to.deep.equal([refund._id, none._id].sort());
  });

  it('taskTeamIds matches tickets whose task belongs to any of those teams', async () => {
    const care = aTicket({ taskId: 'task-refund', taskTeamId: 'team-care' });
    const sales = aTicket({ taskId: 'task-upsell', taskTeamId: 'team-sales' });
    const none = aTicket();
    expect(await matching([care, sales, none], { taskTeamIds: ['team-care'] })).to.deep.equal([care._id]);
  });

  it('search finds a case-insensitive substring of summary, order name, ticket name, number, customer name, email or phone', async () => {
    const bySummary = aTicket({ summary: 'Wants a REFUND for the blue kettle' });
    const byOrder = aTicket({ orderName: '#AC-7781' });
    const byName = aTicket({ ticketName: 'Damaged parcel' });
    const byNumber = aTicket({ ticketNumber: 424242 });
    const byCustomer = aTicket({ customerName: 'Priya Sharma' });
    const byEmail = aTicket({ customerEmails: ['priya.s@example.com'] });
    const byPhone = aTicket({ customerPhones: ['+919876543210'] });
    const docs = [bySummary, byOrder, byName, byNumber, byCustomer, byEmail, byPhone];
    expect(await matching(docs, { search: 'refund' })).to.deep.equal([bySummary._id]);
    expect(await matching(docs, { search: 'ac-77' })).to.deep.equal([byOrder._id]);
    expect(await matching(docs, { search: 'DAMAGED' })).to.deep.equal([byName._id]);
    expect(await matching(docs, { search: '4242' })).to.deep.equal([byNumber._id]);
    expect(await matching(docs, { search: 'sharma' })).to.deep.equal([byCustomer._id]);
    expect(await matching(docs, { search: 'PRIYA.S@' })).to.deep.equal([byEmail._id]);
    expect(await matching(docs, { search: '98765' })).to.deep.equal([byPhone._id]);
    expect(await matching(docs, { search: '98765 43210' })).to.deep.equal([byPhone._id]);
    expect(await matching(docs, { search: '   ' })).to.have.length(docs.length);
  });

  it('search treats regular-expression characters literally', async () => {
    const literal = aTicket({ summary: 'price (USD) is $5.00?' });
    const other = aTicket({ summary: 'price USD is 5400' });
    expect(await matching([literal, other], { search: '(usd) is $5.00?' })).to.deep.equal([literal._id]);
    expect(await matching([literal, other], { search: '.*' })).to.deep.equal([]);
    expect(await matching([literal, other], { search: '5.0' })).to.deep.equal([literal._id]);
  });

  it('search does not match across two fields', async () => {
    const t = aTicket({ summary: 'late', orderName: 'delivery' });
    expect(await matching([t], { search: 'latedelivery' })).to.deep.equal([]);
    expect(await matching([t], { search: 'late delivery' })).to.deep.equal([]);
  });

  it('phoneNumber matches the customer phone after normalizing each comma-separated value', async () => {
    const india = aTicket({ customerPhones: ['+919876543210'] });
    const us = aTicket({ customerPhones: ['+14155550123'] });
    const second = aTicket({ customerPhones: ['+447700900123', '+919812345678'] });
    const none = aTicket();
    const docs = [india, us, second, none];
    expect(await matching(docs, { phoneNumber: '+91 98765-43210' })).to.deep.equal([india._id]);
    expect(await matching(docs, { phoneNumber: '98765 43210' })).to.deep.equal([india._id]);
    expect(await matching(docs, { phoneNumber: '+1 (415) 555-0123, 09812345678' })).to.deep.equal([us._id, second._id].sort());
  });

  it('orderName matches any of the comma-separated order names exactly', async () => {
    const a = aTicket({ orderName: '#1001' });
    const b = aTicket({ orderName: '#1002' });
    const c = aTicket({ orderName: '#10011' });
    expect(await matching([a, b, c], { orderName: '#1001 , #1002' })).to.deep.equal([a._id, b._id].sort());
  });

  it('ticketNumber matches exact ticket numbers or names, comma-separated', async () => {
    const n1 = aTicket({ ticketNumber: 5001 });
    const n2 = aTicket({ ticketNumber: 5002 });
    const n3 = aTicket({ ticketNumber: 50011 });
    const named = aTicket({ ticketNumber: 5003, ticketName: 'Damaged parcel' });
    const textual = aTicket({ ticketNumber: 'T-77' });
    const docs = [n1, n2, n3, named, textual];
    expect(await matching(docs, { ticketNumber: '5001' })).to.deep.equal([n1._id]);
    expect(await matching(docs, { ticketNumber: '#05001' })).to.deep.equal([n1._id]);
    expect(await matching(docs, { ticketNumber: '#5002, Damaged parcel,T-77' })).to.deep.equal([n2._id, named._id, textual._id].sort());
    expect(await matching(docs, { ticketNumber: 'damaged parcel' })).to.deep.equal([]);
  });

  it('source matches built-in sources in any casing, and a label as source manual with that label', async () => {
    const chat = aTicket({ source: 'chatapp' });
    const live = aTicket({ source: 'liveChat' });
    const walkIn = aTicket({ source: 'manual', manualSourceLabel: 'Walk-In' });
    const manual = aTicket({ source: 'manual', manualSourceLabel: null });
    const docs = [chat, live, walkIn, manual];
    expect(await matching(docs, { source: 'LIVECHAT' })).to.deep.equal([live._id]);
    expect(await matching(docs, { source: 'manual' })).to.deep.equal([walkIn._id, manual._id].sort());
    expect(await matching(docs, { source: 'walk-in' })).to.deep.equal([walkIn._id]);
  });

  it('manualSourceLabel matches exactly and implies source manual', async () => {
    const walkIn = aTicket({ source: 'manual', manualSourceLabel: 'Walk-In' });
    const desk = aTicket({ source: 'manual', manualSourceLabel: 'Phone Desk' });
    const oddChat = aTicket({ source: 'chatapp', manualSourceLabel: 'Walk-In' });
    const docs = [walkIn, desk, oddChat];
    expect(await matching(docs, { manualSourceLabel: 'Walk-In' })).to.deep.equal([walkIn._id]);
    expect(await matching(docs, { manualSourceLabel: 'walk-in' })).to.deep.equal([]);
    expect(await matching(docs, { manualSourceLabel: 'Walk-In', source: 'chatapp' })).to.deep.equal([oddChat._id]);
  });

  it('category and subcategory match the disposition exactly', async () => {
    const billing = aTicket({ category: 'Billing', subcategory: 'Refund' });
    const billingOther = aTicket({ category: 'Billing', subcategory: 'Invoice' });
    const shipping = aTicket({ category: 'Shipping', subcategory: 'Refund' });
    const docs = [billing, billingOther, shipping];
    expect(await matching(docs, { category: 'Billing' })).to.deep.equal([billing._id, billingOther._id].sort());
    expect(await matching(docs, { subcategory: 'Refund' })).to.deep.equal([billing._id, shipping._id].sort());
    expect(await matching(docs, { category: 'Billing', subcategory: 'Refund' })).to.deep.equal([billing._id]);
  });

  it('sentiments matches any listed sentiment', async () => {
    const pos = aTicket({ sentiment: 'positive' });
    const neg = aTicket({ sentiment: 'negative' });
    const unknown = aTicket({ sentiment: null });
    expect(await matching([pos, neg, unknown], { sentiments: ['negative', 'neutral'] })).to.deep.equal([neg._id]);
  });

  it('excludeChildTickets leaves out tickets with a parent; parentTicketId keeps the children of one parent', async () => {
    const parent = aTicket();
    const child = aTicket({ parentTicketId: parent._id });
    const otherChild = aTicket({ parentTicketId: 'somebody-else' });
    const docs = [parent, child, otherChild];
    expect(await matching(docs, { excludeChildTickets: true })).to.deep.equal([parent._id]);
    expect(await matching(docs, { parentTicketId: parent._id })).to.deep.equal([child._id]);
  });

  it('combines every filter with AND', async () => {
    const hit = aTicket({ status: 'assigned', assignedToId: 'u-agent', taskId: 'task-refund', source: 'email', summary: 'refund', sentiment: 'negative' });
    const wrongStatus = aTicket({ ...hit, _id: 'x-1', status: 'open' });
    const wrongTask = aTicket({ ...hit, _id: 'x-2', taskId: 'task-cancelled' });
    const wrongSearch = aTicket({ ...hit, _id: 'x-3', summary: 'exchange' });
    const filters = { statuses: ['assigned'], agentId: 'u-agent', taskIds: ['task-refund'], source: 'email', search: 'refund', sentiments: ['negative'] };
    expect(await matching([hit, wrongStatus, wrongTask, wrongSearch], filters)).to.deep.equal([hit._id]);
  });
});
