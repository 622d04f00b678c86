import * as E from 'fp-ts/Either';
import { Account, CommandContext, evaluateTask, evaluationTicketOf, evolveTicket, MultiStreamAppendResult, Position, TaskEvaluated, TaskEvaluation, TaskEvaluationInput, TicketState, ticketStream } from '@support/domain';
import { handleTicket, toEventData, WriteDeps } from '@support/event-sourcing';
import { evaluationPorts, EvaluationPortsDeps } from './evaluation-ports';

/** A create answers within this time; the evaluation keeps EVALUATION_MARGIN_MS of it for the appends and the read models. */
export const CREATE_DEADLINE_MS = 5_000;
const EVALUATION_MARGIN_MS = 750;

/**
 * The account's workflow for a new ticket (docs/api/tickets.md): its task evaluated (data points,
 * objectives, actions, transitions) with the sources answering by the create's deadline; null
 * without a task.
 */
export const evaluateNewTicket = (
  deps: EvaluationPortsDeps,
  ctx: CommandContext,
  account: Account,
  input: Omit<TaskEvaluationInput, 'account' | 'task' | 'evaluatedAt'> & { readonly task: TaskEvaluationInput['task'] | null },
): Promise<TaskEvaluation | null> => {
  const { task } = input;
  if (task === null) return Promise.resolve(null);
  const deadline = (ctx.deadline ?? Date.now() + CREATE_DEADLINE_MS) - EVALUATION_MARGIN_MS;
  return evaluateTask({ ...input, account, task, evaluatedAt: ctx.now }, evaluationPorts(deps, account, deadline));
};

/**
 * The task's evaluation of a ticket just made (data points, execute actions, transitions), run by the
 * request that made it, once it exists (so its execute actions run once, whatever races the create
 * lost or won), and recorded on it (TaskEvaluated, which moves the ticket along its transitions). A
 * request that dies in between leaves the ticket without it: the workers evaluate it once it is
 * overdue (workers/src/tickets/task-evaluation).
 * Without a task there is nothing to evaluate: the ticket and the position of its append come back.
 * `written`: where the create's append left the log and the ticket's stream.
 */
export const evaluateAndRecord = async (
  deps: EvaluationPortsDeps & WriteDeps,
  ctx: CommandContext,
  account: Account,
  task: TaskEvaluationInput['task'] | null,
  ticket: TicketState,
  request: Pick<TaskEvaluationInput, 'customer' | 'objectiveValues' | 'overrides' | 'skipExecuteAction'>,
  written: { readonly position: Position; readonly revision: bigint },
): Promise<{ ticket: TicketState; evaluation: TaskEvaluation | null; position: Position }> => {
  const evaluation = await evaluateNewTicket(deps, ctx, account, {
    ...request,
    task,
    ticket: evaluationTicketOf(ticket),
  });
  if (evaluation === null) return { ticket, evaluation, position: written.position };
  const stream = ticketStream(ticket.ticketId);
  const evaluated: TaskEvaluated = { type: 'TaskEvaluated', data: { ticketId: ticket.ticketId, accountId: ctx.accountId, ...evaluation } };
  // Most often nothing was appended to the new ticket since: its evaluation follows at the revision
  // the create left, without reading the stream again.
  const appended = await deps.eventStore.appendToStream(stream, [toEventData(evaluated, ctx, deps.newId)], { expectedRevision: written.revision });
  if (E.isRight(appended)) return { ticket: evolveTicket(ticket, evaluated) ?? ticket, evaluation, position: appended.right.position };
  // Something was: recorded once, decided on the ticket as it is now (should the workers have
  // evaluated it meanwhile, this request having stalled past its deadline and their grace, theirs stands).
  const recorded = await handleTicket(deps, stream, { type: 'RecordTaskEvaluation', evaluation: evaluated.data }, ctx);
  if (E.isLeft(recorded) || recorded.right.state === null) throw new Error(`the evaluation of ticket ${ticket.ticketId} could not be recorded`);
  return { ticket: recorded.right.state, evaluation, position: recorded.right.appended?.position ?? written.position };
};

/** Where a create's append left the log and the new ticket's stream (its revision after its own events). */
export const writtenTicket = (appended: MultiStreamAppendResult, ticketId: string): { position: Position; revision: bigint } => {
  const stream = appended.streams.find((s) => s.streamName === ticketStream(ticketId));
  if (stream === undefined) throw new Error(`the create's append did not write ticket ${ticketId}`);
  return { position: appended.position, revision: stream.nextExpectedRevision };
};
