import { SlaPolicy } from '../config/account-config';
import { DurationClock } from '../exports/columns/business-clock';
import { dueMoment } from './due-moment';
import { SlaState } from './sla-state';

/**
 * An SLA policy as it applies to one ticket, recorded when the ticket is created (TicketCreated's
 * `slaTargets`): the policy's label, metric and target then, and the due moment worked out on the
 * account's clock then (null: the clock never counts that long). A later change of the account's
 * policies or opening hours does not move it.
 */
export interface SlaTarget {
  readonly label: string;
  readonly metric: SlaPolicy['metric'];
  readonly targetMinutes: number;
  readonly dueAt: string | null;
  /** Minutes before the due moment the target is recorded as due soon (SlaWarned): the policy's warningMinutes then; absent, no warning. */
  readonly warningMinutes?: number;
  /**
   * While the ticket waits on the customer (SlaPaused, a resolution target): when its clock stopped,
   * and how much of the target was left then (ms on the account's clock). dueAt is null until it
   * resumes (SlaResumed), when the rest counts from the moment it resumed.
   */
  readonly pausedAt?: string;
  readonly remainingMs?: number;
}

/** The targets of a ticket created at `createdMs` under the account's policies and clock. */
export const slaTargetsAt = (policies: readonly SlaPolicy[], clock: DurationClock, createdMs: number): SlaTarget[] =>
  policies.map((p) => {
    const due = dueMoment(clock, createdMs, p.targetMinutes * 60_000);
    const warning = p.warningMinutes === undefined ? {} : { warningMinutes: p.warningMinutes };
    return { label: p.label, metric: p.metric, targetMinutes: p.targetMinutes, dueAt: due === null ? null : new Date(due).toISOString(), ...warning };
  });

/**
 * A recorded target's state: its metric happened (epoch ms) by the due moment: met, after it:
 * breached; not happened: breached once `now` is past the due moment, else pending (always,
 * while paused: no due moment). The same as
 * slaState on the clock the target was made with (dueMoment is its last met-or-pending instant).
 */
export const targetState = (target: SlaTarget, happenedMs: number | null, nowMs: number): SlaState => {
  const due = target.dueAt === null ? Number.POSITIVE_INFINITY : Date.parse(target.dueAt);
  if (happenedMs !== null) return happenedMs <= due ? 'met' : 'breached';
  return nowMs > due ? 'breached' : 'pending';
};
