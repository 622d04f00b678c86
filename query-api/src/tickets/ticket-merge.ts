import * as E from 'fp-ts/Either';
import { HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { Principal, ReadModels, TicketDocument, TICKETS_COLLECTION } from '@support/domain';

/**
 * GET /apis/tickets/{ticketId}/merge (docs/api/merge-and-split.md): where a merged ticket went
 * (`mergedIntoTicketId`, the surviving ticket) and which tickets were merged into this one.
 */
export const ticketMerge = async (deps: { readonly readModels: ReadModels }, principal: Principal, ticketId: string): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const doc = await deps.readModels.get<TicketDocument>(TICKETS_COLLECTION, ticketId);
  if (doc === null || doc.accountId !== principal.accountId) return E.left(problem(404, 'Ticket not found'));
  const mergedIntoTicketId = doc.mergedIntoTicketId ?? null;
  return ok({ success: true, ticketId, merged: mergedIntoTicketId !== null, mergedIntoTicketId, mergedTicketIds: doc.mergedTicketIds ?? [] });
};
