import * as E from 'fp-ts/Either';
import {
  EXPORT_JOBS_COLLECTION, EXPORT_JOBS_PROJECTION, ExportJobDocument, FieldMatch, exportJobStream, isTicketExportWithdrawalJob, Job, JobOutcome, positionFromString, ProjectionProgress,
  readBeforeErasure, ticketExportDecider, TICKETS_PROJECTION, TicketExportState, TicketExportWithdrawalJob,
} from '@support/domain';
import { loadStream } from '@support/event-sourcing';
import { blobHolds } from './blob-holds';
import { exportCommand } from './export-command';
import { ExportWorkerDeps } from './export-worker-deps';

export interface ExportWithdrawalDeps extends ExportWorkerDeps {
  readonly progress: ProjectionProgress;
}

interface ExportWithdrawalOptions {
  /** Wait between two looks at exports still running from rows read before the erasure. Default 10 s. */
  readonly runningWaitMs: number;
  /** Deliveries before the job goes to the dead letter; the last one stops the exports still running. Default 361 (an hour of waits). */
  readonly maxDeliver: number;
}

export const DEFAULT_EXPORT_WITHDRAWAL_OPTIONS: ExportWithdrawalOptions = { runningWaitMs: 10_000, maxDeliver: 361 };

/** What the poller of an export stopped by an erasure reads (the spec's `failed`, with a safe error). */
export const stoppedByErasureMessage = (erasedAt: string): string =>
  `The export was stopped: it was reading personal data of a customer erased at ${erasedAt}. Start a new export.`;

/** How long the job waits for a read model before it tries again. */
const READ_MODEL_WAIT_MS = 30_000;

/**
 * The byte sequence a row of the erased customer's tickets holds: its Customer ID cell, between the
 * Customer Email and Chat Link cells (an id is written as it is, never quoted). Every ticket of the
 * erasure's `ticketIds` is a ticket of this customer, so this cell is in each of their rows; the file
 * has no ticket id column.
 */
const customerCell = (customerId: string): Buffer => Buffer.from(`,${customerId},`, 'utf8');

type Look = 'clean' | 'withdrawn' | 'kept' | 'running';

/**
 * One export of the account against one erasure. An attempt whose rows were read from a tickets read
 * model at or past the erasure (readFrom) holds placeholders: nothing to do. Otherwise a succeeded
 * export whose file holds a row of the customer is withdrawn (TicketExportWithdrawn first, then the
 * file deleted: a crash between the two is finished by the next delivery, which deletes the file of
 * every withdrawn export it meets); an export still running from such rows is looked at again once finished.
 */
const lookAt = async (deps: ExportWithdrawalDeps, target: TicketExportWithdrawalJob, doc: ExportJobDocument, queueJobId: string): Promise<Look> => {
  const { state } = await loadStream(deps.eventStore, exportJobStream(doc._id), ticketExportDecider);
  const ref = { jobId: doc._id, accountId: doc.accountId, queueJobId };
  if (state.status === 'succeeded' && state.withdrawn !== null) {
    if (state.blobKey !== null) await deps.blobStore.delete(state.blobKey);
    return 'withdrawn';
  }
  if (state.status === 'failed' || state.status === 'none' || state.attempt === 0 || !readBeforeErasure(state.readFrom, target.erasedPosition)) return 'clean';
  if (state.status !== 'succeeded') return 'running';
  if (state.fileDeleted || state.blobKey === null || !(await holdsCustomer(deps, state, target))) return 'kept';
  const withdrawn = await exportCommand(deps, ref, { type: 'WithdrawExport', erasureId: target.erasureId, erasedAt: target.erasedAt, now: deps.clock.now() });
  if (E.isLeft(withdrawn)) throw new Error(`export ${doc._id} could not be withdrawn: ${withdrawn.left.kind}`);
  await deps.blobStore.delete(state.blobKey);
  deps.logger.info('ticket export withdrawn after an erasure', { jobId: doc._id, accountId: doc.accountId, erasureId: target.erasureId });
  return 'withdrawn';
};

