import type { TicketStatus } from '../status-and-sentiment';

/**
 * Events of a merge (docs/api/merge-and-split.md): the target's stream records which tickets it
 * absorbed (TicketsMerged), each source's stream where it went (TicketMergedInto, after its
 * TicketStatusChanged to `closed`). A merge whose target refused it after some sources were written
 * (a race with another merge) takes them back with TicketMergeWithdrawn, so the log says what happened.
 */

interface OnTicket {
  readonly ticketId: string;
  readonly accountId: string;
}

/** On the target: the sources it absorbed in one merge. */
export interface TicketsMergedData extends OnTicket {
  /** Names one merge of these tickets into this target (the same request sent again is the same merge). */
  readonly mergeId: string;
  readonly sourceTicketIds: readonly string[];
  readonly note: string | null;
  /** The user of the access token (null: a token without one). */
  readonly mergedById: string | null;
  readonly at: string;
}

/** On a source: merged into the target (the surviving ticket). */
export interface TicketMergedIntoData extends OnTicket {
  readonly mergeId: string;
  readonly targetTicketId: string;
  /** The status before the merge closed it (what a withdrawal restores). */
  readonly previousStatus: TicketStatus;
  readonly note: string | null;
  readonly mergedById: string | null;
  readonly at: string;
}

/** On a source: a merge written on it was refused by its target; the source is as it was before. */
export interface TicketMergeWithdrawnData extends OnTicket {
  readonly mergeId: string;
  readonly targetTicketId: string;
  readonly reason: string;
  readonly at: string;
}

type Ev<T extends string, D> = { readonly type: T; readonly data: D };

export type TicketsMerged = Ev<'TicketsMerged', TicketsMergedData>;
export type TicketMergedInto = Ev<'TicketMergedInto', TicketMergedIntoData>;
export type TicketMergeWithdrawn = Ev<'TicketMergeWithdrawn', TicketMergeWithdrawnData>;

export type TicketMergeEvent = TicketsMerged | TicketMergedInto | TicketMergeWithdrawn;

export const TICKET_MERGE_EVENT_TYPES: readonly TicketMergeEvent['type'][] = ['TicketsMerged', 'TicketMergedInto', 'TicketMergeWithdrawn'];

/** At most this many sources in one merge. */
export const MAX_MERGE_SOURCES = 20;
