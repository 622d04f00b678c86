import { OPEN_TICKET_STATUSES, TaskEvaluatedData, TicketCreatedData, TicketEvent, TicketSentiment, TicketStatus } from './events';
import { VoiceFcrOutcome } from './lifecycle/events';
import { SlaOutcomes, SlaWarnings } from '../sla/sla-outcomes';
import { targetsAfterPause } from '../sla/sla-pause';

interface TicketCall {
  readonly direction: 'incoming' | 'outgoing';
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly agentId: string | null;
  readonly evaluation: { readonly outcome: VoiceFcrOutcome; readonly reason: string; readonly evaluatedAt: string } | null;
}

interface TicketCsatState {
  readonly sentAt: string | null;
  readonly rating: number | null;
  readonly comment: string | null;
  readonly submittedAt: string | null;
}

/** A ticket folded from its stream `ticket-<ticketId>`. */
export interface TicketState extends TicketCreatedData {
  readonly ticketType: 'ticket' | 'child' | 'interaction';
  readonly rootTicketId: string;
  readonly updatedAt: string | null;
  /** The final task evaluation's objective values (empty without a task), with those filled later. */
  readonly objectives: Readonly<Record<string, unknown>>;
  /** Data points whose source did not answer at evaluation, not yet filled by a re-evaluation. */
  /** When the task's evaluation was recorded (TaskEvaluated), or null: no task, or its evaluation not recorded yet. */
  readonly evaluatedAt: string | null;
  readonly dataPointsToFill: readonly string[];
  readonly assignedToId: string | null;
  readonly assignedById: string | null;
  readonly assignedAt: string | null;
  /** Every agent who held or worked the ticket, in the order they first did. */
  readonly involvedAgentIds: readonly string[];
  readonly resolvedAt: string | null;
  readonly resolvedBy: 'agent' | 'ai' | null;
  readonly resolvedByUserId: string | null;
  /** Channel ids already recorded (a webhook sent twice records once). */
  readonly emailMessageIds: readonly string[];
  readonly calls: Readonly<Record<string, TicketCall>>;
  readonly chatSessionIds: readonly string[];
  readonly firstResponseAt: string | null;
  readonly csat: TicketCsatState;
  readonly category: string | null;
  readonly subcategory: string | null;
  readonly dispositions: Readonly<Record<string, string>>;
  readonly childTicketIds: readonly string[];
  readonly sentiments: readonly TicketSentiment[];
  /** The SLA targets recorded met or breached (SlaMet, SlaBreached), by their place in slaTargets. */
  readonly slaOutcomes: SlaOutcomes;
  /** The due moment each target was last warned of (SlaWarned), by its place in slaTargets. */
  readonly slaWarnings: SlaWarnings;
  /** Set once the ticket is merged into another (the surviving ticket) by the merge `mergeId`. */
  readonly mergedInto: { readonly targetTicketId: string; readonly mergeId: string; readonly previousStatus: TicketStatus } | null;
  /** The merges this ticket absorbed, and the tickets merged into it by them. */
  readonly mergeIds: readonly string[];
  readonly mergedTicketIds: readonly string[];
  /** The ticket this one was split from (docs/api/merge-and-split.md), and the tickets split from this one. */
  readonly splitFromTicketId: string | null;
  readonly splitTicketIds: readonly string[];
}

export type MaybeTicket = TicketState | null;

export const initialTicketState = (): MaybeTicket => null;

/** The data points of an evaluation whose source could not answer (each once, in evaluation order). */
export const retryableDataPoints = (evaluation: Pick<TaskEvaluatedData, 'steps'>): readonly string[] => [
  ...new Set(evaluation.steps.flatMap((s) => s.dataPoints.filter((d) => d.status === 'absent' && d.retryable === true).map((d) => d.name))),
];

const withAgent = (agents: readonly string[], agentId: string | null): readonly string[] =>
  agentId === null || agents.includes(agentId) ? agents : [...agents, agentId];

/**
 * The state a TicketCreated starts. Written as one literal whose own fields come first and the
 * event's after, then the two fields the event may also carry set again: V8 (Node 20) is slow to
 * add fields after an object spread (`{ ...d, field }`), and every ticket stream a command or
 * worker folds starts here, while fields the spread already made are set as fast as in a literal.
 */
