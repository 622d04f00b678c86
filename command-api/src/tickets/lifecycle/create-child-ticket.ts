import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import {
  accountSlaTargets, ChildTicketRequest, CommandContext, decodeRequest, Logger, normalizeSource, Principal, ticketDecider, TicketTextProcessor, TicketState, ticketStream,
} from '@support/domain';
import { loadStream } from '@support/event-sourcing';
import { appendNewTicket } from '../append-new-ticket';
import { processTextNow } from '../process-text';
import { allocateTicketNumber } from '../ticket-number';
import { ticketView } from '../ticket-view';
import { workTicket, WorkTicketDeps } from './work-ticket';
import { ticketProblem } from './ticket-problem';

export interface ChildTicketDeps extends WorkTicketDeps {
  readonly textProcessor: TicketTextProcessor;
  readonly logger: Logger;
}

const invalid = (field: string, message: string) => E.left(ticketProblem({ kind: 'InvalidTicketCommand', field, message }));

/**
 * POST /apis/tickets/{ticketId}/children: a child ticket (`kind: "child"`, with its
 * childTicketParam) or an interaction ticket (`kind: "interaction"`: a later customer contact of the
 * same family) of the parent, for the parent's customer, with its own number. The new ticket names
 * its parent and the family's root; the parent records the link (ChildTicketLinked).
 */
export const createChildTicket = async (
  deps: ChildTicketDeps,
  principal: Principal,
  ctx: CommandContext,
  parentTicketId: string,
  body: unknown,
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const decoded = decodeRequest(ChildTicketRequest, body ?? {});
  if (E.isLeft(decoded)) return E.left(ticketProblem(decoded.left));
  const r = decoded.right;
  if (r.query.trim() === '' && r.subject === undefined) return invalid('query', 'query must not be empty: say what the child ticket is about');
  if (r.query.length > 100_000) return invalid('query', 'query must be at most 100000 characters');
  if (r.kind === 'interaction' && r.childTicketParam !== undefined) return invalid('childTicketParam', 'childTicketParam is for kind "child" only: remove it');
  const { state: parent } = await loadStream(deps.eventStore, ticketStream(parentTicketId), ticketDecider);
  if (parent === null || parent.accountId !== ctx.accountId) return E.left(ticketProblem({ kind: 'TicketNotFound' }));
  if (parent.mergedInto !== null) return E.left(ticketProblem({ kind: 'TicketMerged', ticketId: parent.ticketId, mergedIntoTicketId: parent.mergedInto.targetTicketId }));
  const source = r.source === undefined && r.manualSourceLabel === undefined
    ? E.right({ source: parent.source, manualSourceLabel: parent.manualSourceLabel })
    : normalizeSource(r.source, r.manualSourceLabel, principal.account.manualSourceLabels ?? []);
  if (E.isLeft(source)) return invalid('source', source.left);

  const ticketId = deps.newId();
  const subject = r.subject ?? null;
  const [numbered, text] = await Promise.all([allocateTicketNumber(deps, ctx, ticketId), processTextNow(deps, subject, r.query)]);
  if (E.isLeft(numbered)) return E.left(contention('ticket numbers'));
  const ticketNumber = numbered.right;
  const { ticket } = await appendNewTicket(deps, ctx, {
    ticketId, accountId: ctx.accountId, ticketNumber, status: 'open', subject, query: r.query,
    summary: text?.summary ?? null, sentiment: text?.sentiment ?? null, textProcessing: text === null ? 'pending' : 'done',
    orderName: r.orderName ?? parent.orderName, ...source.right,
    customerId: parent.customerId, customer: parent.customer,
    taskId: null, teamId: null, requestedTaskId: null,
    createdByUserId: principal.user?.id ?? null, createdByTokenId: principal.tokenId, createdAt: ctx.now.toISOString(),
    payload: null, payloadFormat: null, relatedTicketNumber: String(parent.ticketNumber), objectiveValues: {}, images: [],
    parentTicketId: parent.ticketId, ticketType: r.kind, childTicketParam: r.childTicketParam ?? null, rootTicketId: parent.rootTicketId, forced: false,
    slaTargets: accountSlaTargets(principal.account, ctx.now.getTime()),
  }, null);
  const linked = await workTicket(deps, ctx, parent.ticketId, {
    type: 'LinkChild', childTicketId: ticketId, kind: r.kind, childTicketParam: r.childTicketParam ?? null, at: ctx.now.toISOString(),
  });
  if (E.isLeft(linked)) return linked;
  deps.logger.info('child ticket created', { requestId: ctx.requestId, accountId: ctx.accountId, ticketId, parentTicketId: parent.ticketId, kind: r.kind });
  return ok({ success: true, ticketId, parentTicketId: parent.ticketId, ticket: ticketView(ticket as TicketState) });
};
