import { CustomerContactAddedData, CustomerCreatedData, CustomerDetailsAddedData, TICKETS_COLLECTION } from '@support/domain';
import { ProjectionWrite } from '../runtime';
import { TICKET_CUSTOMERS_COLLECTION, TicketCustomer, union } from './customer-lookup';
import { customerFields } from './ticket-writes';

type Known = Pick<TicketCustomer, 'name' | 'phones' | 'emails'>;

/** The customer's new state, and the same customer fields on every one of their tickets. */
const customerChanged = (customerId: string, accountId: string, next: Known): readonly ProjectionWrite[] => [
  {
    collection: TICKET_CUSTOMERS_COLLECTION,
    updateOne: { id: customerId, update: { $set: { accountId, name: next.name, phones: next.phones, emails: next.emails } }, upsert: true },
  },
  {
    collection: TICKETS_COLLECTION,
    updateMany: { filter: { accountId, customerId }, update: { $set: customerFields(next) } },
  },
];

const EMPTY: Known = { name: null, phones: [], emails: [] };

export const customerCreated = (d: CustomerCreatedData): readonly ProjectionWrite[] =>
  customerChanged(d.customerId, d.accountId, { name: d.name, phones: union([d.phone]), emails: union([d.email]) });

export const customerContactAdded = (d: CustomerContactAddedData, known: TicketCustomer | null): readonly ProjectionWrite[] => {
  const k = known ?? EMPTY;
  return customerChanged(d.customerId, d.accountId, {
    name: k.name,
    phones: d.kind === 'phone' ? union(k.phones, [d.value]) : k.phones,
    emails: d.kind === 'email' ? union(k.emails, [d.value]) : k.emails,
  });
};

export const customerDetailsAdded = (d: CustomerDetailsAddedData, known: TicketCustomer | null): readonly ProjectionWrite[] => {
  const k = known ?? EMPTY;
  if (d.name === undefined) return [];
  return customerChanged(d.customerId, d.accountId, { ...k, name: d.name });
};
