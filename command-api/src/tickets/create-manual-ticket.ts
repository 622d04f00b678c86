import * as E from 'fp-ts/Either';
import {
  ActionRunner, CommandContext, ConfiguredHttp, CreateManualTicketRequest, customerView, decideManualTicket, decodeRequest, Logger, ManualTicketCommand, OrderLookup,
  Position, Principal, ProcessedTicketText, ProjectionProgress, READ_YOUR_WRITES_MS, ticketStream, TicketTextProcessor, toManualTicketCommand, Clock, isOpenTicket,
} from '@support/domain';
import { ConcurrencyConflict, readLastEvent, WriteDeps } from '@support/event-sourcing';
import { contention, HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { decideWithNumbers } from './decide-with-numbers';
import { CREATE_DEADLINE_MS, evaluateAndRecord, writtenTicket } from './evaluate-new-ticket';
import { loadManualTicketState } from './load-manual-ticket-state';
import { ticketView } from './ticket-view';

export interface ManualTicketDeps extends WriteDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly progress: ProjectionProgress;
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
  readonly orders: OrderLookup;
  readonly textProcessor: TicketTextProcessor;
  /** Read models a client expects to see the ticket in when the answer comes (read your writes). */
  readonly readModels: readonly string[];
}

type Answer = E.Either<HttpProblem, HttpAnswer>;

/**
 * A create answers within CREATE_DEADLINE_MS, whatever other requests write meanwhile: its decisions
 * stop trying by then, and it answers 503 with Retry-After (sending it again is safe).
 */
export { CREATE_DEADLINE_MS };

const badRequest = (message: string, extra: Record<string, unknown> = {}): Answer => E.left(problem(400, message, extra));

/** Waits (bounded, and never past the create's deadline) until the read models have the ticket up to `position`, or its latest event. */
const waitForReadModels = async (deps: ManualTicketDeps, ctx: CommandContext, ticketId: string, position?: Position): Promise<void> => {
  if (deps.readModels.length === 0) return;
  const at = position ?? (await readLastEvent(deps.eventStore, ticketStream(ticketId)))?.position;
  const left = Math.min(READ_YOUR_WRITES_MS, (ctx.deadline ?? Infinity) - Date.now());
  if (at !== undefined && left > 0) await deps.progress.waitFor(deps.readModels, at, left);
};

const processText = async (deps: ManualTicketDeps, command: ManualTicketCommand): Promise<ProcessedTicketText | null> => {
  if (command.fastResponse) return null;
  try {
    return await deps.textProcessor.process({ subject: command.subject, query: command.query });
  } catch (e) {
    // The worker processes it afterwards, as with fastResponse.
    deps.logger.warn('ticket text processing failed; deferred to the worker', { processor: deps.textProcessor.name, errorName: (e as Error)?.name });
    return null;
  }
};

/** What a lost race is answered with: the words of the stream that kept changing. */
const contended = (conflict: ConcurrencyConflict): Answer => {
  const name = conflict.streamName;
  const what = name.startsWith('ticket_number-') ? 'ticket numbers'
    : name.startsWith('open_ticket-') ? 'open ticket of this customer and task'
      : name.startsWith('customer') ? 'customer' : 'ticket';
  return E.left(contention(what));
};

/**
 * The decision of the create and its one atomic append (docs/architecture.md, "A create"): the
 * customer, the open ticket it reuses or the ticket it makes with its number, decided on what was
 * read and written together; a lost race is read and decided again.
 */
