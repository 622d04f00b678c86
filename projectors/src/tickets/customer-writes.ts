import { CustomerContactAddedData, CustomerCreatedData, CustomerDetailsAddedData, DocumentWrite, TicketDocument, ticketSearchText } from '@support/domain';
import { TICKET_CUSTOMERS_COLLECTION, TicketCustomer, union } from './customer-lookup';
import { customerFields, KnownCustomer, ticketWrite } from './ticket-writes';

/** What a customer change needs of each of the customer's tickets. */
export type CustomerTicket = Pick<TicketDocument, '_id' | 'summary' | 'orderName' | 'ticketName' | 'ticketNumber'>;

/** The customer's new state, and their fields and search text on each of their tickets. */
const customerChanged = (customerId: string, accountId: string, next: KnownCustomer, tickets: readonly CustomerTicket[]): readonly DocumentWrite[] => [
  { collection: TICKET_CUSTOMERS_COLLECTION, id: customerId, set: { accountId, name: next.name, phones: next.phones, emails: next.emails }, upsert: true },
  ...tickets.map((t) => ticketWrite(t._id, { ...customerFields(next), searchText: ticketSearchText(t, next) })),
];

const EMPTY: KnownCustomer = { name: null, phones: [], emails: [] };

export const customerCreated = (d: CustomerCreatedData, tickets: readonly CustomerTicket[]): readonly DocumentWrite[] =>
  customerChanged(d.customerId, d.accountId, { name: d.name, phones: union([d.phone]), emails: union([d.email]) }, tickets);

export const customerContactAdded = (d: CustomerContactAddedData, known: TicketCustomer | null, tickets: readonly CustomerTicket[]): readonly DocumentWrite[] => {
  const k = known ?? EMPTY;
  return customerChanged(d.customerId, d.accountId, {
    name: k.name,
    phones: d.kind === 'phone' ? union(k.phones, [d.value]) : k.phones,
    emails: d.kind === 'email' ? union(k.emails, [d.value]) : k.emails,
  }, tickets);
};

export const customerDetailsAdded = (d: CustomerDetailsAddedData, known: TicketCustomer | null, tickets: readonly CustomerTicket[]): readonly DocumentWrite[] => {
  if (d.name === undefined) return [];
  return customerChanged(d.customerId, d.accountId, { ...(known ?? EMPTY), name: d.name }, tickets);
};
