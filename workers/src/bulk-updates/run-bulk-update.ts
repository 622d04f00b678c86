import * as E from 'fp-ts/Either';
import {
  BulkUpdateCommand, BulkUpdateEvent, bulkUpdateDecider, BulkUpdateState, bulkUpdateStream, CommandContext, decideBulkSlice, isTicketBulkUpdateJob, Job, JobLease,
  JobOutcome, recordedTickets, ticketDecider, ticketStream, TicketBulkUpdateJob,
} from '@support/domain';
import { decideAndAppend, loadStream, sleep, WriteDeps } from '@support/event-sourcing';
import { bulkJobCommand } from './bulk-job-command';
import { AttemptSuperseded, holdAttempt } from '../exports/attempt-hold';
import { BULK_UPDATE_WORKER, BulkUpdateWorkerDeps, BulkUpdateWorkerOptions } from './bulk-update-worker-deps';

interface JobRead {
  readonly state: BulkUpdateState;
  readonly revision: bigint | null;
}

const readJob = async (deps: WriteDeps, jobStream: string): Promise<JobRead> => loadStream(deps.eventStore, jobStream, bulkUpdateDecider);
const readTicket = async (deps: WriteDeps, ticketId: string) => ({ ticketId, ...(await loadStream(deps.eventStore, ticketStream(ticketId), ticketDecider)) });

const ACK: JobOutcome = { type: 'ack' };

/** The message of a job failed for good: what happened and what to do, nothing internal. */
export const BULK_UPDATE_FAILED_MESSAGE = 'The bulk update could not be completed: its worker failed on every try. The outcomes recorded so far stand; start a new bulk update for the rest.';
const ACCOUNT_GONE_MESSAGE = 'The bulk update could not be run: the account is no longer configured.';

/** The outcomes an earlier attempt recorded (read once, when a redelivered job starts again). */
const recordedBefore = async (deps: BulkUpdateWorkerDeps, jobId: string): Promise<Set<string>> => {
  const events: BulkUpdateEvent[] = [];
  for await (const e of deps.eventStore.readStream(bulkUpdateStream(jobId))) events.push({ type: e.type, data: e.data } as BulkUpdateEvent);
  return recordedTickets(events);
};

/**
 * One delivery of a bulk update, safe to run again at any point:
 * 1. StartBulkUpdate: a finished or cancelled job is acknowledged as it is; otherwise this delivery
 *    becomes the job's newest attempt (an earlier one, of a worker that died, is superseded);
 * 2. the tickets whose outcome is not recorded yet are changed a slice at a time (decideBulkSlice):
 *    the slice's changes and their outcomes on the job are one decision and one append, which
 *    expects the job as this attempt last saw it, so a cancel (or a newer attempt) refuses the next
 *    slice and the delivery stops there, having changed no ticket after the cancel;
 * 3. CompleteBulkUpdate for this attempt, once every ticket has its outcome.
 * Exactly once: a ticket is changed only with its outcome recorded, and skipped once it is.
 */
