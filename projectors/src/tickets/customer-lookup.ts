import { ProjectionReads, ReadDocument } from '@support/domain';

/**
 * The customers as the ticket read model knows them (name and every phone and email), kept by the
 * "tickets" projection itself so that denormalizing a customer into a ticket never waits on
 * another projection. Internal to this read model.
 */
export const TICKET_CUSTOMERS_COLLECTION = 'tickets_customers';

export interface TicketCustomer extends ReadDocument {
  readonly accountId: string;
  readonly name: string | null;
  readonly phones: readonly string[];
  readonly emails: readonly string[];
}

export const loadTicketCustomer = (reads: ProjectionReads, customerId: string): Promise<TicketCustomer | null> =>
  reads.get<TicketCustomer>(TICKET_CUSTOMERS_COLLECTION, customerId);

/** Past this many values, union remembers the ones it has in a set rather than looking through them. */
const UNION_SCAN_LIMIT = 16;

/**
 * Values in first-seen order, without blanks or repeats. A plain loop: every projected ticket calls
 * it a few times, mostly with one or two values, and building intermediate arrays and a set each
 * time showed in a rebuild's profile.
 */
export const union = (...lists: readonly (readonly (string | null | undefined)[])[]): string[] => {
  const out: string[] = [];
  let seen: Set<string> | null = null;
  for (const list of lists) {
    for (const v of list) {
      if (typeof v !== 'string' || v === '') continue;
      if (seen === null ? out.includes(v) : seen.has(v)) continue;
      out.push(v);
      if (seen !== null) seen.add(v);
      else if (out.length > UNION_SCAN_LIMIT) seen = new Set(out);
    }
  }
  return out;
};
