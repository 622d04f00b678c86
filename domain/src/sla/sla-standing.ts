import { metricHappenedAt, slaStopped, SlaTimes } from './sla-outcomes';

/** Where a ticket stands for the agent's SLA queue. */
export type SlaStanding = 'pending' | 'breached' | 'met';
export const SLA_STANDINGS: readonly SlaStanding[] = ['pending', 'breached', 'met'];

/**
 * A ticket's standing: `breached` once a target was recorded breached; else `pending` while a
 * target waits for its metric; else `met` once every target was recorded met (null: no targets,
 * or an outcome about to be recorded). With the next due moment: the earliest due moment of the
 * targets still waiting for their metric (null when none waits). A closed ticket's targets still
 * waiting are stopped (slaStopped): it is `breached` if one was, else `met` if every other was met,
 * and never `pending`.
 */
export const slaStanding = (t: SlaTimes): { readonly state: SlaStanding | null; readonly nextDueAt: string | null } => {
  const targets = t.slaTargets ?? [];
  if (targets.length === 0) return { state: null, nextDueAt: null };
  const stopped = slaStopped(t);
  let breached = false;
  let met = 0;
  let nextDueAt: string | null = null;
  let waiting = false;
  targets.forEach((target, i) => {
    const outcome = t.slaOutcomes?.[i];
    if (outcome === 'breached') breached = true;
    else if (outcome === 'met') met++;
    else if (metricHappenedAt(t, target) === null) {
      waiting = true;
      if (target.dueAt !== null && (nextDueAt === null || target.dueAt < nextDueAt)) nextDueAt = target.dueAt;
    }
  });
  // Without a breach every outcome recorded is met: the ones still waiting are stopped, not counted.
  if (stopped) return { state: breached ? 'breached' : met > 0 ? 'met' : null, nextDueAt: null };
  const state: SlaStanding | null = breached ? 'breached' : waiting ? 'pending' : met === targets.length ? 'met' : null;
  return { state, nextDueAt };
};
