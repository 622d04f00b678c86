import { SlaTarget } from './sla-target';

/**
 * Events of a ticket's SLA targets (on `ticket-<ticketId>`, decided by the ticket decider from its
 * recorded targets). `target` is the target's place in TicketCreated's `slaTargets` (labels may
 * repeat). Each target is recorded met or breached once: a met target stays met and a breach
 * stands, whatever happens to the ticket later. Before that, it may be warned of (due soon) and its
 * clock paused and resumed while the ticket waits on the customer.
 */
interface OnTarget {
  readonly ticketId: string;
  readonly accountId: string;
  readonly target: number;
  readonly label: string;
  readonly metric: SlaTarget['metric'];
}

/** The target's metric happened by its due moment. */
export interface SlaMetData extends OnTarget {
  readonly dueAt: string | null;
  /** When the metric happened (the first response, the resolution). */
  readonly metAt: string;
  /** When this was recorded. */
  readonly at: string;
}

/** The due moment passed without the metric (or the metric happened after it). */
export interface SlaBreachedData extends OnTarget {
  readonly dueAt: string;
  /** When the breach was recorded: at most a few seconds after the due moment while the service runs. */
  readonly recordedAt: string;
  /** How long after the due moment it was recorded. */
  readonly lateMs: number;
}

/** The due moment is near (within the target's warningMinutes) and the metric has not happened; once per due moment. */
export interface SlaWarnedData extends OnTarget {
  readonly dueAt: string;
  readonly warningMinutes: number;
  /** When the warning was recorded. */
  readonly warnedAt: string;
}

/** The ticket began waiting on the customer: the resolution target's clock stopped with `remainingMs` of it left (on the account's clock). */
export interface SlaPausedData extends OnTarget {
  /** The due moment before the pause. */
  readonly dueAt: string;
  readonly pausedAt: string;
  readonly remainingMs: number;
}

/** The ticket stopped waiting on the customer: the rest of the target counts from `resumedAt`, due at `dueAt` (null: the clock never counts that long). */
export interface SlaResumedData extends OnTarget {
  readonly pausedAt: string;
  readonly resumedAt: string;
  readonly dueAt: string | null;
}

export type SlaMet = { readonly type: 'SlaMet'; readonly data: SlaMetData };
export type SlaBreached = { readonly type: 'SlaBreached'; readonly data: SlaBreachedData };
export type SlaWarned = { readonly type: 'SlaWarned'; readonly data: SlaWarnedData };
export type SlaPaused = { readonly type: 'SlaPaused'; readonly data: SlaPausedData };
export type SlaResumed = { readonly type: 'SlaResumed'; readonly data: SlaResumedData };
/** What the SLA watcher records (RecordSlaOutcomes). */
export type SlaOutcomeEvent = SlaMet | SlaBreached | SlaWarned;
/** What a status change into or out of waiting on the customer records. */
export type SlaPauseEvent = SlaPaused | SlaResumed;
export type SlaEvent = SlaOutcomeEvent | SlaPauseEvent;
