import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  CustomerEvent, ReadModels, ticketCriteria, customerStream, RecordedEvent, TicketCreatedData, TicketDocument, TicketEvent, TICKETS_COLLECTION,
  ticketStream, toTicketListItem,
} from '@support/domain';
import { projectionSubscriber, readModelShapes, ticketsProjection } from '@support/projectors';
import { tempSqliteReadModels } from '../../support/sqlite-read-models';
import { ACME_SCOPE } from './query-store';

let position = 0n;
const recorded = (streamName: string, e: TicketEvent | CustomerEvent): RecordedEvent => {
  position += 1n;
  return {
    id: `e-${position}`, type: e.type, data: e.data, metadata: { version: 1, accountId: 'acme' }, streamName, revision: 0n,
    position: { commit: position, prepare: position }, created: new Date(),
  };
};

const ticketCreated = (over: Partial<TicketCreatedData> = {}): TicketCreatedData => ({
  ticketId: 'tk-1', accountId: 'acme', ticketNumber: 1001, status: 'open', subject: 'Broken kettle', query: 'It leaks',
  summary: null, sentiment: null, textProcessing: 'pending', orderName: '#1001', source: 'manual', manualSourceLabel: 'Walk-In',
  customerId: 'cu-1', customer: { name: 'Priya Sharma', phone: '+919876543210', email: null }, taskId: 'task-refund', teamId: 'team-care',
  requestedTaskId: 'task-refund', createdByUserId: 'u-admin', createdByTokenId: 'tok-admin', createdAt: '2026-03-01T10:00:00.000Z',
  payload: null, payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [], parentTicketId: null, forced: false,
  ...over,
});

const history = (): RecordedEvent[] => [
  recorded(customerStream('cu-1'), {
    type: 'CustomerCreated',
    data: { customerId: 'cu-1', accountId: 'acme', name: 'Priya Sharma', phone: '+919876543210', email: null, storefrontCustomerId: null, createdAt: '2026-03-01T10:00:00.000Z' },
  }),
  recorded(ticketStream('tk-1'), { type: 'TicketCreated', data: ticketCreated() }),
  recorded(ticketStream('tk-1'), {
    type: 'TaskEvaluated',
    data: {
      ticketId: 'tk-1', accountId: 'acme', requestedTaskId: 'task-refund', taskId: 'task-cancelled', teamId: 'team-care', evaluatedAt: '2026-03-01T10:00:01.000Z',
      steps: [], transitions: [], cycleStopped: null, overriddenDataPoints: [], skipExecuteAction: true, objectives: {}, values: {},
    },
  }),
  recorded(customerStream('cu-1'), {
    type: 'CustomerContactAdded', data: { customerId: 'cu-1', accountId: 'acme', kind: 'email', value: 'priya@example.com', addedAt: '2026-03-02T00:00:00.000Z' },
  }),
  recorded(customerStream('cu-1'), {
    type: 'CustomerDetailsAdded', data: { customerId: 'cu-1', accountId: 'acme', name: 'Priya S. Rao', addedAt: '2026-03-02T00:00:00.000Z' },
  }),
  recorded(ticketStream('tk-1'), {
    type: 'TicketQueryProcessed',
    data: { ticketId: 'tk-1', accountId: 'acme', summary: 'Customer reports a leaking kettle', sentiment: 'negative', processor: 'test', processedAt: '2026-03-01T10:00:05.000Z' },
  }),
];

const project = async (store: ReadModels, events: readonly RecordedEvent[]) => {
  const subscriber = projectionSubscriber(ticketsProjection, store);
  for (const event of events) await subscriber.handleBatchUpTo!([event], event.position);
};

const freshStore = async (): Promise<ReadModels> => {
  const store = tempSqliteReadModels();
  await store.declare(readModelShapes([ticketsProjection]));
  return store;
};

const ticketDoc = (store: ReadModels) => store.get<TicketDocument>(TICKETS_COLLECTION, 'tk-1');

const idsMatching = async (store: ReadModels, filters: Parameters<typeof ticketCriteria>[1]) => {
  const c = ticketCriteria(ACME_SCOPE, filters);
  if (E.isLeft(c)) throw new Error(c.left.message);
  return (await store.tickets.page<TicketDocument>(c.right, 1, 250, [])).docs.map((d) => d._id);
};

describe('the "tickets" read model (projection)', () => {
  it('is named "tickets" and reads the ticket and customer streams', () => {
    expect(ticketsProjection.name).to.equal('tickets');
    expect(ticketsProjection.streamNamePrefixes).to.have.members(['ticket-', 'customer-']);
  });

  it('given a created ticket with its task evaluation, then the list item holds the docs/api/ticket-list.md fields', async () => {
    // given
    const store = await freshStore();
    // when
    await project(store, history().slice(0, 3));
    // then
    const doc = await ticketDoc(store);
    expect(toTicketListItem(doc!)).to.deep.equal({
      id: 'tk-1', ticketNumber: 1001, status: 'open', summary: null, orderName: '#1001', source: 'manual', manualSourceLabel: 'Walk-In',
      customerId: 'cu-1', createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:01.000Z', taskId: 'task-cancelled',
    });
    expect(doc).to.include({ taskTeamId: 'team-care', executedAt: '2026-03-01T10:00:01.000Z', createdByUserId: 'u-admin', customerName: 'Priya Sharma' });
    expect(doc!.customerPhones).to.deep.equal(['+919876543210']);
  });

  it('given later customer changes, then the ticket is found by the new email and name', async () => {
    const store = await freshStore();
    await project(store, history().slice(0, 5));
    expect(await idsMatching(store, { search: 'PRIYA@EXAMPLE' })).to.deep.equal(['tk-1']);
    expect(await idsMatching(store, { search: 's. rao' })).to.deep.equal(['tk-1']);
    expect(await idsMatching(store, { phoneNumber: '9876543210' })).to.deep.equal(['tk-1']);
  });

  it('given the processed text, then the summary is listed and searchable and updatedAt moves', async () => {
    const store = await freshStore();
    await project(store, history());
    const doc = await ticketDoc(store);
    expect(doc).to.include({ summary: 'Customer reports a leaking kettle', sentiment: 'negative', updatedAt: '2026-03-01T10:00:05.000Z' });
    expect(await idsMatching(store, { search: 'leaking' })).to.deep.equal(['tk-1']);
    expect(await idsMatching(store, { search: 'broken kettle' })).to.deep.equal(['tk-1']);
    expect(await idsMatching(store, { search: 's. rao' })).to.deep.equal(['tk-1']);
    expect(await idsMatching(store, { sentiments: ['negative'] })).to.deep.equal(['tk-1']);
  });

  it('given every event handled twice (a replay after a crash), then the documents are the same', async () => {
    const once = await freshStore();
    const twice = await freshStore();
    const events = history();
    await project(once, events);
    await project(twice, events);
    await project(twice, events);
    expect(await ticketDoc(twice)).to.deep.equal(await ticketDoc(once));
  });

  it('given a rebuild from the log (dropAll, replay), then the documents are the same', async () => {
    const store = await freshStore();
    const events = history();
    await project(store, events);
    const before = await ticketDoc(store);
    await store.dropAll();
    await project(store, events);
    expect(await ticketDoc(store)).to.deep.equal(before);
  });

  it('keeps no list-internal field in the list item', async () => {
    const store = await freshStore();
    await project(store, history());
    const item = toTicketListItem((await ticketDoc(store))!);
    for (const internal of ['_id', '_appliedPosition', 'accountId', 'searchText', 'ticketKeys', 'customerPhones']) expect(item).not.to.have.property(internal);
  });
});