export const runBulkUpdateJob = (deps: BulkUpdateWorkerDeps, options: Required<BulkUpdateWorkerOptions>) => async (job: Job, lease: JobLease): Promise<JobOutcome> => {
  if (!isTicketBulkUpdateJob(job.payload)) return { type: 'fail', reason: 'job payload is not a bulk update' };
  const { jobId, accountId } = job.payload;
  const log = { jobId, accountId, deliveryCount: job.deliveryCount };
  const command = (c: BulkUpdateCommand) => bulkJobCommand(deps, job.payload as TicketBulkUpdateJob, c);

  const started = await command({ type: 'StartBulkUpdate', now: deps.clock.now() });
  if (E.isLeft(started)) {
    switch (started.left.kind) {
      case 'BulkUpdateFinished':
        return ACK;
      case 'BulkUpdateNotFound':
        return job.deliveryCount < 5 ? { type: 'retry', delayMs: 1_000, reason: 'bulk update not found yet' } : { type: 'fail', reason: 'no such bulk update' };
      default:
        return { type: 'retry', delayMs: 200, reason: 'bulk update stream changed meanwhile' };
    }
  }
  const { attempt, request } = started.right.state;
  if (request === null) return { type: 'fail', reason: 'bulk update without request' };
  const account = deps.directory().account(accountId);
  if (account === undefined) {
    await command({ type: 'FailBulkUpdate', error: ACCOUNT_GONE_MESSAGE, now: deps.clock.now() });
    return ACK;
  }
  const hold = holdAttempt(lease, options.ackWaitMs);
  const began = Date.now();
  try {
    const done = attempt > 1 ? await recordedBefore(deps, jobId) : new Set<string>();
    const todo = request.ticketIds.filter((id) => !done.has(id));
    deps.logger.info('bulk update started', { ...log, attempt, total: request.total, left: todo.length });
    const jobStream = bulkUpdateStream(jobId);
    // The job as this attempt last wrote it (read again after a slice was refused: a cancel may have come).
    let lastWritten: JobRead | null = { state: started.right.state, revision: started.right.appended?.nextExpectedRevision ?? null };
    const paced = Date.now();
    for (let i = 0; i < todo.length; i += options.ticketsAtOnce) {
      // Background work: at most ticketsPerSecond, the rest of the process's time left to requests.
      const due = options.ticketsPerSecond > 0 ? paced + (i * 1000) / options.ticketsPerSecond - Date.now() : 0;
      if (due > 0) await sleep(due);
      const now = deps.clock.now();
      const slice = todo.slice(i, i + options.ticketsAtOnce);
      // The tickets' events as their single-ticket routes write them (the requester's token), with the job as their cause.
      const ticketCtx: CommandContext = { accountId, userId: request.tokenId, requestId: jobId, correlationId: jobStream, causationId: jobStream, now };
      const workerCtx: CommandContext = { accountId, userId: BULK_UPDATE_WORKER, requestId: jobId, now };
      const handled = await decideAndAppend(deps, workerCtx, {
        load: async () => {
          const [current, ...tickets] = await Promise.all([lastWritten ?? readJob(deps, jobStream), ...slice.map((ticketId) => readTicket(deps, ticketId))]);
          return { current, tickets };
        },
        decide: ({ current, tickets }) => decideBulkSlice(account, current, attempt, tickets, now),
        refused: () => {
          lastWritten = null;
        },
        contextOf: (event) => (event.type.startsWith('BulkUpdate') ? workerCtx : ticketCtx),
      });
      if (E.isLeft(handled)) throw new Error('the bulk update\'s tickets kept changing');
      const { decision, appended } = handled.right;
      if (decision.stop) {
        deps.logger.info('bulk update stopped', { ...log, attempt, reason: decision.reason });
        return ACK;
      }
      const job = appended?.streams.find((s) => s.streamName === jobStream);
      if (job === undefined) throw new Error('a slice of the bulk update was not recorded on its job');
      lastWritten = { state: decision.job, revision: job.nextExpectedRevision };
      await hold.moved();
    }
    const completed = await command({ type: 'CompleteBulkUpdate', attempt, now: deps.clock.now() });
    if (E.isLeft(completed) && completed.left.kind === 'ConcurrencyConflict') return { type: 'retry', delayMs: 200, reason: 'bulk update stream kept changing' };
    deps.logger.info('bulk update finished', { ...log, attempt, ms: Date.now() - began, outcome: E.isLeft(completed) ? completed.left.kind : 'succeeded' });
    return ACK;
  } catch (e) {
    if (e instanceof AttemptSuperseded) {
      deps.logger.warn('bulk update attempt superseded', { ...log, attempt });
      return ACK;
    }
    deps.logger.error('bulk update attempt failed', { ...log, attempt, errorName: (e as Error).name, errorMessage: (e as Error).message });
    if (job.deliveryCount >= options.maxDeliver) {
      await command({ type: 'FailBulkUpdate', error: BULK_UPDATE_FAILED_MESSAGE, now: deps.clock.now() });
      return ACK;
    }
    return { type: 'retry', delayMs: Math.min(30_000, 1_000 * 2 ** (job.deliveryCount - 1)), reason: 'bulk update attempt failed' };
  } finally {
    hold.release();
  }
};
