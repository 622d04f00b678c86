import { DomainEvent } from '../shared/decider';
import { TicketCommand } from '../tickets/lifecycle/commands';
import { TicketRefusal } from '../tickets/lifecycle/ticket-refusal';
import { TicketFilters } from '../tickets/list/ticket-filters';

/** A change of a bulk update, as the single-ticket route of the same name makes it (its `at` is the moment the worker applies it). */
export type BulkChangeCommand = Extract<TicketCommand, { readonly type: 'Assign' | 'Unassign' | 'ChangeStatus' | 'SetDisposition' }>;

/** A change as the job's event records it: the command's data, without the account's SLA clock (a function, given back when the change is applied). */
export type BulkChange = BulkChangeCommand extends infer C ? (C extends { readonly slaClock: unknown } ? Omit<C, 'slaClock'> : C) : never;

export interface BulkUpdateRequestedData {
  readonly jobId: string;
  readonly accountId: string;
  /** The user who asked (user:<id>, or token:<id> for a token without a user). */
  readonly requestedBy: string;
  /** Access token id (never the token): the changes' events name it as their user. */
  readonly tokenId: string;
  /** The tickets to change, fixed at the request (the filter's matches then, in the list's order). */
  readonly ticketIds: readonly string[];
  /** The filter as sent, when the tickets were selected by one (audit). */
  readonly filters?: TicketFilters;
  /** The changes as sent (audit), keyed by route name, in the order they are applied. */
  readonly changes: Readonly<Record<string, unknown>>;
  /** The ticket commands each ticket gets, in order (as data: bulkChangeCommand makes each a command again). */
  readonly commands: readonly BulkChange[];
  readonly total: number;
  readonly requestedAt: string;
}

/** What happened to one ticket: changed (events appended), unchanged (nothing to do), or refused with the single-ticket route's reason. */
export type BulkTicketOutcome =
  | { readonly ticketId: string; readonly outcome: 'changed'; readonly events: readonly string[] }
  | { readonly ticketId: string; readonly outcome: 'unchanged' }
  | { readonly ticketId: string; readonly outcome: 'refused'; readonly refusal: TicketRefusal; readonly events?: readonly string[] };

export type BulkOutcomeKind = BulkTicketOutcome['outcome'];

export type BulkUpdateRequested = DomainEvent<'BulkUpdateRequested', BulkUpdateRequestedData>;
/** A worker took the job; a redelivered job starts a new attempt, which supersedes the earlier one. */
export type BulkUpdateStarted = DomainEvent<'BulkUpdateStarted', { readonly jobId: string; readonly attempt: number; readonly startedAt: string }>;
/** Outcomes of tickets, recorded as the job goes (each ticket's once). */
export type BulkUpdateTicketsProcessed = DomainEvent<'BulkUpdateTicketsProcessed', {
  readonly jobId: string;
  readonly attempt: number;
  readonly outcomes: readonly BulkTicketOutcome[];
  readonly at: string;
}>;
export type BulkUpdateCancelled = DomainEvent<'BulkUpdateCancelled', { readonly jobId: string; readonly cancelledBy: string; readonly cancelledAt: string }>;
export type BulkUpdateSucceeded = DomainEvent<'BulkUpdateSucceeded', {
  readonly jobId: string;
  readonly attempt: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly refused: number;
  readonly completedAt: string;
}>;
export type BulkUpdateFailed = DomainEvent<'BulkUpdateFailed', { readonly jobId: string; readonly error: string; readonly failedAt: string }>;

export type BulkUpdateEvent = BulkUpdateRequested | BulkUpdateStarted | BulkUpdateTicketsProcessed | BulkUpdateCancelled | BulkUpdateSucceeded | BulkUpdateFailed;

export const BULK_UPDATE_EVENT_TYPES: readonly BulkUpdateEvent['type'][] = [
  'BulkUpdateRequested', 'BulkUpdateStarted', 'BulkUpdateTicketsProcessed', 'BulkUpdateCancelled', 'BulkUpdateSucceeded', 'BulkUpdateFailed',
];

export type BulkUpdateStatus = 'queued' | 'running' | 'succeeded' | 'cancelled' | 'failed';

export interface BulkUpdateState {
  readonly request: BulkUpdateRequestedData | null;
  readonly status: BulkUpdateStatus | 'none';
  /** The attempt that owns the job (the latest started), 0 before any. */
  readonly attempt: number;
  /** Outcomes recorded, by kind (each ticket's once: only the attempt that owns the job records, and it skips the tickets recorded before it). */
  readonly counts: Readonly<Record<BulkOutcomeKind, number>>;
}

export const initialBulkUpdateState = (): BulkUpdateState => ({ request: null, status: 'none', attempt: 0, counts: { changed: 0, unchanged: 0, refused: 0 } });

export const processedCount = (state: Pick<BulkUpdateState, 'counts'>): number => state.counts.changed + state.counts.unchanged + state.counts.refused;

const withOutcomes = (state: BulkUpdateState, outcomes: readonly BulkTicketOutcome[]): BulkUpdateState => {
  const counts = { ...state.counts };
  for (const o of outcomes) counts[o.outcome] += 1;
  return { ...state, counts };
};

export const evolveBulkUpdate = (state: BulkUpdateState, event: BulkUpdateEvent): BulkUpdateState => {
  switch (event.type) {
    case 'BulkUpdateRequested':
      return { ...state, request: event.data, status: 'queued' };
    case 'BulkUpdateStarted':
      return { ...state, status: state.status === 'queued' || state.status === 'running' ? 'running' : state.status, attempt: event.data.attempt };
    case 'BulkUpdateTicketsProcessed':
      return withOutcomes(state, event.data.outcomes);
    case 'BulkUpdateCancelled':
      return { ...state, status: 'cancelled' };
    case 'BulkUpdateSucceeded':
      return { ...state, status: 'succeeded' };
    case 'BulkUpdateFailed':
      return { ...state, status: 'failed' };
    default:
      return state;
  }
};

/** The tickets whose outcome a job's events recorded (a new attempt skips them). */
export const recordedTickets = (events: Iterable<BulkUpdateEvent>): Set<string> => {
  const done = new Set<string>();
  for (const e of events) if (e.type === 'BulkUpdateTicketsProcessed') for (const o of e.data.outcomes) done.add(o.ticketId);
  return done;
};
