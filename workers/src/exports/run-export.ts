import * as E from 'fp-ts/Either';
import {
  exportBlobKey, exportColumns, exportCriteria, ExportTicket, isTicketExportJob, Job, JobLease, JobOutcome, positionToString, TicketExportRequestedData, TICKETS_PROJECTION,
} from '@support/domain';
import { AttemptHold, AttemptStalled, AttemptSuperseded, holdAttempt } from './attempt-hold';
import { csvChunks } from './csv-chunks';
import { exportCommand } from './export-command';
import { ExportWorkerDeps, ExportWorkerOptions } from './export-worker-deps';
import { objectiveParamsInResult } from './objective-tasks';

const ACK: JobOutcome = { type: 'ack' };

/** The message a failed job carries: what happened and what to do, nothing internal. */
export const EXPORT_FAILED_MESSAGE = 'The export could not be completed. Start a new export; if it fails again, contact support with the jobId.';
const ACCOUNT_GONE_MESSAGE = 'The export could not be run: the account is no longer configured.';

interface Written {
  readonly blobKey: string;
  readonly processed: number;
  readonly fileSizeBytes: number;
}

/**
 * Streams one attempt's file: the read model's stream of the criteria's tickets in the list's order → rows → d3-dsv (csv-records.ts) → the blob store's upload. Progress is recorded at
 * most once per interval; a rejected progress (a later attempt owns the job) aborts the upload, so
 * nothing of this attempt becomes visible. Each attempt writes its own blob key.
 */
const writeFile = async (
  deps: ExportWorkerDeps, options: Required<ExportWorkerOptions>, request: TicketExportRequestedData, attempt: number, startedAt: Date, queueJobId: string,
  hold: AttemptHold,
): Promise<Written> => {
  const account = deps.directory().account(request.accountId)!;
  const criteria = exportCriteria(request, account);
  if (E.isLeft(criteria)) throw new Error(`the export's filters no longer make criteria: ${criteria.left.message}`);
  const objectiveParams = await objectiveParamsInResult(deps.readModels.tickets, account, criteria.right);
  const columns = exportColumns({ account, format: request.format, now: startedAt, objectiveParams });
  const cursor = deps.readModels.tickets.stream<ExportTicket>(criteria.right);
  let lastProgressAt = Date.now();
  let processed = 0;
  // The progress being recorded: the rows go on meanwhile (its append waits for an fsync); the next
  // progress, and the end of the file, wait for it and stop the attempt if a later one took over.
  let recording: Promise<void> | null = null;
  const recordProgress = async (count: number) => {
    const r = await exportCommand(deps, { ...request, queueJobId }, { type: 'RecordProgress', attempt, processed: count, now: deps.clock.now() });
    if (E.isLeft(r) && r.left.kind !== 'ConcurrencyConflict') throw new AttemptSuperseded();
  };
  const onRows = async (count: number) => {
    processed = count;
    await hold.moved();
    if (Date.now() - lastProgressAt < options.progressIntervalMs) return;
    lastProgressAt = Date.now();
    await recording;
    recording = recordProgress(count);
    recording.catch(() => undefined); // awaited by the next progress or after the file
  };
  const blobKey = exportBlobKey(request.accountId, request.jobId, attempt);
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of csvChunks(cursor, columns, options.rowsPerChunk, onRows)) {
      yield chunk;
      await hold.moved(); // the blob store took it
    }
    await recording;
  }
  try {
    const info = await deps.blobStore.put(blobKey, chunks(), { contentType: 'text/csv; charset=utf-8', signal: hold.signal });
    return { blobKey, processed, fileSizeBytes: info.sizeBytes };
  } finally {
    await (recording as Promise<void> | null)?.catch(() => undefined);
  }
};

/**
 * One delivery of an export job, safe to run again at any point (exactly once on redelivery):
 * 1. StartExport: a finished job is acknowledged as it is; otherwise this delivery becomes the
 *    job's newest attempt (any earlier attempt, e.g. of a worker that died, is superseded), with the
 *    position the tickets read model had reached (readFrom);
 * 2. the file is streamed under this attempt's own key (a put is whole or invisible);
 * 3. CompleteExport for this attempt: only the attempt that still owns the job succeeds, once;
 *    a superseded attempt deletes its file.
 * A failure is retried (a new attempt) until the last delivery, which records a safe error.
 */