const created = (d: TicketCreatedData): TicketState => {
  const state: { -readonly [K in keyof TicketState]: TicketState[K] } = {
    ticketType: 'ticket',
    rootTicketId: d.ticketId,
    updatedAt: null,
    objectives: {},
    evaluatedAt: null,
    dataPointsToFill: [],
    assignedToId: null,
    assignedById: null,
    assignedAt: null,
    involvedAgentIds: [],
    resolvedAt: null,
    resolvedBy: null,
    resolvedByUserId: null,
    emailMessageIds: [],
    calls: {},
    chatSessionIds: [],
    firstResponseAt: null,
    csat: { sentAt: null, rating: null, comment: null, submittedAt: null },
    category: null,
    subcategory: null,
    dispositions: {},
    childTicketIds: [],
    sentiments: d.sentiment === null ? [] : [d.sentiment],
    slaOutcomes: {},
    slaWarnings: {},
    mergedInto: null,
    mergeIds: [],
    mergedTicketIds: [],
    splitFromTicketId: null,
    splitTicketIds: [],
    ...d,
  };
  state.ticketType = d.ticketType ?? 'ticket';
  state.rootTicketId = d.rootTicketId ?? d.parentTicketId ?? d.ticketId;
  return state;
};

/** Statuses that resolve a ticket (resolvedAt is set on entering one). */
export const RESOLVING_STATUSES: readonly string[] = ['resolved', 'resolved_by_agent', 'resolved_by_ai'];

