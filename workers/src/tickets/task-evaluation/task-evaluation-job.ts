import { RecordedEvent, TICKET_STREAM_PREFIX, TicketCreatedData } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';
import { TicketBatchJob, ticketBatchJobs, TicketTarget } from '../ticket-batch-job';

export const TICKET_TASK_EVALUATION_JOB = 'ticket-task-evaluation';

/**
 * After a ticket made on a task was created, how long the request that made it may still be
 * evaluating its task: the create's deadline (5 s; the evaluation stops 0.75 s before it, and its
 * record is appended before the answer) and a margin. Past it, an evaluation still missing is one
 * whose request died between the ticket's append and its evaluation's record.
 */
export const EVALUATION_GRACE_MS = 10_000;

/** A ticket made on a task whose evaluation is to be looked for once its request can no longer record it. */
export interface TaskEvaluationTarget extends TicketTarget {
  /** When the ticket's evaluation is overdue (ms since the epoch): its creation and EVALUATION_GRACE_MS. */
  readonly dueAt: number;
}

export type TaskEvaluationJob = TicketBatchJob<TaskEvaluationTarget>;

const TICKETS_PER_JOB = 64;
const jobs = ticketBatchJobs<TaskEvaluationTarget>(TICKET_TASK_EVALUATION_JOB, 'ticket-task-evaluation', TICKETS_PER_JOB);

export const isTaskEvaluationJob = (p: unknown): p is TaskEvaluationJob =>
  typeof p === 'object' && p !== null && Array.isArray((p as TaskEvaluationJob).tickets);

/**
 * Job dispatch of the evaluations a create may have left undone: every ticket made on a task asks
 * for a look once its evaluation is overdue (the tickets of one dispatched batch in few jobs). The
 * request that made the ticket evaluates its task itself (docs/architecture.md, "A create"), so
 * the worker finds it recorded and does nothing, but for a request that died in between.
 */
export const taskEvaluationDispatcher: DispatcherDefinition = {
  name: 'ticket-task-evaluation',
  streamNamePrefixes: [TICKET_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'TicketCreated') return [];
    const data = event.data as TicketCreatedData;
    if (data.requestedTaskId === null || (data.ticketType ?? 'ticket') !== 'ticket') return [];
    const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : null;
    const createdMs = Date.parse(data.createdAt);
    const dueAt = (Number.isNaN(createdMs) ? event.created.getTime() : createdMs) + EVALUATION_GRACE_MS;
    return [jobs.of({ ticketId: data.ticketId, accountId: data.accountId, correlationId, causationId: event.id, dueAt })];
  },
  combine: (published: readonly JobToPublish[]): readonly JobToPublish[] => jobs.combine(published, (payload) => (payload as TaskEvaluationJob).tickets),
};
