import * as E from 'fp-ts/Either';
import { ReadModels, TicketDocument, TicketFilterProblem, TicketFilters, TicketQueryScope, ticketCriteria } from '@support/domain';
import { ticketReadModelsWith } from '../../support/sqlite-read-models';
import { ACCOUNT } from './ticket-documents';

export const ACME_SCOPE: TicketQueryScope = { accountId: ACCOUNT, manualSourceLabels: ['Walk-In', 'Phone Desk'], defaultPhoneCountry: 'IN' };

interface QueryStore {
  /** Ids of the matching tickets, in the criteria's order. */
  ids(filters: TicketFilters, page?: { skip: number; limit: number }): Promise<string[]>;
  count(filters: TicketFilters): Promise<number>;
  problem(filters: TicketFilters): TicketFilterProblem;
}

/** The read models (SQLite) holding these tickets. */
export const readStoreWith = (docs: readonly TicketDocument[]): Promise<ReadModels> => ticketReadModelsWith(docs);

/** The ticket read model (SQLite) holding these documents, queried by the criteria of the filters. */
export const queryStoreWith = async (docs: readonly TicketDocument[], scope: TicketQueryScope = ACME_SCOPE): Promise<QueryStore> => {
  const readModels = await readStoreWith(docs);
  const criteria = (filters: TicketFilters) => {
    const c = ticketCriteria(scope, filters);
    if (E.isLeft(c)) throw new Error(`filters made no criteria: ${c.left.message}`);
    return c.right;
  };
  return {
    ids: async (filters, page) => {
      const c = criteria(filters);
      const all: string[] = [];
      for await (const batch of readModels.tickets.stream<TicketDocument>(c)) all.push(...batch.map((d) => d._id));
      return page === undefined ? all : all.slice(page.skip, page.skip + page.limit);
    },
    count: (filters) => readModels.tickets.count(criteria(filters)),
    problem: (filters) => {
      const c = ticketCriteria(scope, filters);
      if (E.isRight(c)) throw new Error('expected the filters to be refused');
      return c.left;
    },
  };
};