const evolveWorked = (t: TicketState, event: TicketEvent): TicketState => {
  switch (event.type) {
    case 'TicketCreated':
      return t;
    case 'TaskEvaluated':
      return {
        ...t, taskId: event.data.taskId, teamId: event.data.teamId, objectives: event.data.objectives, evaluatedAt: event.data.evaluatedAt, dataPointsToFill: retryableDataPoints(event.data),
      };
    case 'DataPointsReevaluated': {
      const settled = new Set(event.data.dataPoints.filter((d) => d.status === 'resolved' || !d.retryable).map((d) => d.name));
      return { ...t, objectives: { ...t.objectives, ...event.data.objectives }, dataPointsToFill: t.dataPointsToFill.filter((n) => !settled.has(n)) };
    }
    case 'TicketQueryProcessed':
      return {
        ...t,
        summary: event.data.summary,
        sentiment: event.data.sentiment,
        sentiments: event.data.sentiment === null ? t.sentiments : [...t.sentiments, event.data.sentiment],
        textProcessing: 'done',
        updatedAt: event.data.processedAt,
      };
    case 'TicketAssigned': {
      const d = event.data;
      return { ...t, assignedToId: d.agentId, assignedById: d.assignedById, assignedAt: d.at, involvedAgentIds: withAgent(t.involvedAgentIds, d.agentId), updatedAt: d.at };
    }
    case 'TicketUnassigned':
      return { ...t, assignedToId: null, assignedById: null, updatedAt: event.data.at };
    case 'TicketStatusChanged': {
      const d = event.data;
      const resolves = RESOLVING_STATUSES.includes(d.to);
      const reopens = d.to === 'open';
      return {
        ...t,
        status: d.to,
        resolvedAt: resolves ? d.at : reopens ? null : t.resolvedAt,
        resolvedBy: resolves ? d.resolvedBy : reopens ? null : t.resolvedBy,
        resolvedByUserId: resolves ? (d.resolvedBy === 'agent' ? d.changedById : null) : reopens ? null : t.resolvedByUserId,
        involvedAgentIds: resolves && d.resolvedBy === 'agent' ? withAgent(t.involvedAgentIds, d.changedById) : t.involvedAgentIds,
        updatedAt: d.at,
      };
    }
    case 'EmailMessageRecorded':
      return { ...t, emailMessageIds: [...t.emailMessageIds, event.data.messageId], involvedAgentIds: withAgent(t.involvedAgentIds, event.data.agentId), updatedAt: event.data.at };
    case 'CallRecorded': {
      const d = event.data;
      const call: TicketCall = { direction: d.direction, startedAt: d.startedAt, endedAt: d.endedAt, agentId: d.agentId, evaluation: null };
      return { ...t, calls: { ...t.calls, [d.callId]: call }, involvedAgentIds: withAgent(t.involvedAgentIds, d.agentId), updatedAt: d.at };
    }
    case 'CallEnded': {
      const call = t.calls[event.data.callId];
      if (call === undefined) return t;
      return { ...t, calls: { ...t.calls, [event.data.callId]: { ...call, endedAt: event.data.endedAt } }, updatedAt: event.data.at };
    }
    case 'CallEvaluated': {
      const d = event.data;
      const call = t.calls[d.callId];
      if (call === undefined) return t;
      return { ...t, calls: { ...t.calls, [d.callId]: { ...call, evaluation: { outcome: d.outcome, reason: d.reason, evaluatedAt: d.evaluatedAt } } }, updatedAt: d.at };
    }
    case 'ChatSessionRecorded':
      return { ...t, chatSessionIds: [...t.chatSessionIds, event.data.sessionId], involvedAgentIds: withAgent(t.involvedAgentIds, event.data.agentId), updatedAt: event.data.at };
    case 'FirstResponseRecorded':
      return { ...t, firstResponseAt: event.data.respondedAt };
    case 'AgentReplied':
      return t;
    case 'ChildTicketLinked':
      return { ...t, childTicketIds: [...t.childTicketIds, event.data.childTicketId], updatedAt: event.data.at };
    case 'CsatSent':
      return { ...t, csat: { ...t.csat, sentAt: event.data.sentAt }, updatedAt: event.data.sentAt };
    case 'CsatSubmitted': {
      const d = event.data;
      return { ...t, csat: { ...t.csat, rating: d.rating, comment: d.comment, submittedAt: d.submittedAt }, updatedAt: d.submittedAt };
    }
    case 'DispositionSet': {
      const d = event.data;
      return {
        ...t,
        category: d.category !== undefined ? d.category : t.category,
        subcategory: d.subcategory !== undefined ? d.subcategory : t.subcategory,
        dispositions: { ...t.dispositions, ...d.fields },
        updatedAt: d.at,
      };
    }
    case 'SentimentAdded':
      return { ...t, sentiment: event.data.sentiment, sentiments: [...t.sentiments, event.data.sentiment], updatedAt: event.data.at };
    case 'SlaMet':
      return { ...t, slaOutcomes: { ...t.slaOutcomes, [event.data.target]: 'met' } };
    case 'SlaBreached':
      return { ...t, slaOutcomes: { ...t.slaOutcomes, [event.data.target]: 'breached' } };
    case 'SlaWarned':
      return { ...t, slaWarnings: { ...t.slaWarnings, [event.data.target]: event.data.dueAt } };
    case 'SlaPaused':
    case 'SlaResumed':
      return { ...t, slaTargets: targetsAfterPause(t.slaTargets ?? [], event) };
    case 'TicketMergedInto':
      return { ...t, mergedInto: { targetTicketId: event.data.targetTicketId, mergeId: event.data.mergeId, previousStatus: event.data.previousStatus }, updatedAt: event.data.at };
    case 'TicketMergeWithdrawn':
      return { ...t, mergedInto: null, updatedAt: event.data.at };
    case 'TicketsMerged':
      return { ...t, mergeIds: [...t.mergeIds, event.data.mergeId], mergedTicketIds: [...t.mergedTicketIds, ...event.data.sourceTicketIds], updatedAt: event.data.at };
    case 'TicketSplit': {
      const d = event.data;
      const calls = Object.fromEntries(Object.entries(t.calls).filter(([id]) => !d.callIds.includes(id)));
      return {
        ...t, emailMessageIds: t.emailMessageIds.filter((id) => !d.emailMessageIds.includes(id)), calls,
        chatSessionIds: t.chatSessionIds.filter((id) => !d.chatSessionIds.includes(id)), splitTicketIds: [...t.splitTicketIds, d.newTicketId], updatedAt: d.at,
      };
    }
    case 'TicketSplitFrom':
      return { ...t, splitFromTicketId: event.data.fromTicketId };
    default:
      return t;
  }
};

export const evolveTicket = (state: MaybeTicket, event: TicketEvent): MaybeTicket => {
  if (event.type === 'TicketCreated') return state ?? created(event.data);
  return state === null ? state : evolveWorked(state, event);
};

/** Open for the reuse rule of docs/api/tickets.md (rule Reuse): not resolved, closed or stale. */
export const isOpenTicket = (ticket: Pick<TicketState, 'status'>): boolean => OPEN_TICKET_STATUSES.includes(ticket.status);
