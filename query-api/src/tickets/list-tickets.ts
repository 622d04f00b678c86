import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  compileTicketQuery, decodeTicketListRequest, Principal, ReadStore, TicketDocument, TicketListPage, ticketQueryScope, TICKETS_COLLECTION,
  toTicketListItem, totalPages,
} from '@support/domain';
import { readTicketPage } from './read-ticket-page';

export interface ListTicketsDeps {
  readonly readStore: ReadStore;
}

/**
 * POST /apis/task-runs/tickets/list (spec 4.2): decode, compile the filters once, then read one
 * page of the caller's account's tickets and their count from the read model.
 */
export const listTickets = async (deps: ListTicketsDeps, principal: Principal, body: unknown): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeTicketListRequest(body);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message));
  const { filters, page, limit } = request.right;
  const query = compileTicketQuery(ticketQueryScope(principal.account), filters);
  if (E.isLeft(query)) return E.left(problem(400, query.left.message, { field: query.left.field }));

  const { docs, total } = await readTicketPage(deps.readStore.collection<TicketDocument>(TICKETS_COLLECTION), query.right, page, limit);
  const answer: TicketListPage = { data: docs.map(toTicketListItem), total, page, limit, totalPages: totalPages(total, limit) };
  return ok(answer);
};
