import { DomainEvent } from '../shared/decider';
import { TicketCriteria } from '../tickets/list/ticket-criteria';
import { TicketFilters } from '../tickets/list/ticket-filters';
import { ExportFormatOptions } from './export-options';

export interface TicketExportRequestedData {
  readonly jobId: string;
  readonly accountId: string;
  /** The user who asked (the account's user of the token); status polls of other users are 404. */
  readonly requestedBy: string;
  /** Access token id (never the token). */
  readonly tokenId: string;
  /** The filters as sent (audit). */
  readonly filters: TicketFilters;
  /** The list's criteria of the filters, bounded to the tickets that existed at the request (absent from events recorded before criteria: see exportCriteria). */
  readonly criteria?: TicketCriteria;
  /** Events recorded before criteria hold the MongoDB filter and sort they were compiled to (kept for the audit, not read). */
  readonly query?: Readonly<Record<string, unknown>>;
  readonly format: ExportFormatOptions;
  /** Tickets matching at the request. */
  readonly total: number;
  readonly fileName: string;
  readonly requestedAt: string;
}

export type TicketExportRequested = DomainEvent<'TicketExportRequested', TicketExportRequestedData>;
/**
 * A worker took the job; a redelivered job starts a new attempt, which supersedes the earlier one.
 * `readFrom`: the log position ("commit/prepare") the tickets read model had reached before the
 * attempt read its first row, so its rows hold every event up to it (an erasure among them: see
 * export-withdrawal.ts); absent on attempts started before it was recorded, or on an empty read model.
 */
export type TicketExportStarted = DomainEvent<'TicketExportStarted', { readonly jobId: string; readonly attempt: number; readonly startedAt: string; readonly readFrom?: string }>;
export type TicketExportProgressed = DomainEvent<'TicketExportProgressed', { readonly jobId: string; readonly attempt: number; readonly processed: number; readonly at: string }>;
export type TicketExportSucceeded = DomainEvent<'TicketExportSucceeded', {
  readonly jobId: string;
  readonly attempt: number;
  readonly blobKey: string;
  readonly processed: number;
  readonly fileSizeBytes: number;
  readonly completedAt: string;
  readonly availableUntil: string;
}>;
export type TicketExportFailed = DomainEvent<'TicketExportFailed', {
  readonly jobId: string;
  readonly attempt: number | null;
  /** Safe to show the caller: says what happened, never internals. */
  readonly error: string;
  readonly failedAt: string;
}>;
/** The retention sweep deleted the file. */
export type TicketExportFileDeleted = DomainEvent<'TicketExportFileDeleted', { readonly jobId: string; readonly deletedAt: string }>;

/**
 * The file of a succeeded export was withdrawn before its retention ended: it held personal data of a
 * customer erased since (docs/api/erasure.md, Exports). The reason names the erasure's time only;
 * no personal value is in it.
 */
export type TicketExportWithdrawn = DomainEvent<'TicketExportWithdrawn', {
  readonly jobId: string;
  readonly erasureId: string;
  /** Safe to show the caller (the status and the download link's answer). */
  readonly reason: string;
  readonly withdrawnAt: string;
}>;

export type TicketExportEvent =
  | TicketExportRequested | TicketExportStarted | TicketExportProgressed | TicketExportSucceeded | TicketExportFailed | TicketExportFileDeleted | TicketExportWithdrawn;

export const TICKET_EXPORT_EVENT_TYPES: readonly TicketExportEvent['type'][] = [
  'TicketExportRequested', 'TicketExportStarted', 'TicketExportProgressed', 'TicketExportSucceeded', 'TicketExportFailed', 'TicketExportFileDeleted', 'TicketExportWithdrawn',
];

export type TicketExportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface TicketExportState {
  readonly request: TicketExportRequestedData | null;
  readonly status: TicketExportStatus | 'none';
  /** The attempt that owns the job (the latest started), 0 before any. */
  readonly attempt: number;
  readonly processed: number;
  readonly blobKey: string | null;
  readonly availableUntil: string | null;
  readonly fileDeleted: boolean;
  /** The position the current attempt's rows were read from (TicketExportStarted's readFrom), null when not recorded. */
  readonly readFrom: string | null;
  /** Set once the file was withdrawn (TicketExportWithdrawn). */
  readonly withdrawn: { readonly erasureId: string; readonly at: string; readonly reason: string } | null;
}

export const initialTicketExportState = (): TicketExportState => ({
  request: null, status: 'none', attempt: 0, processed: 0, blobKey: null, availableUntil: null, fileDeleted: false, readFrom: null, withdrawn: null,
});

export const evolveTicketExport = (state: TicketExportState, event: TicketExportEvent): TicketExportState => {
  switch (event.type) {
    case 'TicketExportRequested':
      return { ...state, request: event.data, status: 'queued' };
    case 'TicketExportStarted':
      return { ...state, status: 'running', attempt: event.data.attempt, processed: 0, readFrom: event.data.readFrom ?? null };
    case 'TicketExportProgressed':
      return { ...state, processed: event.data.processed };
    case 'TicketExportSucceeded':
      return { ...state, status: 'succeeded', processed: event.data.processed, blobKey: event.data.blobKey, availableUntil: event.data.availableUntil };
    case 'TicketExportFailed':
      return { ...state, status: 'failed' };
    case 'TicketExportFileDeleted':
      return { ...state, fileDeleted: true };
    case 'TicketExportWithdrawn':
      return { ...state, withdrawn: { erasureId: event.data.erasureId, at: event.data.withdrawnAt, reason: event.data.reason } };
    default:
      return state;
  }
};
