import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import {
  accountSlaTargets, CommandContext, decodeRequest, earlierSplitOf, findTaskById, interactionsOf, movedInteractionEvents, Principal, READ_YOUR_WRITES_MS, RecordedEvent, selectTask,
  SplitRequest, ticketDecider, TicketState, ticketStream,
} from '@support/domain';
import { handleTicket, handleTicketOfAccount, readLastEvent } from '@support/event-sourcing';
import { ManualTicketDeps } from '../create-manual-ticket';
import { appendNewTicket } from '../append-new-ticket';
import { evaluateNewTicket } from '../evaluate-new-ticket';
import { processTextNow } from '../process-text';
import { ticketProblem } from '../lifecycle/ticket-problem';
import { allocateTicketNumber } from '../ticket-number';
import { ticketView } from '../ticket-view';

/** A split's writes end within a request's time: an unfinished split younger than this may still be running, one older was cut short. */
const SPLIT_UNDER_WAY_MS = 10_000;

const invalid = (field: string, message: string) => E.left(ticketProblem({ kind: 'InvalidTicketCommand', field, message }));

/** The ticket's stream: its events and the state they fold to. */
const readTicket = async (deps: ManualTicketDeps, ticketId: string): Promise<{ events: RecordedEvent[]; state: TicketState | null }> => {
  const events: RecordedEvent[] = [];
  for await (const e of deps.eventStore.readStream(ticketStream(ticketId))) events.push(e);
  const state = events.reduce((s, e) => ticketDecider.evolve(s, { type: e.type, data: e.data } as never), ticketDecider.initialState());
  return { events, state };
};

/**
 * POST /apis/tickets/{ticketId}/split (docs/api/merge-and-split.md): a new ticket for the same
 * customer, numbered and routed through the account's workflow like a manual ticket (the task the
 * request names, else the one the ticket came in on), takes the named emails, calls and chats.
 * The ticket split records it first (TicketSplit, decided on its latest state, so two splits cannot
 * take one interaction), then the new ticket is created and records where it came from
 * (TicketSplitFrom) and the interactions again, on its own stream.
 */
export const splitTicket = async (
  deps: ManualTicketDeps,
  principal: Principal,
  ctx: CommandContext,
  ticketId: string,
  body: unknown,
): Promise<E.Either<HttpProblem, HttpAnswer>> => {
  const decoded = decodeRequest(SplitRequest, body ?? {});
  if (E.isLeft(decoded)) return E.left(ticketProblem(decoded.left));
  const r = decoded.right;
  const { events, state: from } = await readTicket(deps, ticketId);
  if (from === null || from.accountId !== ctx.accountId) return E.left(ticketProblem({ kind: 'TicketNotFound' }));
  if (from.mergedInto !== null) return E.left(ticketProblem({ kind: 'TicketMerged', ticketId, mergedIntoTicketId: from.mergedInto.targetTicketId }));
  const named = interactionsOf(from, r.interactionIds);
  // These interactions already left by a split whose new ticket was never made (its process died between the two writes): make it now.
  const unfinished = 'found' in named ? null : earlierSplitOf(events, r.interactionIds);
  const moved = 'found' in named ? named.found : unfinished?.moved;
  const made = unfinished !== null && (await readLastEvent(deps.eventStore, ticketStream(unfinished.newTicketId))) !== null;
  if (unfinished !== null && !made && ctx.now.getTime() - Date.parse(unfinished.at) < SPLIT_UNDER_WAY_MS) {
    return E.left(problem(409, `A split of these interactions to ticket ${unfinished.newTicketId} started at ${unfinished.at} and is still under way: send the request again in a few seconds`, {
      field: 'interactionIds', newTicketId: unfinished.newTicketId,
    }));
  }
  if (moved === undefined || made) {
    const unknown = 'unknown' in named ? named.unknown : r.interactionIds[0];
    return invalid('interactionIds', `"${unknown}" is not an email message id, call id or chat session id of ticket ${ticketId}: name interactions recorded on this ticket`);
  }
  const account = principal.account;
  const selected = r.currentTaskId !== undefined || r.taskName !== undefined
    ? selectTask(account, r.currentTaskId, r.taskName)
    : E.right(from.requestedTaskId === null ? null : findTaskById(account, from.requestedTaskId) ?? null);
  if (E.isLeft(selected)) return invalid(r.currentTaskId !== undefined ? 'currentTaskId' : 'taskName', selected.left);

  const newTicketId = unfinished?.newTicketId ?? deps.newId();
  const at = ctx.now.toISOString();
  const byUserId = principal.user?.id ?? null;
  if (unfinished === null) {
    const split = await handleTicketOfAccount(deps, ticketStream(ticketId), {
      accountId: ctx.accountId, command: { type: 'SplitOff', newTicketId, interactionIds: r.interactionIds, byUserId, at },
    }, ctx);
    if (E.isLeft(split)) return E.left(ticketProblem(split.left));
  }
  const numbered = await allocateTicketNumber(deps, ctx, newTicketId);
  if (E.isLeft(numbered)) return E.left(contention('ticket numbers'));
  const ticketNumber = numbered.right;
  const subject = r.subject ?? from.subject;
  const query = r.query ?? from.query;
  const [evaluation, text] = await Promise.all([evaluateNewTicket(deps, ctx, account, {
    task: selected.right,
    ticket: { id: newTicketId, ticketNumber, orderName: from.orderName, subject, query, source: from.source, manualSourceLabel: from.manualSourceLabel },
    customer: { id: from.customerId, name: from.customer.name, phone: from.customer.phone, email: from.customer.email, storefrontCustomerId: null },
    objectiveValues: {}, overrides: {}, skipExecuteAction: false,
  }), processTextNow(deps, subject, query)]);
  await appendNewTicket(deps, ctx, {
    ticketId: newTicketId, accountId: ctx.accountId, ticketNumber, status: 'open', subject, query,
    summary: text?.summary ?? null, sentiment: text?.sentiment ?? null, textProcessing: text === null ? 'pending' : 'done', orderName: from.orderName, source: from.source, manualSourceLabel: from.manualSourceLabel,
    customerId: from.customerId, customer: from.customer, taskId: evaluation?.taskId ?? null, teamId: evaluation?.teamId ?? null,
    requestedTaskId: selected.right?.id ?? null, createdByUserId: byUserId, createdByTokenId: principal.tokenId, createdAt: at,
    payload: null, payloadFormat: null, relatedTicketNumber: String(from.ticketNumber), objectiveValues: {}, images: [],
    parentTicketId: null, ticketType: 'ticket', rootTicketId: newTicketId, forced: false, slaTargets: accountSlaTargets(account, ctx.now.getTime()),
  }, evaluation === null ? null : { ticketId: newTicketId, accountId: ctx.accountId, ...evaluation });
  const taken = await handleTicket(deps, ticketStream(newTicketId), {
    type: 'TakeSplitInteractions', fromTicketId: ticketId, moved, interactions: movedInteractionEvents(events, moved, newTicketId), at,
  }, ctx);
  if (E.isLeft(taken) || taken.right.state === null) throw new Error('the new ticket of a split could not take its interactions');
  if (taken.right.appended !== null && deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, taken.right.appended.position, READ_YOUR_WRITES_MS);
  deps.logger.info('ticket split', { requestId: ctx.requestId, accountId: ctx.accountId, ticketId, newTicketId, interactions: r.interactionIds.length });
  return ok({ success: true, ticketId: newTicketId, splitFromTicketId: ticketId, interactionIds: r.interactionIds, ticket: ticketView(taken.right.state, evaluation) });
};
