import * as E from 'fp-ts/Either';
import {
  CommandContext, currentResolutions, customerDecider, customerStream, DataPointsReevaluatedData, evaluationTicketOf, evolveTicket, findTaskById, Job, JobOutcome,
  MaybeTicket, reevaluateDataPoints, TaskEvaluatedData, TicketEvent, ticketStream,
} from '@support/domain';
import { handleTicket, loadStream } from '@support/event-sourcing';
import { isTicketDataPointsJob } from './data-points-job';
import { DataPointsWorkerDeps, DataPointsWorkerOptions, TICKET_DATA_POINTS_WORKER } from './data-points-worker-deps';
import { reevaluationPorts } from './source-ports';

interface TicketHistory {
  readonly ticket: MaybeTicket;
  readonly evaluation: TaskEvaluatedData | null;
  readonly reevaluations: readonly DataPointsReevaluatedData[];
}

/** The ticket, its evaluation and the re-evaluations recorded since, from one read of its stream. */
const readTicket = async (deps: DataPointsWorkerDeps, ticketId: string): Promise<TicketHistory> => {
  let ticket: MaybeTicket = null;
  let evaluation: TaskEvaluatedData | null = null;
  const reevaluations: DataPointsReevaluatedData[] = [];
  for await (const recorded of deps.eventStore.readStream(ticketStream(ticketId))) {
    const event = { type: recorded.type, data: recorded.data } as TicketEvent;
    ticket = evolveTicket(ticket, event);
    if (event.type === 'TaskEvaluated') evaluation = event.data;
    if (event.type === 'DataPointsReevaluated') reevaluations.push(event.data);
  }
  return { ticket, evaluation, reevaluations };
};

/**
 * One try at the data points of a ticket whose sources did not answer at evaluation: each is asked
 * again (every other data point keeps its value), and what changed (a value, or an absence for
 * good) is recorded as DataPointsReevaluated through the ticket decider, which drops data points
 * already filled (a redelivered job records nothing twice). Data points still unanswered are tried
 * again later on the retry schedule; after the last try they stay absent as evaluated.
 */
export const reevaluateTicket = (deps: DataPointsWorkerDeps, options: Required<DataPointsWorkerOptions>) => async (job: Job): Promise<JobOutcome> => {
  if (!isTicketDataPointsJob(job.payload)) return { type: 'fail', reason: 'job payload is not a ticket data points job' };
  const { ticketId, accountId } = job.payload;
  const log = { ticketId, accountId, jobId: job.id, deliveryCount: job.deliveryCount };
  const { ticket, evaluation, reevaluations } = await readTicket(deps, ticketId);
  if (ticket === null || evaluation === null) return { type: 'fail', reason: `ticket ${ticketId} has no task evaluation` };
  const names = ticket.dataPointsToFill;
  if (names.length === 0) return { type: 'ack' };
  const account = deps.directory().account(accountId);
  const task = account && findTaskById(account, evaluation.taskId);
  if (!account || !task) {
    deps.logger.warn('data points not re-evaluated: the account or task is no longer configured', log);
    return { type: 'ack' };
  }
  const { state: customer } = await loadStream(deps.eventStore, customerStream(ticket.customerId), customerDecider);
  const now = deps.clock.now();
  const found = await reevaluateDataPoints({
    account,
    task,
    ticket: evaluationTicketOf(ticket),
    customer: {
      id: ticket.customerId, name: ticket.customer.name, phone: ticket.customer.phone, email: ticket.customer.email,
      storefrontCustomerId: customer?.storefrontCustomerId ?? null,
    },
    objectiveValues: ticket.objectiveValues,
    overrides: {},
    skipExecuteAction: true,
    evaluatedAt: now,
  }, currentResolutions(evaluation, reevaluations), names, ticket.objectives, reevaluationPorts(deps, account));

  const settled = found.dataPoints.filter((d) => d.status === 'resolved' || d.retryable !== true);
  if (settled.length > 0) {
    const ctx: CommandContext = {
      accountId, userId: TICKET_DATA_POINTS_WORKER, requestId: job.id, now, causationId: job.payload.causationId,
      ...(job.payload.correlationId ? { correlationId: job.payload.correlationId } : {}),
    };
    const handled = await handleTicket(deps, ticketStream(ticketId), {
      type: 'RecordReevaluation',
      reevaluation: { ...found, ticketId, accountId, attempt: job.deliveryCount, dataPoints: settled },
    }, ctx);
    if (E.isLeft(handled)) return { type: 'retry', delayMs: 200, reason: `the re-evaluation of ticket ${ticketId} could not be recorded: ${handled.left.kind}` };
    deps.logger.info('data points re-evaluated', { ...log, filled: settled.filter((d) => d.status === 'resolved').length, settled: settled.length });
  }
  const waiting = found.dataPoints.length - settled.length;
  if (waiting === 0) return { type: 'ack' };
  const delays = options.retryDelaysMs;
  if (job.deliveryCount > delays.length) {
    deps.logger.warn('data points left absent: their sources did not answer on any try', { ...log, waiting });
    return { type: 'ack' };
  }
  return { type: 'retry', delayMs: delays[job.deliveryCount - 1], reason: `${waiting} data point(s) still without an answer` };
};
