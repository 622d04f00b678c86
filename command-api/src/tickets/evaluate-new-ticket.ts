import * as E from 'fp-ts/Either';
import { Account, CommandContext, evaluateTask, Position, TaskEvaluation, TaskEvaluationInput, TicketState, ticketStream } from '@support/domain';
import { handleTicket, WriteDeps } from '@support/event-sourcing';
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
 */
export const evaluateAndRecord = async (
  deps: EvaluationPortsDeps & WriteDeps,
  ctx: CommandContext,
  account: Account,
  task: TaskEvaluationInput['task'] | null,
  ticket: TicketState,
  request: Pick<TaskEvaluationInput, 'customer' | 'objectiveValues' | 'overrides' | 'skipExecuteAction'>,
  position: Position,
): Promise<{ ticket: TicketState; evaluation: TaskEvaluation | null; position: Position }> => {
  const evaluation = await evaluateNewTicket(deps, ctx, account, {
    ...request,
    task,
    ticket: {
      id: ticket.ticketId, ticketNumber: ticket.ticketNumber, orderName: ticket.orderName, subject: ticket.subject, query: ticket.query, source: ticket.source, manualSourceLabel: ticket.manualSourceLabel,
    },
  });
  if (evaluation === null) return { ticket, evaluation, position };
  // Recorded once: should the workers have evaluated it meanwhile (this request stalled past its
  // deadline and their grace), theirs stands (task-evaluation worker).
  const recorded = await handleTicket(deps, ticketStream(ticket.ticketId), {
    type: 'RecordTaskEvaluation', evaluation: { ticketId: ticket.ticketId, accountId: ctx.accountId, ...evaluation },
  }, ctx);
  if (E.isLeft(recorded) || recorded.right.state === null) throw new Error(`the evaluation of ticket ${ticket.ticketId} could not be recorded`);
  return { ticket: recorded.right.state, evaluation, position: recorded.right.appended?.position ?? position };
};
