import { ConsumerHandle, JobQueue } from '@support/domain';
import { evaluateMissingTasks, TaskEvaluationWorkerDeps } from './evaluate-missing';
import { TICKET_TASK_EVALUATION_JOB } from './task-evaluation-job';

/**
 * The worker that evaluates the tasks creates left unevaluated (their process died between the
 * ticket's append and its evaluation's record): a durable consumer of task evaluation jobs. A job
 * comes back once when it is taken before its tickets are overdue, so it has deliveries to spare.
 */
export const startTaskEvaluationWorker = (deps: TaskEvaluationWorkerDeps & { readonly jobQueue: JobQueue }): Promise<ConsumerHandle> =>
  deps.jobQueue.consume(TICKET_TASK_EVALUATION_JOB, { consumer: 'ticket-task-evaluation', maxDeliver: 10, ackWaitMs: 60_000, concurrency: 2 }, evaluateMissingTasks(deps));
