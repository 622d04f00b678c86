import { storedTimestamp } from '../tickets/list/date-bounds';
import { RESOLVING_STATUSES } from '../tickets/ticket';
import { TicketCreatedData, TaskEvaluatedData } from '../tickets/events';
import { TicketLifecycleEvent } from '../tickets/lifecycle/events';
import { dayIn, durationsBetween, ReportClock } from './report-clock';
import { DayDurations, ReportTicket, slaPolicyKey } from './report-ticket';

/** The events a report ticket changes with. */
export type ReportEvent =
  | { readonly type: 'TicketCreated'; readonly data: TicketCreatedData }
  | { readonly type: 'TaskEvaluated'; readonly data: TaskEvaluatedData }
  | TicketLifecycleEvent;

export const REPORT_EVENT_TYPES: readonly string[] = [
  'TicketCreated', 'TaskEvaluated', 'TicketAssigned', 'TicketUnassigned', 'TicketStatusChanged', 'EmailMessageRecorded', 'CallRecorded',
  'ChatSessionRecorded', 'FirstResponseRecorded', 'AgentReplied', 'CsatSubmitted', 'SlaMet', 'SlaBreached',
];

const ts = (value: string): string => storedTimestamp(value) ?? value;
const ENDED = new Set([...RESOLVING_STATUSES, 'closed', 'stale', 'stale_marked_automatically']);
const withAgent = (agents: readonly string[], agentId: string | null): readonly string[] =>
  agentId === null || agents.includes(agentId) ? agents : [...agents, agentId];

/** A ticket as the reports first see it. */
export const reportTicketCreated = (d: TicketCreatedData, clock: ReportClock): ReportTicket => {
  const at = ts(d.createdAt);
  return {
    accountId: d.accountId, createdAt: at, createdDay: dayIn(clock.zone, at),
    agentId: null, teamId: d.teamId, taskId: d.taskId, channel: d.source, status: d.status,
    firstWaitFrom: at, firstResponse: null, waitingSince: at, waits: [],
    firstResolution: null, resolution: null, resolvedAt: null, closedDay: null, reopenDays: [], agents: [],
    sla: {}, slaPolicies: (d.slaTargets ?? []).map(slaPolicyKey), csat: null,
  };
};

const span = (clock: ReportClock, from: string, to: string): DayDurations => ({ day: dayIn(clock.zone, to), ...durationsBetween(clock, from, to) });

/** The customer reached out (or the ticket was reopened): a wait starts unless one is open. */
const waitFrom = (t: ReportTicket, at: string): ReportTicket => (t.waitingSince !== null ? t : { ...t, waitingSince: ts(at) });

/** A human agent replied (docs/api/reports.md, What counts as a response): the open wait ends; the first reply is the first response. */
const replied = (t: ReportTicket, respondedAt: string, agentId: string | null, first: boolean, clock: ReportClock): ReportTicket => {
  const at = ts(respondedAt);
  const closes = t.waitingSince !== null && at >= t.waitingSince;
  return {
    ...t,
    agents: withAgent(t.agents, agentId),
    ...(first && t.firstResponse === null ? { firstResponse: span(clock, t.firstWaitFrom, at < t.firstWaitFrom ? t.firstWaitFrom : at) } : {}),
    ...(closes ? { waits: [...t.waits, span(clock, t.waitingSince as string, at)], waitingSince: null } : {}),
  };
};

const statusChanged = (t: ReportTicket, e: Extract<TicketLifecycleEvent, { type: 'TicketStatusChanged' }>, clock: ReportClock): ReportTicket => {
  const d = e.data;
  const at = ts(d.at);
  const day = dayIn(clock.zone, at);
  if (RESOLVING_STATUSES.includes(d.to)) {
    const resolution = span(clock, t.createdAt, at);
    return {
      ...t, status: d.to, resolution, resolvedAt: at, firstResolution: t.firstResolution ?? resolution,
      agents: d.resolvedBy === 'agent' ? withAgent(t.agents, d.changedById) : t.agents,
    };
  }
  if (d.to === 'closed') return { ...t, status: d.to, closedDay: t.resolvedAt === null ? day : null };
  if (d.to === 'open') {
    const reopened = ENDED.has(d.from);
    const cleared: ReportTicket = { ...t, status: d.to, resolution: null, resolvedAt: null, closedDay: null };
    if (!reopened) return cleared;
    // A reopen opens its own wait; before any reply, the first response is measured from it.
    return waitFrom({ ...cleared, reopenDays: [...t.reopenDays, day], firstWaitFrom: t.firstResponse === null ? at : t.firstWaitFrom }, at);
  }
  return { ...t, status: d.to };
};

/** The ticket after one event (pure; the clock is the account's). */
export const evolveReportTicket = (t: ReportTicket | null, e: ReportEvent, clock: ReportClock): ReportTicket | null => {
  if (e.type === 'TicketCreated') return t ?? reportTicketCreated(e.data, clock);
  if (t === null) return null;
  switch (e.type) {
    case 'TaskEvaluated':
      return { ...t, taskId: e.data.taskId, teamId: e.data.teamId };
    case 'TicketAssigned':
      return { ...t, agentId: e.data.agentId, agents: withAgent(t.agents, e.data.agentId) };
    case 'TicketUnassigned':
      return { ...t, agentId: null };
    case 'TicketStatusChanged':
      return statusChanged(t, e, clock);
    case 'EmailMessageRecorded':
      return e.data.direction === 'customer' ? waitFrom(t, e.data.sentAt) : t;
    case 'CallRecorded':
      return e.data.direction === 'incoming' ? waitFrom(t, e.data.startedAt) : t;
    case 'ChatSessionRecorded':
      return waitFrom(t, e.data.startedAt);
    case 'FirstResponseRecorded':
      return replied(t, e.data.respondedAt, e.data.agentId, true, clock);
    case 'AgentReplied':
      return replied(t, e.data.respondedAt, e.data.agentId, false, clock);
    case 'CsatSubmitted':
      return { ...t, csat: { rating: e.data.rating, day: dayIn(clock.zone, ts(e.data.submittedAt)) } };
    case 'SlaMet':
    case 'SlaBreached': {
      const d = e.data;
      const policy = t.slaPolicies[d.target] ?? slaPolicyKey({ metric: d.metric, targetMinutes: 0, label: d.label });
      const at = e.type === 'SlaMet' ? e.data.metAt : e.data.dueAt;
      return { ...t, sla: { ...t.sla, [d.target]: { policy, outcome: e.type === 'SlaMet' ? 'met' : 'breached', day: dayIn(clock.zone, ts(at)) } } };
    }
    default:
      return t;
  }
};
