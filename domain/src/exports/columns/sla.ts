import { SlaPolicy } from '../../config/account-config';
import { DurationClock } from './business-clock';


export type SlaCell = 'Met' | 'Breached' | 'Pending' | '';

/**
 * One SLA policy on one ticket (its creation, first response and resolution as epoch ms), on the account's duration clock (opening hours when configured):
 * the metric happened (first response, resolution) within the target: Met, after it: Breached;
 * not happened and the target moment passed by `now`: Breached, else Pending.
 */
export const slaCell = (
  policy: SlaPolicy, t: { readonly created: number | null; readonly firstResponse: number | null; readonly resolved: number | null }, clock: DurationClock, nowMs: number,
): SlaCell => {
  const created = t.created;
  if (created === null) return '';
  const targetMs = policy.targetMinutes * 60_000;
  const happened = policy.metric === 'firstResponse' ? t.firstResponse : t.resolved;
  if (happened !== null) return clock.elapsedMs(created, happened) <= targetMs ? 'Met' : 'Breached';
  return clock.elapsedMs(created, nowMs, targetMs + 1) > targetMs ? 'Breached' : 'Pending';
};
