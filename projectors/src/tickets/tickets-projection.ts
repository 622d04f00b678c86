import {
  CUSTOMER_STREAM_PREFIX, CustomerEvent, ReadStore, RecordedEvent, TICKET_STREAM_PREFIX, TicketDocument, TicketEvent,
  TICKETS_COLLECTION, TICKETS_PROJECTION,
} from '@support/domain';
import { ProjectionDefinition, ProjectionWrite } from '../runtime';
import { loadTicketCustomer } from './customer-lookup';
import { customerContactAdded, customerCreated, customerDetailsAdded, CustomerTicket } from './customer-writes';
import { TICKET_INDEXES } from './ticket-indexes';
import { taskEvaluated, ticketCreated, ticketQueryProcessed } from './ticket-writes';

const ticketsOf = (store: ReadStore, accountId: string, customerId: string): Promise<CustomerTicket[]> =>
  store
    .collection<TicketDocument>(TICKETS_COLLECTION)
    .find({ accountId, customerId }, { projection: { _id: 1, summary: 1, orderName: 1, ticketName: 1, ticketNumber: 1 } })
    .toArray();

const project = async (event: RecordedEvent, store: ReadStore): Promise<readonly ProjectionWrite[]> => {
  const e = { type: event.type, data: event.data } as TicketEvent | CustomerEvent;
  switch (e.type) {
    case 'TicketCreated':
      return [ticketCreated(e.data, await loadTicketCustomer(store, e.data.customerId))];
    case 'TaskEvaluated':
      return [taskEvaluated(e.data)];
    case 'TicketQueryProcessed':
      return ticketQueryProcessed(e.data, await store.collection<TicketDocument>(TICKETS_COLLECTION).findOne({ _id: e.data.ticketId }));
    case 'CustomerCreated':
      return customerCreated(e.data, await ticketsOf(store, e.data.accountId, e.data.customerId));
    case 'CustomerContactAdded':
      return customerContactAdded(e.data, await loadTicketCustomer(store, e.data.customerId), await ticketsOf(store, e.data.accountId, e.data.customerId));
    case 'CustomerDetailsAdded':
      return customerDetailsAdded(e.data, await loadTicketCustomer(store, e.data.customerId), await ticketsOf(store, e.data.accountId, e.data.customerId));
    default:
      return [];
  }
};

/**
 * The ticket read model that the list (and the export) query: one document per ticket in
 * "tickets", with its customer's name, phones and emails denormalized for search and phoneNumber.
 * Idempotent by the runtime's position guard; rebuilt from the log by replaying these streams.
 */
export const ticketsProjection: ProjectionDefinition = {
  name: TICKETS_PROJECTION,
  streamNamePrefixes: [TICKET_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX],
  indexes: TICKET_INDEXES,
  project,
};
