import * as E from 'fp-ts/Either';
import {
  Account, accountSlaTargets, ActionRunner, CommandContext, ConfiguredHttp, CreateManualTicketRequest, CustomerState, customerStream, customerView, decodeRequest, Logger, ManualTicketCommand, OrderLookup, Position, Principal, ProcessedTicketText, ProjectionProgress, READ_YOUR_WRITES_MS, TaskEvaluation, TicketState, ticketStream, TicketTextProcessor, toManualTicketCommand,
} from '@support/domain';
import { handleCustomer, OpenTicketSlotKey, readLastEvent } from '@support/event-sourcing';
import { contention, HttpAnswer, HttpProblem, ok, problem } from '@support/http-edge';
import { CustomerDirectoryDeps, findOrCreateCustomer } from './find-or-create-customer';
import { CREATE_DEADLINE_MS, evaluateNewTicket } from './evaluate-new-ticket';
import { claimOpenTicketSlot, releaseOpenTicketSlot } from './open-ticket-slot';
import { allocateTicketNumber } from './ticket-number';
import { appendNewTicket } from './append-new-ticket';
import { ticketView } from './ticket-view';

export interface ManualTicketDeps extends CustomerDirectoryDeps {
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
 * A create answers within CREATE_DEADLINE_MS, whatever other requests write meanwhile: its claims and
 * decisions stop trying by then, and it answers 503 with Retry-After (sending it again is safe).
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

const processText = async (deps: ManualTicketDeps, command: ManualTicketCommand, ticketId: string): Promise<ProcessedTicketText | null> => {
  if (command.fastResponse) return null;
  try {
    return await deps.textProcessor.process({ subject: command.subject, query: command.query });
  } catch (e) {
    // The worker processes it afterwards, as with fastResponse.
    deps.logger.warn('ticket text processing failed; deferred to the worker', { ticketId, processor: deps.textProcessor.name, errorName: (e as Error)?.name });
    return null;
  }
};

/** Only the customer (waitForTicket false): a CustomerRequestReceived event holds the requestId. */
const recordRequestOnly = async (deps: ManualTicketDeps, ctx: CommandContext, command: ManualTicketCommand, customer: CustomerState): Promise<Answer> => {
  const requestId = deps.newId();
  const recorded = await handleCustomer(deps, customerStream(customer.customerId), {
    type: 'RecordRequest',
    request: {
      requestId, receivedAt: ctx.now.toISOString(), subject: command.subject, query: command.query, orderName: command.orderName,
      source: command.source, manualSourceLabel: command.manualSourceLabel, taskId: command.task?.id ?? null,
    },
  }, ctx);
  if (E.isLeft(recorded)) {
    if (recorded.left.kind === 'ConcurrencyConflict') return E.left(contention('customer'));
    throw new Error(`recording the request failed: ${recorded.left.kind}`);
  }
  return ok({ success: true, requestId, existingTicket: false, customer: customerView(customer) });
};

const createTicket = async (
  deps: ManualTicketDeps,
  ctx: CommandContext,
  principal: Principal,
  command: ManualTicketCommand,
  customer: CustomerState,
  ticketId: string,
  numbered: ReturnType<typeof allocateTicketNumber> | null,
): Promise<E.Either<HttpProblem, { ticket: TicketState; evaluation: TaskEvaluation | null; position: Position }>> => {
  const allocated = await (numbered ?? allocateTicketNumber(deps, ctx, ticketId));
  if (E.isLeft(allocated)) return E.left(contention('ticket numbers'));
  const ticketNumber = allocated.right;
  const account: Account = principal.account;
  const [evaluation, text] = await Promise.all([
    evaluateNewTicket(deps, ctx, account, {
      task: command.task,
      ticket: {
        id: ticketId, ticketNumber, orderName: command.orderName, subject: command.subject, query: command.query,
        source: command.source, manualSourceLabel: command.manualSourceLabel,
      },
      customer: {
        id: customer.customerId, name: customer.name, phone: customer.phone, email: customer.email, storefrontCustomerId: customer.storefrontCustomerId,
      },
      objectiveValues: command.objectiveValues,
      overrides: command.overrides,
      skipExecuteAction: command.skipExecuteAction,
    }),
    processText(deps, command, ticketId),
  ]);

  const { ticket, position } = await appendNewTicket(deps, ctx, {
    ticketId, accountId: ctx.accountId, ticketNumber, status: 'open',
    subject: command.subject, query: command.query, summary: text?.summary ?? null, sentiment: text?.sentiment ?? null,
    textProcessing: text === null ? 'pending' : 'done',
    orderName: command.orderName, source: command.source, manualSourceLabel: command.manualSourceLabel,
    customerId: customer.customerId, customer: { name: customer.name, phone: customer.phone, email: customer.email },
    taskId: evaluation?.taskId ?? null, teamId: evaluation?.teamId ?? null, requestedTaskId: command.task?.id ?? null,
    createdByUserId: principal.user?.id ?? null, createdByTokenId: principal.tokenId, createdAt: ctx.now.toISOString(),
    payload: command.payload, payloadFormat: command.payloadFormat, relatedTicketNumber: command.relatedTicketNumber,
    objectiveValues: command.objectiveValues, images: command.images, parentTicketId: null, ticketType: 'ticket', rootTicketId: ticketId,
    forced: command.forceCreateTicket, slaTargets: accountSlaTargets(account, ctx.now.getTime()),
  }, evaluation === null ? null : { ticketId, accountId: ctx.accountId, ...evaluation });
  deps.logger.info('ticket created', {
    requestId: ctx.requestId, accountId: ctx.accountId, ticketId, ticketNumber, taskId: ticket.taskId, textProcessing: ticket.textProcessing,
  });
  return E.right({ ticket, evaluation, position });
};

/**
 * POST /apis/tickets/manual (docs/api/tickets.md): decode and check the request, find or create the customer,
 * then (waitForTicket) reuse an open ticket of the same customer and task or create a ticket with
 * its number, task evaluation and (unless fastResponse) processed text, and answer once the ticket
 * read models have it.
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
  const found = await findOrCreateCustomer(deps, ctx, command.customer);
  if (E.isLeft(found)) return E.left(contention('customer'));
  const customer = found.right;
  if (!command.waitForTicket) return recordRequestOnly(deps, ctx, command, customer);

  const ticketId = deps.newId();
  // A forced claim always claims the slot, so the ticket's number is allocated meanwhile (the two
  // appends go to the log together, one fsync round fewer before the answer); otherwise only once the
  // slot is claimed, so that a reused ticket costs no number.
  const numbered = command.forceCreateTicket ? allocateTicketNumber(deps, ctx, ticketId) : null;
  numbered?.catch(() => undefined);
  const slotKey: OpenTicketSlotKey = { accountId: ctx.accountId, customerId: customer.customerId, taskId: command.task?.id ?? null, forced: command.forceCreateTicket };
  const slot = await claimOpenTicketSlot(deps, ctx, slotKey, ticketId);
  if (E.isLeft(slot)) return E.left(contention('open ticket of this customer and task'));
  if (slot.right.kind === 'existing') {
    const existing = slot.right.ticket;
    await waitForReadModels(deps, ctx, existing.ticketId);
    return ok({ success: true, ticketId: existing.ticketId, existingTicket: true, customer: customerView(customer), ticket: ticketView(existing) });
  }
  const release = () => releaseOpenTicketSlot(deps, ctx, slotKey, ticketId, 'the request failed before the ticket was made').catch(() => undefined);
  let created: Awaited<ReturnType<typeof createTicket>>;
  try {
    created = await createTicket(deps, ctx, principal, command, customer, ticketId, numbered);
  } catch (e) {
    await release();
    throw e;
  }
  if (E.isLeft(created)) {
    await release();
    return created;
  }
  const { ticket, evaluation, position } = created.right;
  await waitForReadModels(deps, ctx, ticketId, position);
  return ok({ success: true, ticketId, existingTicket: false, customer: customerView(customer), ticket: ticketView(ticket, evaluation) });
};
