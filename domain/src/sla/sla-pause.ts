import { DurationClock } from '../exports/columns/business-clock';
import { dueMoment } from './due-moment';
import { SlaPauseEvent } from './sla-events';
import { SlaSubject } from './sla-outcomes';
import { SlaTarget, targetState } from './sla-target';

/**
 * The statuses in which a ticket waits on the customer: `stale` (an agent marked it waiting for the
 * customer's reply) and `stale_marked_automatically` (the customer went quiet). While a ticket is in
 * one, its resolution targets' clocks stop; first-response targets keep counting (the customer
 * already waits for that answer).
 */
export const SLA_PAUSING_STATUSES: readonly string[] = ['stale', 'stale_marked_automatically'];

const pauses = (status: string): boolean => SLA_PAUSING_STATUSES.includes(status);

/**
 * The events of a status change from `from` to `to` at `atMs` for the ticket's resolution targets
 * not yet recorded met or breached: entering a waiting status pauses each one still pending
 * (SlaPaused, with what was left of it on the account's clock); leaving one resumes each paused one
 * (SlaResumed, due when the rest has counted from then). Moves between working statuses, or
 * between the two waiting ones, record nothing.
 */
export const slaPauseEvents = (t: SlaSubject, from: string, to: string, atMs: number, clock: DurationClock): SlaPauseEvent[] => {
  if (pauses(from) === pauses(to)) return [];
  const at = new Date(atMs).toISOString();
  return (t.slaTargets ?? []).flatMap((target, i): SlaPauseEvent[] => {
    if (target.metric !== 'resolution' || t.slaOutcomes?.[i] !== undefined) return [];
    const on = { ticketId: t.ticketId, accountId: t.accountId, target: i, label: target.label, metric: target.metric };
    if (pauses(to)) {
      // A paused target has no due moment (nor has one the clock never brings): nothing to pause.
      if (target.dueAt === null || targetState(target, null, atMs) !== 'pending' || t.resolvedAt) return [];
      const remainingMs = clock.elapsedMs(atMs, Date.parse(target.dueAt));
      return [{ type: 'SlaPaused', data: { ...on, dueAt: target.dueAt, pausedAt: at, remainingMs } }];
    }
    if (target.pausedAt === undefined) return [];
    const due = dueMoment(clock, atMs, target.remainingMs ?? 0);
    return [{ type: 'SlaResumed', data: { ...on, pausedAt: target.pausedAt, resumedAt: at, dueAt: due === null ? null : new Date(due).toISOString() } }];
  });
};

/** The ticket's targets with a pause or resume applied (the ticket's state and its read model apply it alike). */
export const targetsAfterPause = (targets: readonly SlaTarget[], e: SlaPauseEvent): readonly SlaTarget[] =>
  targets.map((x, i) => {
    if (i !== e.data.target) return x;
    const { pausedAt: _p, remainingMs: _r, ...target } = x;
    return e.type === 'SlaPaused'
      ? { ...target, dueAt: null, pausedAt: e.data.pausedAt, remainingMs: e.data.remainingMs }
      : { ...target, dueAt: e.data.dueAt };
  });
