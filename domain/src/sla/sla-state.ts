import { SlaPolicy } from '../config/account-config';
import { DurationClock } from '../exports/columns/business-clock';

/** Where one SLA target of one ticket stands: its metric not happened and not yet due, happened by its due moment, or late. */
export type SlaState = 'pending' | 'met' | 'breached';

/** The instants (epoch ms) an SLA target is measured by, and the durations to them on the account's clock where already known. */
export interface SlaMoments {
  readonly created: number | null;
  readonly firstResponse: number | null;
  readonly resolved: number | null;
  readonly firstResponseMs?: number | null;
  readonly resolutionMs?: number | null;
}

/**
 * One policy on one ticket, on the account's duration clock (opening hours when configured): the
 * metric (first response, resolution) happened within the target: met, after it: breached; not
 * happened and more than the target counted by `now`: breached, else pending. Null without a
 * creation time. The export's SLA cells and the live SLA state both come from here; the due moment
 * (dueMoment) is the last instant at which this says met or pending.
 */
export const slaState = (policy: SlaPolicy, t: SlaMoments, clock: DurationClock, nowMs: number): SlaState | null => {
  const created = t.created;
  if (created === null) return null;
  const targetMs = policy.targetMinutes * 60_000;
  const firstResponse = policy.metric === 'firstResponse';
  const happened = firstResponse ? t.firstResponse : t.resolved;
  if (happened !== null) {
    const took = (firstResponse ? t.firstResponseMs : t.resolutionMs) ?? clock.elapsedMs(created, happened);
    return took <= targetMs ? 'met' : 'breached';
  }
  return clock.elapsedMs(created, nowMs, targetMs + 1) > targetMs ? 'breached' : 'pending';
};
