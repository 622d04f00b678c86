import { Document, ReadStore } from '@support/domain';

/**
 * The customers as the ticket read model knows them (name and every phone and email), kept by the
 * "tickets" projection itself so that denormalizing a customer into a ticket never waits on
 * another projection. Internal to this read model.
 */
export const TICKET_CUSTOMERS_COLLECTION = 'tickets_customers';

export interface TicketCustomer extends Document {
  readonly accountId: string;
  readonly name: string | null;
  readonly phones: readonly string[];
  readonly emails: readonly string[];
}

export const loadTicketCustomer = (store: ReadStore, customerId: string): Promise<TicketCustomer | null> =>
  store.collection<TicketCustomer>(TICKET_CUSTOMERS_COLLECTION).findOne({ _id: customerId }, { readOnly: true });

/** Values in first-seen order, without blanks or repeats. */
export const union = (...lists: readonly (readonly (string | null | undefined)[])[]): string[] =>
  [...new Set(lists.flat().filter((v): v is string => typeof v === 'string' && v !== ''))];
