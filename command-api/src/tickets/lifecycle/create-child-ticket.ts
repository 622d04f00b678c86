import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import {
  accountSlaTargets, ChildTicketRequest, CommandContext, decodeRequest, Logger, normalizeSource, numberedTicket, Principal, READ_YOUR_WRITES_MS, ticketDecider, TicketError, TicketTextProcessor,
  TicketState, ticketStream,
} from '@support/domain';
import { loadStream } from '@support/event-sourcing';
import { decideWithNumbers } from '../decide-with-numbers';
import { processTextNow } from '../process-text';
import { ticketView } from '../ticket-view';
import { WorkTicketDeps } from './work-ticket';
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
 * its parent and the family's root; the parent records the link (ChildTicketLinked) in the same
 * append, expected at the revision its refusals were decided on.
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
  const source = r.source === undefined && r.manualSourceLabel === undefined
    ? null
    : normalizeSource(r.source, r.manualSourceLabel, principal.account.manualSourceLabels ?? []);
  if (source !== null && E.isLeft(source)) return invalid('source', source.left);

  const ticketId = deps.newId();
  const subject = r.subject ?? null;
  const text = await processTextNow(deps, subject, r.query);
  const at = ctx.now.toISOString();
  // The child, its number and the parent's link to it: one decision, one append.
  const handled = await decideWithNumbers(deps, ctx, {
    load: () => loadStream(deps.eventStore, ticketStream(parentTicketId), ticketDecider),
    decide: ({ state: parent, revision }, numbers) => {
      if (parent === null || parent.accountId !== ctx.accountId) return refused({ kind: 'TicketNotFound' });
      if (parent.mergedInto !== null) return refused({ kind: 'TicketMerged', ticketId: parent.ticketId, mergedIntoTicketId: parent.mergedInto.targetTicketId });
      const { ticket, appends } = numberedTicket(numbers, (ticketNumber) => ({
        ticketId, accountId: ctx.accountId, ticketNumber, status: 'open', subject, query: r.query,
        summary: text?.summary ?? null, sentiment: text?.sentiment ?? null, textProcessing: text === null ? 'pending' : 'done',
        orderName: r.orderName ?? parent.orderName, ...(source === null ? { source: parent.source, manualSourceLabel: parent.manualSourceLabel } : source.right),
        customerId: parent.customerId, customer: parent.customer,
        taskId: null, teamId: null, requestedTaskId: null,
        createdByUserId: principal.user?.id ?? null, createdByTokenId: principal.tokenId, createdAt: at,
        payload: null, payloadFormat: null, relatedTicketNumber: String(parent.ticketNumber), objectiveValues: {}, images: [],
        parentTicketId: parent.ticketId, ticketType: r.kind, childTicketParam: r.childTicketParam ?? null, rootTicketId: parent.rootTicketId, forced: false,
        slaTargets: accountSlaTargets(principal.account, ctx.now.getTime()),
      }));
      const linked = ticketDecider.decide({ type: 'LinkChild', childTicketId: ticketId, kind: r.kind, childTicketParam: r.childTicketParam ?? null, at }, parent);
      if (E.isLeft(linked)) return refused(linked.left);
      const parentAppend = { streamName: ticketStream(parent.ticketId), events: linked.right, expectedRevision: revision ?? ('no_stream' as const) };
      return { ticket, parentTicketId: parent.ticketId, problem: null, appends: [...appends, parentAppend] };
    },
  });
  if (E.isLeft(handled)) return E.left(contention('ticket numbers'));
  const { decision, appended } = handled.right;
  if (decision.problem !== null) return E.left(ticketProblem(decision.problem));
  if (appended !== null && deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, appended.position, READ_YOUR_WRITES_MS);
  deps.logger.info('child ticket created', { requestId: ctx.requestId, accountId: ctx.accountId, ticketId, parentTicketId: decision.parentTicketId, kind: r.kind });
  return ok({ success: true, ticketId, parentTicketId: decision.parentTicketId, ticket: ticketView(decision.ticket as TicketState) });
};

/** A decision that writes nothing: the parent refuses the child. */
const refused = (problem: TicketError) => ({ ticket: null, parentTicketId: null, problem, appends: [] });