export const runExportJob = (deps: ExportWorkerDeps, options: Required<ExportWorkerOptions>) => async (job: Job, lease: JobLease): Promise<JobOutcome> => {
  if (!isTicketExportJob(job.payload)) return { type: 'fail', reason: 'job payload is not a ticket export' };
  const ref = { ...job.payload, queueJobId: job.id };
  const log = { jobId: ref.jobId, accountId: ref.accountId, deliveryCount: job.deliveryCount };

  const startedAt = deps.clock.now();
  // Read before the attempt reads a row: its rows hold every event up to here (an erasure's withdrawal compares it with its own position).
  const readFrom = await deps.readModels.checkpoint(TICKETS_PROJECTION);
  const started = await exportCommand(deps, ref, { type: 'StartExport', now: startedAt, readFrom: readFrom === null ? null : positionToString(readFrom) });
  if (E.isLeft(started)) {
    switch (started.left.kind) {
      case 'ExportFinished':
        return ACK;
      case 'ExportNotRequested':
        return job.deliveryCount < 5 ? { type: 'retry', delayMs: 1_000, reason: 'export job not found yet' } : { type: 'fail', reason: 'no such export job' };
      default:
        return { type: 'retry', delayMs: 200, reason: 'export job stream changed meanwhile' };
    }
  }
  const { attempt, request } = started.right.state;
  if (request === null) return { type: 'fail', reason: 'export job without request' };
  if (deps.directory().account(request.accountId) === undefined) {
    await exportCommand(deps, ref, { type: 'FailExport', attempt, error: ACCOUNT_GONE_MESSAGE, now: deps.clock.now() });
    return ACK;
  }
  deps.logger.info('ticket export started', { ...log, attempt, total: request.total });
  const began = Date.now();
  let written: Written;
  const hold = holdAttempt(lease, options.ackWaitMs);
  try {
    written = await writeFile(deps, options, request, attempt, startedAt, job.id, hold);
  } catch (e) {
    if (hold.signal.aborted && hold.signal.reason instanceof AttemptStalled && job.deliveryCount < options.maxDeliver) {
      // The lease ran out with the file: the queue delivers the job again, and that delivery's outcome counts.
      deps.logger.warn('ticket export attempt abandoned: its file stopped moving', { ...log, attempt });
      return { type: 'retry', delayMs: 0, reason: (hold.signal.reason as Error).message };
    }
    if (e instanceof AttemptSuperseded) {
      deps.logger.warn('ticket export attempt superseded', { ...log, attempt });
      return ACK;
    }
    deps.logger.error('ticket export attempt failed', { ...log, attempt, errorName: (e as Error).name, errorMessage: (e as Error).message });
    if (job.deliveryCount >= options.maxDeliver) {
      await exportCommand(deps, ref, { type: 'FailExport', attempt, error: EXPORT_FAILED_MESSAGE, now: deps.clock.now() });
      return ACK;
    }
    return { type: 'retry', delayMs: Math.min(30_000, 1_000 * 2 ** (job.deliveryCount - 1)), reason: 'export attempt failed' };
  } finally {
    hold.release();
  }
  const completed = await exportCommand(deps, ref, {
    type: 'CompleteExport', attempt, blobKey: written.blobKey, processed: written.processed, fileSizeBytes: written.fileSizeBytes, now: deps.clock.now(),
  });
  if (E.isLeft(completed)) {
    // A later attempt owns the job (or it finished meanwhile): this attempt's file must not linger.
    await deps.blobStore.delete(written.blobKey);
    deps.logger.warn('ticket export attempt finished after being superseded', { ...log, attempt, outcome: completed.left.kind });
    return completed.left.kind === 'ConcurrencyConflict' ? { type: 'retry', delayMs: 200, reason: 'export job stream kept changing' } : ACK;
  }
  const ms = Date.now() - began;
  deps.logger.info('ticket export succeeded', { ...log, attempt, rows: written.processed, bytes: written.fileSizeBytes, ms });
  return ACK;
};