const decideCreate = async (deps: ManualTicketDeps, ctx: CommandContext, principal: Principal, command: ManualTicketCommand) => {
  /** The text is processed once, and only for a decision that makes a ticket. */
  let text: Promise<ProcessedTicketText | null> | undefined;
  const ids = { newCustomerId: deps.newId(), newTicketId: deps.newId(), newRequestId: deps.newId() };
  return decideWithNumbers(deps, ctx, {
    load: async () => {
      const state = await loadManualTicketState(deps.eventStore, ctx.accountId, command);
      const holder = state.slot?.holderTicket ?? null;
      const reuses = holder !== null && isOpenTicket(holder) && !command.forceCreateTicket;
      text ??= command.waitForTicket && !reuses ? processText(deps, command) : undefined;
      return { state, text: text === undefined ? null : await text };
    },
    decide: ({ state, text: processed }, numbers) => decideManualTicket(command, { ...state, numbers }, {
      account: principal.account, accountId: ctx.accountId, now: ctx.now, createdByUserId: principal.user?.id ?? null, createdByTokenId: principal.tokenId, text: processed, ...ids,
    }),
  });
};

/**
 * POST /apis/tickets/manual (docs/api/tickets.md): decode and check the request, then decide the
 * customer (found by a contact or new), and (waitForTicket) the open ticket of the same customer and
 * task to reuse or the ticket to make with its number, all written in one atomic append; a new
 * ticket's task is then evaluated (its execute actions run once, by the request that made it), and
 * the answer comes once the ticket read models have it.
 */
export const createManualTicket = async (
  deps: ManualTicketDeps,
  principal: Principal,
  requestId: string,
  body: unknown,
  bodyPresent: boolean,
): Promise<Answer> => {
  if (!bodyPresent) return badRequest('Body is required: send the ticket as a JSON object with at least customer and query');
  const decoded = decodeRequest(CreateManualTicketRequest, body);
  if (E.isLeft(decoded)) return badRequest(decoded.left.message, { problems: decoded.left.problems.map((p) => ({ path: p.path.join('.'), reason: p.reason })) });
  const checked = toManualTicketCommand(decoded.right, principal.account);
  if (E.isLeft(checked)) return badRequest(checked.left);
  const command = checked.right;

  const ctx: CommandContext = { accountId: principal.accountId, userId: principal.tokenId, requestId, now: deps.clock.now(), deadline: Date.now() + CREATE_DEADLINE_MS };
  const handled = await decideCreate(deps, ctx, principal, command);
  if (E.isLeft(handled)) return contended(handled.left);
  const { decision, appended } = handled.right;
  if (decision.kind === 'customerBeingErased') {
    return E.left(problem(409, 'The customer\'s personal data is being erased: send the request again once the erasure is done (a few seconds)', {}, { 'Retry-After': '10' }));
  }
  const customer = customerView(decision.customer);
  if (decision.kind === 'requestRecorded') return ok({ success: true, requestId: decision.requestId, existingTicket: false, customer });
  if (decision.kind === 'existing') {
    await waitForReadModels(deps, ctx, decision.ticket.ticketId);
    return ok({ success: true, ticketId: decision.ticket.ticketId, existingTicket: true, customer, ticket: ticketView(decision.ticket) });
  }
  if (appended === null) throw new Error('a created ticket was not appended');
  const { ticket, evaluation, position } = await evaluateAndRecord(deps, ctx, principal.account, command.task, decision.ticket, {
    customer: { id: decision.customer.customerId, name: decision.customer.name, phone: decision.customer.phone, email: decision.customer.email, storefrontCustomerId: decision.customer.storefrontCustomerId },
    objectiveValues: command.objectiveValues, overrides: command.overrides, skipExecuteAction: command.skipExecuteAction,
  }, writtenTicket(appended, decision.ticket.ticketId));
  deps.logger.info('ticket created', {
    requestId: ctx.requestId, accountId: ctx.accountId, ticketId: ticket.ticketId, ticketNumber: ticket.ticketNumber, taskId: ticket.taskId, textProcessing: ticket.textProcessing,
  });
  await waitForReadModels(deps, ctx, ticket.ticketId, position);
  return ok({ success: true, ticketId: ticket.ticketId, existingTicket: false, customer, ticket: ticketView(ticket, evaluation) });
};
