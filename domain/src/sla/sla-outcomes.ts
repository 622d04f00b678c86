import { SlaOutcomeEvent } from './sla-events';
import { SlaTarget, targetState } from './sla-target';
import { SlaState } from './sla-state';

/** What was recorded of each target, by its place in the ticket's targets. */
export type SlaOutcomes = Readonly<Record<string, 'met' | 'breached'>>;

/** The due moment each target was last warned of (SlaWarned), by its place in the ticket's targets. */
export type SlaWarnings = Readonly<Record<string, string>>;

/** What the SLA outcomes of a ticket are decided from: its recorded targets and outcomes, and when its metrics happened. */
export interface SlaSubject {
  readonly ticketId: string;
  readonly accountId: string;
  readonly slaTargets?: readonly SlaTarget[] | null;
  readonly slaOutcomes?: SlaOutcomes | null;
  readonly slaWarnings?: SlaWarnings | null;
  readonly firstResponseAt?: string | null;
  readonly resolvedAt?: string | null;
  /** The ticket's status: a closed ticket's targets still waiting stop (see slaStopped). */
  readonly status?: string | null;
}

/** What the moments of a ticket's SLA outcomes follow from. */
export type SlaTimes = Pick<SlaSubject, 'slaTargets' | 'slaOutcomes' | 'slaWarnings' | 'firstResponseAt' | 'resolvedAt' | 'status'>;

/**
 * Whether the targets of the ticket still waiting are stopped: a closed ticket (a merged one is
 * closed) is no one's to answer or resolve any more, so they are neither met nor breached, and it
 * leaves the queue; reopened, they wait again. Outcomes recorded before stand.
 */
export const slaStopped = (t: Pick<SlaTimes, 'status'>): boolean => t.status === 'closed';

/** When a target's metric happened (the first response, the resolution), or null. */
export const metricHappenedAt = (t: SlaTimes, target: SlaTarget): string | null => (target.metric === 'firstResponse' ? t.firstResponseAt : t.resolvedAt) ?? null;

/** A target's state at `nowMs`: its recorded outcome once there is one, else what its due moment says. */
export const targetStateNow = (t: SlaTimes, target: SlaTarget, index: number, nowMs: number): SlaState => {
  const happened = metricHappenedAt(t, target);
  return t.slaOutcomes?.[index] ?? targetState(target, happened === null ? null : Date.parse(happened), nowMs);
};

/** When a pending target is due soon: its warningMinutes before its due moment, unless it has no warning, no due moment, or was warned of this due moment. */
const warnMoment = (t: SlaTimes, target: SlaTarget, index: number): number | null =>
  target.warningMinutes === undefined || target.dueAt === null || t.slaWarnings?.[index] === target.dueAt
    ? null
    : Date.parse(target.dueAt) - target.warningMinutes * 60_000;

/**
 * The events that record, at `nowMs`, each target not recorded yet whose state is settled: SlaMet
 * when its metric happened by the due moment, SlaBreached when the due moment passed (whether the
 * metric happened later or not yet). Pending targets wait, and are warned of (SlaWarned) once their
 * due moment is within their warning minutes.
 */
export const slaOutcomeEvents = (t: SlaSubject, nowMs: number): SlaOutcomeEvent[] => {
  if (slaStopped(t)) return [];
  const now = new Date(nowMs).toISOString();
  return (t.slaTargets ?? []).flatMap((target, i): SlaOutcomeEvent[] => {
    if (t.slaOutcomes?.[i] !== undefined) return [];
    const happened = metricHappenedAt(t, target);
    const state = targetState(target, happened === null ? null : Date.parse(happened), nowMs);
    const on = { ticketId: t.ticketId, accountId: t.accountId, target: i, label: target.label, metric: target.metric };
    if (state === 'met') return [{ type: 'SlaMet', data: { ...on, dueAt: target.dueAt, metAt: happened!, at: now } }];
    if (state === 'breached') return [{ type: 'SlaBreached', data: { ...on, dueAt: target.dueAt!, recordedAt: now, lateMs: Math.max(0, nowMs - Date.parse(target.dueAt!)) } }];
    const warnAt = happened === null ? warnMoment(t, target, i) : null;
    if (warnAt !== null && nowMs >= warnAt) return [{ type: 'SlaWarned', data: { ...on, dueAt: target.dueAt!, warningMinutes: target.warningMinutes!, warnedAt: now } }];
    return [];
  });
};

/**
 * The next moment a ticket's SLA outcomes need recording (ISO), or null: for each target not
 * recorded yet, the moment its metric happened (it can be recorded now), else the moment it is due
 * soon (not warned of yet), else the first instant past its due moment (none while paused, none once
 * the ticket is closed). The SLA watcher looks at tickets whose moment has come.
 */
export const slaCheckAt = (t: SlaTimes): string | null => {
  if (slaStopped(t)) return null;
  let next: number | null = null;
  (t.slaTargets ?? []).forEach((target, i) => {
    if (t.slaOutcomes?.[i] !== undefined) return;
    const happened = metricHappenedAt(t, target);
    const at = happened !== null ? Date.parse(happened) : target.dueAt === null ? null : warnMoment(t, target, i) ?? Date.parse(target.dueAt) + 1;
    if (at !== null && (next === null || at < next)) next = at;
  });
  return next === null ? null : new Date(next).toISOString();
};
