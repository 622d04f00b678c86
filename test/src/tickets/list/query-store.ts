import * as E from 'fp-ts/Either';
import { EmbeddedReadStore } from '@support/adapters';
import {
  compileTicketQuery, TicketDocument, TicketFilterProblem, TicketFilters, TicketQueryScope, TICKETS_COLLECTION,
} from '@support/domain';
import { TICKET_INDEXES } from '@support/projectors';
import { ACCOUNT } from './ticket-documents';

export const ACME_SCOPE: TicketQueryScope = { accountId: ACCOUNT, manualSourceLabels: ['Walk-In', 'Phone Desk'], defaultPhoneCountry: 'IN' };

export interface QueryStore {
  /** Ids of the matching tickets, in the compiled sort order. */
  ids(filters: TicketFilters, page?: { skip: number; limit: number }): Promise<string[]>;
  count(filters: TicketFilters): Promise<number>;
  problem(filters: TicketFilters): TicketFilterProblem;
}

/** The embedded read store holding these tickets, with the read model's indexes. */
export const readStoreWith = async (docs: readonly TicketDocument[]): Promise<EmbeddedReadStore> => {
  const store = new EmbeddedReadStore();
  const tickets = store.collection<TicketDocument>(TICKETS_COLLECTION);
  await tickets.createIndexes(TICKET_INDEXES[TICKETS_COLLECTION]);
  for (const doc of docs) await tickets.replaceOne({ _id: doc._id }, doc, { upsert: true });
  return store;
};

/** The embedded read store holding these documents (with the read model's indexes), queried by compiled filters. */
export const queryStoreWith = async (docs: readonly TicketDocument[], scope: TicketQueryScope = ACME_SCOPE): Promise<QueryStore> => {
  const tickets = (await readStoreWith(docs)).collection<TicketDocument>(TICKETS_COLLECTION);
  const compiled = (filters: TicketFilters) => {
    const q = compileTicketQuery(scope, filters);
    if (E.isLeft(q)) throw new Error(`filters did not compile: ${q.left.message}`);
    return q.right;
  };
  return {
    ids: async (filters, page) => {
      const q = compiled(filters);
      const found = await tickets.find(q.filter, { sort: q.sort, ...(page ?? {}) }).toArray();
      return found.map((d) => d._id);
    },
    count: (filters) => tickets.countDocuments(compiled(filters).filter),
    problem: (filters) => {
      const q = compileTicketQuery(scope, filters);
      if (E.isRight(q)) throw new Error('expected the filters to be refused');
      return q.left;
    },
  };
};
