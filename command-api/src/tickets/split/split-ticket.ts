import * as E from 'fp-ts/Either';
import { contention, HttpAnswer, HttpProblem, ok } from '@support/http-edge';
import {
  accountSlaTargets, CommandContext, DecidedAppend, decideSplit, decodeRequest, earlierSplitOf, findTaskById, interactionsOf, movedInteractionEvents, numberedTicket, Principal,
  READ_YOUR_WRITES_MS, RecordedEvent, selectTask, SplitRequest, Task, ticketDecider, TicketError, TicketState, ticketStream,
} from '@support/domain';
import { readLastEvent } from '@support/event-sourcing';
import { ManualTicketDeps } from '../create-manual-ticket';
import { decideWithNumbers } from '../decide-with-numbers';
import { evaluateAndRecord, writtenTicket } from '../evaluate-new-ticket';
import { processTextNow } from '../process-text';
import { ticketProblem } from '../lifecycle/ticket-problem';
import { ticketView } from '../ticket-view';

const invalid = (field: string, message: string) => E.left(ticketProblem({ kind: 'InvalidTicketCommand', field, message }));

/** The ticket's stream: its events, the state they fold to, and its revision. */
const readTicket = async (deps: ManualTicketDeps, ticketId: string): Promise<{ events: RecordedEvent[]; state: TicketState | null; revision: bigint | null }> => {
  const events: RecordedEvent[] = [];
  for await (const e of deps.eventStore.readStream(ticketStream(ticketId))) events.push(e);
  const state = events.reduce((s, e) => ticketDecider.evolve(s, { type: e.type, data: e.data } as never), ticketDecider.initialState());
  return { events, state, revision: events.length === 0 ? null : events[events.length - 1].revision };
};

type SplitDecision =
  | { readonly problem: TicketError; readonly appends: readonly DecidedAppend[] }
  | { readonly problem: null; readonly ticket: TicketState; readonly appends: readonly DecidedAppend[] };

const refused = (problem: TicketError): SplitDecision => ({ problem, appends: [] });

/**
 * POST /apis/tickets/{ticketId}/split (docs/api/merge-and-split.md): a new ticket for the same
 * customer, numbered and routed through the account's workflow like a manual ticket (the task the
 * request names, else the one the ticket came in on), takes the named emails, calls and chats. One
 * decision, one append: the ticket split records it (TicketSplit, decided on the state read, so two
 * splits cannot take one interaction), and the new ticket is created with its number and records
 * where it came from (TicketSplitFrom) and the interactions again. Its task is then evaluated, as a
 * manual ticket's.
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
  const account = principal.account;
  const asked = r.currentTaskId !== undefined || r.taskName !== undefined ? selectTask(account, r.currentTaskId, r.taskName) : null;
  if (asked !== null && E.isLeft(asked)) return invalid(r.currentTaskId !== undefined ? 'currentTaskId' : 'taskName', asked.left);
  const at = ctx.now.toISOString();
  const byUserId = principal.user?.id ?? null;
  const fresh = deps.newId();
  let text: ReturnType<typeof processTextNow> | undefined;
  let task: Task | null = null;

  const handled = await decideWithNumbers(deps, ctx, {
    load: async () => {
      const from = await readTicket(deps, ticketId);
      // Interactions that left by a split whose new ticket was never made (logs of earlier versions,
      // which wrote the two tickets in two appends): the new ticket is made now.
      const earlier = from.state === null || 'found' in interactionsOf(from.state, r.interactionIds) ? null : earlierSplitOf(from.events, r.interactionIds);
      const earlierMade = earlier !== null && (await readLastEvent(deps.eventStore, ticketStream(earlier.newTicketId))) !== null;
      if (from.state !== null) text ??= processTextNow(deps, r.subject ?? from.state.subject, r.query ?? from.state.query);
      return { ...from, earlier: earlierMade ? null : earlier, text: text === undefined ? null : await text };
    },
    decide: ({ events, state: from, revision, earlier, text: processed }, numbers): SplitDecision => {
      if (from === null || from.accountId !== ctx.accountId) return refused({ kind: 'TicketNotFound' });
      if (from.mergedInto !== null) return refused({ kind: 'TicketMerged', ticketId, mergedIntoTicketId: from.mergedInto.targetTicketId });
      const newTicketId = earlier?.newTicketId ?? fresh;
      const split = earlier !== null ? E.right([]) : decideSplit(from, { type: 'SplitOff', newTicketId, interactionIds: r.interactionIds, byUserId, at });
      if (E.isLeft(split)) return refused(split.left);
      const named = interactionsOf(from, r.interactionIds);
      const moved = earlier?.moved ?? ('found' in named ? named.found : null);
      if (moved === null) return refused({ kind: 'InvalidTicketCommand', field: 'interactionIds', message: 'the interactions to split could not be found' });
      task = asked !== null && E.isRight(asked) ? asked.right : from.requestedTaskId === null ? null : findTaskById(account, from.requestedTaskId) ?? null;
      const subject = r.subject ?? from.subject;
      const query = r.query ?? from.query;
      const { ticket, appends } = numberedTicket(numbers, (ticketNumber) => ({
        ticketId: newTicketId, accountId: ctx.accountId, ticketNumber, status: 'open', subject, query,
        summary: processed?.summary ?? null, sentiment: processed?.sentiment ?? null, textProcessing: processed === null ? 'pending' : 'done',
        orderName: from.orderName, source: from.source, manualSourceLabel: from.manualSourceLabel,
        customerId: from.customerId, customer: from.customer, taskId: task?.id ?? null, teamId: task?.teamId ?? null,
        requestedTaskId: task?.id ?? null, createdByUserId: byUserId, createdByTokenId: principal.tokenId, createdAt: at,
        payload: null, payloadFormat: null, relatedTicketNumber: String(from.ticketNumber), objectiveValues: {}, images: [],
        parentTicketId: null, ticketType: 'ticket', rootTicketId: newTicketId, forced: false, slaTargets: accountSlaTargets(account, ctx.now.getTime()),
      }), (created) => {
        const taken = decideSplit(created, { type: 'TakeSplitInteractions', fromTicketId: ticketId, moved, interactions: movedInteractionEvents(events, moved, newTicketId), at });
        return E.isRight(taken) ? taken.right : [];
      });
      const fromAppend: DecidedAppend = { streamName: ticketStream(ticketId), events: split.right, expectedRevision: revision ?? 'no_stream' };
      return { problem: null, ticket, appends: [fromAppend, ...appends] };
    },
  });
  if (E.isLeft(handled)) return E.left(contention('ticket numbers'));
  const { decision, appended } = handled.right;
  if (decision.problem !== null) return E.left(ticketProblem(decision.problem));
  if (appended === null) throw new Error('a split was not appended');
  const { ticket, evaluation, position } = await evaluateAndRecord(deps, ctx, account, task, decision.ticket, {
    customer: { id: decision.ticket.customerId, ...decision.ticket.customer, storefrontCustomerId: null }, objectiveValues: {}, overrides: {}, skipExecuteAction: false,
  }, writtenTicket(appended, decision.ticket.ticketId));
  if (deps.readModels.length > 0) await deps.progress.waitFor(deps.readModels, position, READ_YOUR_WRITES_MS);
  deps.logger.info('ticket split', { requestId: ctx.requestId, accountId: ctx.accountId, ticketId, newTicketId: ticket.ticketId, interactions: r.interactionIds.length });
  return ok({ success: true, ticketId: ticket.ticketId, splitFromTicketId: ticketId, interactionIds: r.interactionIds, ticket: ticketView(ticket, evaluation) });
};
