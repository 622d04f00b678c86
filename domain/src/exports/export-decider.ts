import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { EXPORT_FILE_RETENTION_MS } from './streams';
import { withdrawalReason } from './export-withdrawal';
import {
  evolveTicketExport, initialTicketExportState, TicketExportEvent, TicketExportRequestedData, TicketExportState,
} from './export-events';

export type TicketExportCommand =
  | { readonly type: 'RequestExport'; readonly data: TicketExportRequestedData }
  /** readFrom: the tickets read model's position (positionToString) read before the attempt reads its rows. */
  | { readonly type: 'StartExport'; readonly now: Date; readonly readFrom?: string | null }
  | { readonly type: 'RecordProgress'; readonly attempt: number; readonly processed: number; readonly now: Date }
  | { readonly type: 'CompleteExport'; readonly attempt: number; readonly blobKey: string; readonly processed: number; readonly fileSizeBytes: number; readonly now: Date }
  | { readonly type: 'FailExport'; readonly attempt: number | null; readonly error: string; readonly now: Date }
  | { readonly type: 'DeleteExpiredFile'; readonly now: Date }
  /** The file held personal data of a customer erased at erasedAt: it is withdrawn (once; a file already deleted or withdrawn decides nothing). */
  | { readonly type: 'WithdrawExport'; readonly erasureId: string; readonly erasedAt: string; readonly now: Date };

export type TicketExportRejection =
  | { readonly kind: 'ExportNotRequested' }
  | { readonly kind: 'ExportFinished'; readonly status: 'succeeded' | 'failed' }
  /** A later attempt took the job over: this attempt's work no longer counts. */
  | { readonly kind: 'AttemptSuperseded'; readonly attempt: number; readonly current: number }
  | { readonly kind: 'FileNotExpired' }
  /** Only a succeeded export has a file to withdraw. */
  | { readonly kind: 'ExportNotSucceeded'; readonly status: TicketExportState['status'] };

const requested = (state: TicketExportState): E.Either<TicketExportRejection, TicketExportState> =>
  state.status === 'none' ? E.left({ kind: 'ExportNotRequested' }) : E.right(state);

const open = (state: TicketExportState): E.Either<TicketExportRejection, TicketExportState> => {
  if (state.status === 'none') return E.left({ kind: 'ExportNotRequested' });
  if (state.status === 'succeeded' || state.status === 'failed') return E.left({ kind: 'ExportFinished', status: state.status });
  return E.right(state);
};

const owning = (state: TicketExportState, attempt: number): E.Either<TicketExportRejection, TicketExportState> =>
  E.chain((s: TicketExportState) => (s.status === 'running' && s.attempt === attempt ? E.right(s) : E.left<TicketExportRejection>({ kind: 'AttemptSuperseded', attempt, current: s.attempt })))(open(state));

const decide = (command: TicketExportCommand, state: TicketExportState): E.Either<TicketExportRejection, readonly TicketExportEvent[]> => {
  switch (command.type) {
    case 'RequestExport':
      // Idempotent: a job that exists stays as it is.
      return E.right(state.status === 'none' ? [{ type: 'TicketExportRequested', data: command.data }] : []);
    case 'StartExport':
      return E.map((s: TicketExportState): readonly TicketExportEvent[] => [
        {
          type: 'TicketExportStarted',
          data: { jobId: s.request!.jobId, attempt: s.attempt + 1, startedAt: command.now.toISOString(), ...(command.readFrom ? { readFrom: command.readFrom } : {}) },
        },
      ])(open(state));
    case 'RecordProgress':
      return E.map((s: TicketExportState): readonly TicketExportEvent[] =>
        command.processed > s.processed
          ? [{ type: 'TicketExportProgressed', data: { jobId: s.request!.jobId, attempt: command.attempt, processed: command.processed, at: command.now.toISOString() } }]
          : [])(owning(state, command.attempt));
    case 'CompleteExport':
      return E.map((s: TicketExportState): readonly TicketExportEvent[] => [{
        type: 'TicketExportSucceeded',
        data: {
          jobId: s.request!.jobId,
          attempt: command.attempt,
          blobKey: command.blobKey,
          processed: command.processed,
          fileSizeBytes: command.fileSizeBytes,
          completedAt: command.now.toISOString(),
          availableUntil: new Date(command.now.getTime() + EXPORT_FILE_RETENTION_MS).toISOString(),
        },
      }])(owning(state, command.attempt));
    case 'FailExport': {
      const checked = command.attempt === null ? open(state) : owning(state, command.attempt);
      return E.map((s: TicketExportState): readonly TicketExportEvent[] => [
        { type: 'TicketExportFailed', data: { jobId: s.request!.jobId, attempt: command.attempt, error: command.error, failedAt: command.now.toISOString() } },
      ])(checked);
    }
    case 'DeleteExpiredFile':
      return E.chain((s: TicketExportState): E.Either<TicketExportRejection, readonly TicketExportEvent[]> => {
        if (s.status !== 'succeeded' || s.fileDeleted) return E.right([]);
        if (s.availableUntil === null || Date.parse(s.availableUntil) > command.now.getTime()) return E.left({ kind: 'FileNotExpired' });
        return E.right([{ type: 'TicketExportFileDeleted', data: { jobId: s.request!.jobId, deletedAt: command.now.toISOString() } }]);
      })(requested(state));
    case 'WithdrawExport':
      return E.chain((s: TicketExportState): E.Either<TicketExportRejection, readonly TicketExportEvent[]> => {
        if (s.status !== 'succeeded') return E.left({ kind: 'ExportNotSucceeded', status: s.status });
        if (s.fileDeleted || s.withdrawn !== null) return E.right([]);
        return E.right([{
          type: 'TicketExportWithdrawn',
          data: { jobId: s.request!.jobId, erasureId: command.erasureId, reason: withdrawalReason(command.erasedAt), withdrawnAt: command.now.toISOString() },
        }]);
      })(requested(state));
  }
};

/** The life of one export job: requested (queued), started per attempt (running), progress, then succeeded or failed; the file deleted after retention, or withdrawn after an erasure. */
export const ticketExportDecider: Decider<TicketExportCommand, TicketExportEvent, TicketExportState, TicketExportRejection> = {
  initialState: initialTicketExportState,
  evolve: evolveTicketExport,
  decide,
};
