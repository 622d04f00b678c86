import * as E from 'fp-ts/Either';
import {
  AccountDirectory, actionPort, ActionRunner, Clock, CommandContext, ConfiguredHttp, customerDecider, customerStream, evaluateTask, evaluationTicketOf, EventStore, findTaskById, IdGenerator, Job, JobOutcome, Logger,
  OrderLookup, sourcePorts, ticketDecider, ticketStream,
} from '@support/domain';
import { handleTicket, loadStream } from '@support/event-sourcing';
import { isTaskEvaluationJob, TaskEvaluationTarget } from './task-evaluation-job';

export interface TaskEvaluationWorkerDeps {
  readonly eventStore: EventStore;
  readonly directory: () => AccountDirectory;
  readonly orders: OrderLookup;
  readonly http: ConfiguredHttp;
  readonly actions: ActionRunner;
  readonly newId: IdGenerator;
  readonly clock: Clock;
  readonly logger: Logger;
}

export const TICKET_TASK_EVALUATION_WORKER = 'worker:ticket-task-evaluation';

/**
 * One ticket of the job: when its evaluation is still not recorded, its task is evaluated (data
 * points, execute actions, transitions) as the create would have, and recorded through the ticket
 * decider, which records a ticket's evaluation once (RecordTaskEvaluation decides nothing when one
 * is there). Answers whether it evaluated.
 */
const evaluateIfMissing = async (deps: TaskEvaluationWorkerDeps, target: TaskEvaluationTarget, jobId: string): Promise<boolean> => {
  const { state: ticket } = await loadStream(deps.eventStore, ticketStream(target.ticketId), ticketDecider);
  if (ticket === null || ticket.evaluatedAt !== null || ticket.requestedTaskId === null) return false;
  const account = deps.directory().account(target.accountId);
  const task = account && findTaskById(account, ticket.requestedTaskId);
  if (!account || !task) {
    deps.logger.warn('task not evaluated: the account or task is no longer configured', { ticketId: target.ticketId, accountId: target.accountId });
    return false;
  }
  const { state: customer } = await loadStream(deps.eventStore, customerStream(ticket.customerId), customerDecider);
  const now = deps.clock.now();
  const evaluation = await evaluateTask({
    account, task, evaluatedAt: now,
    ticket: evaluationTicketOf(ticket),
    customer: { id: ticket.customerId, ...ticket.customer, storefrontCustomerId: customer?.storefrontCustomerId ?? null },
    objectiveValues: ticket.objectiveValues, overrides: {}, skipExecuteAction: false,
  }, { ...sourcePorts(deps, account), runAction: actionPort(deps, account) });
  const ctx: CommandContext = {
    accountId: target.accountId, userId: TICKET_TASK_EVALUATION_WORKER, requestId: jobId, now, causationId: target.causationId,
    ...(target.correlationId ? { correlationId: target.correlationId } : {}),
  };
  const handled = await handleTicket(deps, ticketStream(ticket.ticketId), { type: 'RecordTaskEvaluation', evaluation: { ticketId: ticket.ticketId, accountId: target.accountId, ...evaluation } }, ctx);
  if (E.isLeft(handled)) throw new Error(`the evaluation of ticket ${ticket.ticketId} could not be recorded: ${handled.left.kind}`);
  deps.logger.info('task evaluated after its create', { ticketId: ticket.ticketId, accountId: target.accountId, taskId: evaluation.taskId });
  return handled.right.newEvents.length > 0;
};

/**
 * A job's tickets, once their evaluations are overdue (before that, the job comes back when they
 * are): each whose evaluation is still missing is evaluated now. A job that fails is delivered again
 * whole; the tickets evaluated by then are found so and skipped.
 */
export const evaluateMissingTasks = (deps: TaskEvaluationWorkerDeps) => async (job: Job): Promise<JobOutcome> => {
  if (!isTaskEvaluationJob(job.payload)) return { type: 'fail', reason: 'job payload is not a task evaluation job' };
  const due = Math.max(...job.payload.tickets.map((t) => t.dueAt));
  const wait = due - deps.clock.now().getTime();
  if (wait > 0) return { type: 'retry', delayMs: wait, reason: 'the evaluations are not overdue yet' };
  for (const target of job.payload.tickets) await evaluateIfMissing(deps, target, job.id);
  return { type: 'ack' };
};
