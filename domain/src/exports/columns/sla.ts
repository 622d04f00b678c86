import { SlaPolicy } from '../../config/account-config';
import { SlaMoments, SlaState, slaState } from '../../sla/sla-state';
import { SlaTarget, targetState } from '../../sla/sla-target';
import { SlaOutcomes } from '../../sla/sla-outcomes';
import { DurationClock } from './business-clock';

export type SlaCell = 'Met' | 'Breached' | 'Pending' | '';

const CELLS = { met: 'Met', breached: 'Breached', pending: 'Pending' } as const;

/** The place of the `n`-th target with the label (from 0), or undefined; read for every row, so without arrays made on the way. */
const nthWithLabel = (targets: readonly SlaTarget[], label: string, n: number): number | undefined => {
  let seen = 0;
  for (let i = 0; i < targets.length; i++) {
    if (targets[i].label === label && seen++ === n) return i;
  }
  return undefined;
};

/**
 * The export's `SLA: <label>` cell of one policy on one ticket: the live SLA state in the column's
 * words. A ticket whose targets were recorded at its creation is measured by its own target of that
 * label (its recorded outcome, SlaMet or SlaBreached, once there is one) (the `occurrence`-th of that label, as policies may share one; empty when the policy did not
 * exist then); an older ticket by the policy on the account's clock (slaState). Empty without a
 * creation time.
 */
export const slaCell = (
  policy: SlaPolicy, occurrence: number, t: SlaMoments, recorded: { readonly targets?: readonly SlaTarget[] | null; readonly outcomes?: SlaOutcomes | null },
  clock: DurationClock, nowMs: number,
): SlaCell => {
  const targets = recorded.targets;
  let state: SlaState | null;
  if (targets === undefined || targets === null) state = slaState(policy, t, clock, nowMs);
  else {
    const index = nthWithLabel(targets, policy.label, occurrence);
    const target = index === undefined ? undefined : targets[index];
    state = target === undefined || t.created === null ? null
      : recorded.outcomes?.[index!] ?? targetState(target, target.metric === 'firstResponse' ? t.firstResponse : t.resolved, nowMs);
  }
  return state === null ? '' : CELLS[state];
};
