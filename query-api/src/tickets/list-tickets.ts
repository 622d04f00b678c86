import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/adapters';
import {
  compileTicketQuery, decodeTicketListRequest, Principal, ReadStore, skipFor, TICKET_LIST_ITEM_FIELDS, TicketDocument, TicketListPage,
  ticketQueryScope, TICKETS_COLLECTION, toTicketListItem, totalPages,
} from '@support/domain';

export interface ListTicketsDeps {
  readonly readStore: ReadStore;
}

/**
 * POST /apis/task-runs/tickets/list (spec 4.2): decode, compile the filters once, then count and
 * read one page of the caller's account's tickets from the read model.
 */
export const listTickets = async (deps: ListTicketsDeps, principal: Principal, body: unknown): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeTicketListRequest(body);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message));
  const { filters, page, limit } = request.right;
  const query = compileTicketQuery(ticketQueryScope(principal.account), filters);
  if (E.isLeft(query)) return E.left(problem(400, query.left.message, { field: query.left.field }));

  const tickets = deps.readStore.collection<TicketDocument>(TICKETS_COLLECTION);
  const total = await tickets.countDocuments(query.right.filter);
  const skip = skipFor(page, limit);
  const docs =
    skip >= total
      ? []
      : await tickets.find(query.right.filter, { sort: query.right.sort, skip, limit, projection: TICKET_LIST_ITEM_FIELDS }).toArray();
  const answer: TicketListPage = { data: docs.map(toTicketListItem), total, page, limit, totalPages: totalPages(total, limit) };
  return ok(answer);
};
