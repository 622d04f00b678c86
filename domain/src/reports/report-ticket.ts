import { Durations } from './report-clock';

/** A duration that happened on a day (the account's day of the moment it ended). */
export interface DayDurations extends Durations {
  readonly day: string;
}

/** What a ticket's SLA target was recorded as, on the day of its outcome. */
export interface SlaOutcomeFact {
  readonly policy: string;
  readonly outcome: 'met' | 'breached';
  readonly day: string;
}

/**
 * A ticket as the reports see it (docs/api/reports.md, Metrics): who and where it is now (the
 * dimensions every one of its numbers is counted under) and each metric's facts so far. Kept by
 * the reports projection, one document per ticket, so that a change of the ticket moves its
 * numbers exactly (the aggregates are always the sum of every ticket's contribution).
 */
export interface ReportTicket {
  readonly accountId: string;
  readonly createdAt: string;
  readonly createdDay: string;
  /** The assigned agent now, or null. */
  readonly agentId: string | null;
  /** The team of the ticket's task now, or null. */
  readonly teamId: string | null;
  readonly taskId: string | null;
  /** The ticket's source (channel). */
  readonly channel: string;
  readonly status: string;
  /** Where the first response's wait starts: the creation, or a reopen that came before any reply. */
  readonly firstWaitFrom: string;
  readonly firstResponse: DayDurations | null;
  /** The customer's wait still open (no reply yet), or null. */
  readonly waitingSince: string | null;
  /** Every wait a human agent's reply ended. */
  readonly waits: readonly DayDurations[];
  readonly firstResolution: DayDurations | null;
  /** The resolution the ticket holds now (a reopen clears it), and when. */
  readonly resolution: DayDurations | null;
  readonly resolvedAt: string | null;
  /** Closed without a resolution (a merged ticket), while it stays closed. */
  readonly closedDay: string | null;
  /** The day of each reopen. */
  readonly reopenDays: readonly string[];
  /** Every human agent who was assigned it, replied on it or resolved it. */
  readonly agents: readonly string[];
  /** Each SLA target's outcome, by its place in the ticket's targets. */
  readonly sla: Readonly<Record<string, SlaOutcomeFact>>;
  /** The policy key of each of the ticket's targets, by place. */
  readonly slaPolicies: readonly string[];
  /** The latest CSAT rating and the day it was submitted. */
  readonly csat: { readonly rating: number; readonly day: string } | null;
}

/** A policy as a report names it: metric, target minutes and label (two policies may share a label). */
export const slaPolicyKey = (p: { readonly metric: string; readonly targetMinutes: number; readonly label: string }): string => `${p.metric}:${p.targetMinutes}:${p.label}`;

export const slaPolicyOf = (key: string): { metric: string; targetMinutes: number; label: string } => {
  const [metric, minutes, ...label] = key.split(':');
  return { metric, targetMinutes: Number(minutes), label: label.join(':') };
};
