import { SlaPolicy } from '../../config/account-config';
import { DurationClock } from './business-clock';
import { ExportTicket } from './export-ticket';
import { epochOf } from './timestamp-format';

export type SlaCell = 'Met' | 'Breached' | 'Pending' | '';

/**
 * One SLA policy on one ticket, on the account's duration clock (opening hours when configured):
 * the metric happened (first response, resolution) within the target: Met, after it: Breached;
 * not happened and the target moment passed by `now`: Breached, else Pending.
 */
export const slaCell = (policy: SlaPolicy, t: ExportTicket, clock: DurationClock, nowMs: number): SlaCell => {
  const created = epochOf(t.createdAt);
  if (created === null) return '';
  const targetMs = policy.targetMinutes * 60_000;
  const happened = epochOf(policy.metric === 'firstResponse' ? t.firstResponseAt : t.resolvedAt);
  if (happened !== null) return clock.elapsedMs(created, happened) <= targetMs ? 'Met' : 'Breached';
  return clock.elapsedMs(created, nowMs) > targetMs ? 'Breached' : 'Pending';
};
