import { SlaPolicy } from '../../config/account-config';
import { DurationClock } from './business-clock';


type SlaCell = 'Met' | 'Breached' | 'Pending' | '';

/**
 * One SLA policy on one ticket (its creation, first response and resolution as epoch ms, and the
 * durations to them on the account's clock when the row has them already), on the account's duration clock (opening hours when configured):
 * the metric happened (first response, resolution) within the target: Met, after it: Breached;
 * not happened and the target moment passed by `now`: Breached, else Pending.
 */
export const slaCell = (
  policy: SlaPolicy,
  t: {
    readonly created: number | null; readonly firstResponse: number | null; readonly resolved: number | null;
    readonly firstResponseMs?: number | null; readonly resolutionMs?: number | null;
  },
  clock: DurationClock,
  nowMs: number,
): SlaCell => {
  const created = t.created;
  if (created === null) return '';
  const targetMs = policy.targetMinutes * 60_000;
  const firstResponse = policy.metric === 'firstResponse';
  const happened = firstResponse ? t.firstResponse : t.resolved;
  if (happened !== null) {
    const took = (firstResponse ? t.firstResponseMs : t.resolutionMs) ?? clock.elapsedMs(created, happened);
    return took <= targetMs ? 'Met' : 'Breached';
  }
  return clock.elapsedMs(created, nowMs, targetMs + 1) > targetMs ? 'Breached' : 'Pending';
};
