import { Account, CommandContext, evaluateTask, TaskEvaluation, TaskEvaluationInput } from '@support/domain';
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
