import { SlaPolicy } from '../../config/account-config';
import { SlaMoments, slaState } from '../../sla/sla-state';
import { DurationClock } from './business-clock';

export type SlaCell = 'Met' | 'Breached' | 'Pending' | '';

const CELLS = { met: 'Met', breached: 'Breached', pending: 'Pending' } as const;

/** The export's `SLA: <label>` cell of one policy on one ticket: the live SLA state (slaState) in the column's words, empty without a creation time. */
export const slaCell = (policy: SlaPolicy, t: SlaMoments, clock: DurationClock, nowMs: number): SlaCell => {
  const state = slaState(policy, t, clock, nowMs);
  return state === null ? '' : CELLS[state];
};
