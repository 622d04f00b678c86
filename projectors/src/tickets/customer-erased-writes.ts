import { CustomerErasedData, DocumentWrite, ERASED_TEXT, TicketDocument, ticketKeys, ticketSearchText } from '@support/domain';
import { TICKET_CUSTOMERS_COLLECTION } from './customer-lookup';
import { customerFields, KnownCustomer, ticketWrite } from './ticket-writes';

const NO_CUSTOMER: KnownCustomer = { name: null, phones: [], emails: [] };

/** A text the erasure reaches: the placeholder where there was a value, null where there was none. */
const erased = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : ERASED_TEXT);

/**
 * A customer erased (docs/api/erasure.md): the customer as the read model knows them loses every
 * contact and their name, and each of their tickets its texts (name, subject, query, summary, order,
 * payload), its customer, what its task evaluation found, its disposition fields and CSAT comment,
 * with its search text and keys made again from what is left. Ids, numbers, statuses, times,
 * agents, SLA, ratings and counts stay. A rebuild from the log, whose events then read with
 * placeholders, comes to the same documents.
 */
export const customerErased = (d: CustomerErasedData, tickets: readonly TicketDocument[]): readonly DocumentWrite[] => [
  { collection: TICKET_CUSTOMERS_COLLECTION, id: d.customerId, set: { accountId: d.accountId, ...NO_CUSTOMER }, upsert: true },
  ...tickets.map((t) => {
    const own = { summary: erased(t.summary), orderName: erased(t.orderName), ticketName: erased(t.ticketName), ticketNumber: t.ticketNumber };
    return ticketWrite(t._id, {
      ...own,
      subject: erased(t.subject),
      query: erased(t.query),
      payload: erased(t.payload),
      ...customerFields(NO_CUSTOMER),
      objectives: {},
      dispositions: {},
      csat: t.csat === null || t.csat === undefined ? null : { ...t.csat, comment: erased(t.csat.comment) },
      ticketKeys: ticketKeys(own),
      searchText: ticketSearchText(own, NO_CUSTOMER),
    });
  }),
];
