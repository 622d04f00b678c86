import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/adapters';
import {
  compileTicketQuery, decodeTicketListRequest, pageWindow, Principal, ReadStore, reversedSort, TICKET_LIST_ITEM_FIELDS, TicketDocument,
  TicketListPage, ticketQueryScope, TICKETS_COLLECTION, toTicketListItem, totalPages,
} from '@support/domain';

export interface ListTicketsDeps {
  readonly readStore: ReadStore;
}

/**
 * POST /apis/task-runs/tickets/list (spec 4.2): decode, compile the filters once, then count and
 * read one page of the caller's account's tickets from the read model (a page in the back half
 * from the other end, see pageWindow).
 */
export const listTickets = async (deps: ListTicketsDeps, principal: Principal, body: unknown): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeTicketListRequest(body);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message));
  const { filters, page, limit } = request.right;
  const query = compileTicketQuery(ticketQueryScope(principal.account), filters);
  if (E.isLeft(query)) return E.left(problem(400, query.left.message, { field: query.left.field }));

  const tickets = deps.readStore.collection<TicketDocument>(TICKETS_COLLECTION);
  const total = await tickets.countDocuments(query.right.filter);
  const window = pageWindow(total, page, limit);
  const sort = window?.reversed ? reversedSort(query.right.sort) : query.right.sort;
  const found =
    window === null
      ? []
      : await tickets.find(query.right.filter, { sort, skip: window.skip, limit: window.limit, projection: TICKET_LIST_ITEM_FIELDS }).toArray();
  const docs = window?.reversed ? found.reverse() : found;
  const answer: TicketListPage = { data: docs.map(toTicketListItem), total, page, limit, totalPages: totalPages(total, limit) };
  return ok(answer);
};
