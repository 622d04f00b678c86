import { SlaTarget } from './sla-target';

/**
 * Events of a ticket's SLA targets (on `ticket-<ticketId>`, decided by the ticket decider from its
 * recorded targets). `target` is the target's place in TicketCreated's `slaTargets` (labels may
 * repeat). Each target gets one of them, once: a met target stays met and a breach stands, whatever
 * happens to the ticket later.
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

export type SlaMet = { readonly type: 'SlaMet'; readonly data: SlaMetData };
export type SlaBreached = { readonly type: 'SlaBreached'; readonly data: SlaBreachedData };
export type SlaEvent = SlaMet | SlaBreached;
