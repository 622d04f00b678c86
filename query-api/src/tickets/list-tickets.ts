import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  decodeTicketListRequest, Principal, ReadModels, ReadOptions, TICKET_LIST_ITEM_FIELDS, TicketDocument, TicketListPage, ticketCriteria, ticketQueryScope, toTicketListItem,
  totalPages,
} from '@support/domain';

export interface ListTicketsDeps {
  readonly readModels: ReadModels;
}

/**
 * POST /apis/task-runs/tickets/list (docs/api/ticket-list.md): decode, turn the filters into criteria once, then
 * read one page of the caller's account's tickets and their total from the read model.
 */
export const listTickets = async (deps: ListTicketsDeps, principal: Principal, body: unknown, options: ReadOptions = {}): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const request = decodeTicketListRequest(body);
  if (E.isLeft(request)) return E.left(problem(400, request.left.message));
  const { filters, page, limit } = request.right;
  const criteria = ticketCriteria(ticketQueryScope(principal.account), filters);
  if (E.isLeft(criteria)) return E.left(problem(400, criteria.left.message, { field: criteria.left.field }));

  const { docs, total } = await deps.readModels.tickets.page<TicketDocument>(criteria.right, page, limit, TICKET_LIST_ITEM_FIELDS, options);
  const answer: TicketListPage = { data: docs.map(toTicketListItem), total, page, limit, totalPages: totalPages(total, limit) };
  return ok(answer);
};