const holdsCustomer = async (deps: ExportWithdrawalDeps, state: TicketExportState, target: TicketExportWithdrawalJob): Promise<boolean> =>
  (await blobHolds(deps.blobStore, state.blobKey!, customerCell(target.customerId))) === true;

/**
 * An export still running from rows read before the erasure when the job's waits are over is failed
 * with a message saying why; one that finished meanwhile is looked at as a finished one.
 */
const stop = async (deps: ExportWithdrawalDeps, target: TicketExportWithdrawalJob, doc: ExportJobDocument, queueJobId: string): Promise<void> => {
  for (let tries = 0; tries < 3; tries++) {
    const stopped = await exportCommand(deps, { jobId: doc._id, accountId: doc.accountId, queueJobId }, {
      type: 'FailExport', attempt: null, error: stoppedByErasureMessage(target.erasedAt), now: deps.clock.now(),
    });
    if (E.isRight(stopped)) {
      deps.logger.warn('ticket export stopped by an erasure: it still ran from rows read before it', { jobId: doc._id, accountId: doc.accountId, erasureId: target.erasureId });
      return;
    }
    if (stopped.left.kind === 'ExportFinished' && (await lookAt(deps, target, doc, queueJobId)) !== 'running') return;
  }
  throw new Error(`export ${doc._id} could not be stopped: its stream kept changing`);
};

/**
 * The withdrawal of one erasure's exports (docs/api/erasure.md, Exports made before the erasure),
 * safe to run again at any point:
 * 1. once the tickets read model has applied the erasure, every attempt that starts reading later
 *    holds placeholders; once the export-jobs read model has every export recorded by then, every
 *    export that may have read the erased values is listed (queued, running, or succeeded with its file);
 * 2. each is looked at (lookAt);
 * 3. while an export still runs from rows read before the erasure, the job comes back every
 *    runningWaitMs; on its last delivery such exports are failed with a message saying why (the
 *    running attempt then cannot complete, and deletes its file).
 */
export const withdrawErasedExports = (deps: ExportWithdrawalDeps, options: ExportWithdrawalOptions = DEFAULT_EXPORT_WITHDRAWAL_OPTIONS) => async (job: Job): Promise<JobOutcome> => {
  if (!isTicketExportWithdrawalJob(job.payload)) return { type: 'fail', reason: 'job payload is not an export withdrawal' };
  const target = job.payload;
  if (!(await deps.progress.waitFor([TICKETS_PROJECTION], positionFromString(target.erasedPosition), READ_MODEL_WAIT_MS))) {
    return { type: 'retry', delayMs: 1_000, reason: 'the tickets read model has not applied the erasure yet' };
  }
  const head = await deps.eventStore.headPosition();
  if (head !== null && !(await deps.progress.waitFor([EXPORT_JOBS_PROJECTION], head, READ_MODEL_WAIT_MS))) {
    return { type: 'retry', delayMs: 1_000, reason: 'the export-jobs read model is behind the log' };
  }
  const now = deps.clock.now().toISOString();
  const ofAccount = (where: FieldMatch) => deps.readModels.find<ExportJobDocument>(EXPORT_JOBS_COLLECTION, { where: { accountId: target.accountId, ...where } });
  const listed = [
    ...(await ofAccount({ status: 'succeeded', fileDeleted: { ne: true }, availableUntil: { gt: now } })),
    ...(await ofAccount({ status: 'running' })),
    ...(await ofAccount({ status: 'queued' })),
  ];
  const running: ExportJobDocument[] = [];
  let withdrawn = 0;
  for (const doc of listed) {
    const look = await lookAt(deps, target, doc, job.id);
    if (look === 'running') running.push(doc);
    if (look === 'withdrawn') withdrawn++;
  }
  if (running.length > 0 && job.deliveryCount < options.maxDeliver) {
    return { type: 'retry', delayMs: options.runningWaitMs, reason: `${running.length} export(s) still run from rows read before the erasure` };
  }
  for (const doc of running) await stop(deps, target, doc, job.id);
  deps.logger.info('exports looked at after an erasure', { erasureId: target.erasureId, accountId: target.accountId, exports: listed.length, withdrawn, stopped: running.length });
  return { type: 'ack' };
};
