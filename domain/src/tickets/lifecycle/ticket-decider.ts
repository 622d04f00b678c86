import * as E from 'fp-ts/Either';
import { Decider } from '../../shared/decider';
import { TicketEvent, TicketStatus } from '../events';
import { evolveTicket, initialTicketState, MaybeTicket, TicketState } from '../ticket';
import { TicketCommand, TicketError } from './commands';
import { ResponseChannel } from './events';
import { slaOutcomeEvents } from '../../sla/sla-outcomes';
import { slaPauseEvents } from '../../sla/sla-pause';
import { canMove, isEndingStatus, isResolvingStatus, resolverOf } from './status-transitions';
import { decideMerge, isMergeCommand, refusedWhenMerged } from '../merge/merge-decisions';
import { decideSplit, isSplitCommand } from '../split/split-decisions';

type Decision = E.Either<TicketError, readonly TicketEvent[]>;

const nothing: Decision = E.right([]);
const conflict = (t: TicketState, message: string): Decision => E.left({ kind: 'StatusConflict', currentStatus: t.status, message });
const invalid = (field: string, message: string): Decision => E.left({ kind: 'InvalidTicketCommand', field, message });

/** The first agent reply is recorded once; later ones are AgentReplied (latest response, response waits). */
const agentReply = (t: TicketState, respondedAt: string, channel: ResponseChannel, agentId: string | null, at: string): TicketEvent =>
  t.firstResponseAt === null
    ? { type: 'FirstResponseRecorded', data: { ticketId: t.ticketId, accountId: t.accountId, respondedAt, channel, agentId, at } }
    : { type: 'AgentReplied', data: { ticketId: t.ticketId, accountId: t.accountId, respondedAt, channel, agentId } };

/**
 * An interaction (an email, a call, a chat and its first agent message) belongs to a ticket from
 * its creation on: one that happened before it would make a first response earlier than the ticket
 * (a response time of zero). The first of `times` that is before the ticket's creation, as a refusal.
 */
const beforeCreation = (t: TicketState, times: readonly (readonly [field: string, at: string | null])[]): Decision | null => {
  const created = Date.parse(t.createdAt);
  for (const [field, at] of times) {
    if (at !== null && Date.parse(at) < created) {
      return invalid(field, `${field} ${at} is before the ticket was created (${t.createdAt}): an interaction of this ticket happens after its creation; send the time it happened, or record it on the ticket it belongs to`);
    }
  }
  return null;
};

const statusChange = (t: TicketState, to: TicketStatus, at: string, changedById: string | null, resolvedBy: 'agent' | 'ai' | null = null): TicketEvent => ({
  type: 'TicketStatusChanged',
  data: { ticketId: t.ticketId, accountId: t.accountId, from: t.status, to, resolvedBy, changedById, at },
});

const decideStatus = (t: TicketState, c: Extract<TicketCommand, { type: 'ChangeStatus' }>): Decision => {
  if (c.resolvedBy !== undefined && !isResolvingStatus(c.status)) {
    return invalid('resolvedBy', `resolvedBy is only for a resolving status (resolved, resolved_by_agent, resolved_by_ai), not "${c.status}": remove it`);
  }
  if ((c.status === 'resolved_by_agent' && c.resolvedBy === 'ai') || (c.status === 'resolved_by_ai' && c.resolvedBy === 'agent')) {
    return invalid('resolvedBy', `resolvedBy "${c.resolvedBy}" contradicts status "${c.status}": send status "resolved" with resolvedBy, or leave resolvedBy out`);
  }
  if (c.status === t.status) return nothing;
  if (!canMove(t.status, c.status)) {
    const hint = isEndingStatus(t.status) ? ' Reopen it first (status "open").' : '';
    return conflict(t, `Ticket status cannot change from "${t.status}" to "${c.status}".${hint}`);
  }
  if (c.status === 'assigned' && t.assignedToId === null) {
    return conflict(t, `Ticket has no assignee, so it cannot be "assigned": assign an agent with POST /apis/tickets/${t.ticketId}/assign`);
  }
  const change = statusChange(t, c.status, c.at, c.byUserId, resolverOf(c.status, c.resolvedBy));
  return E.right([change, ...slaPauseEvents(t, t.status, c.status, Date.parse(c.at), c.slaClock)]);
};

const decideWorked = (t: TicketState, c: TicketCommand): Decision => {
  const refused = refusedWhenMerged(t, c);
  if (refused !== null) return E.left(refused);
  if (isMergeCommand(c)) return decideMerge(t, c);
  if (isSplitCommand(c)) return decideSplit(t, c);
  const ids = { ticketId: t.ticketId, accountId: t.accountId };
  switch (c.type) {
    case 'CreateTicket':
      return E.left({ kind: 'TicketExists', ticketId: t.ticketId });
    case 'RecordTaskEvaluation':
      return t.evaluatedAt !== null ? nothing : E.right([{ type: 'TaskEvaluated', data: c.evaluation }]);
    case 'ProcessQuery':
      return t.textProcessing === 'done' ? nothing : E.right([{ type: 'TicketQueryProcessed', data: c.processed }]);
    case 'RecordReevaluation': {
      const waiting = new Set(t.dataPointsToFill);
      const dataPoints = c.reevaluation.dataPoints.filter((d) => waiting.has(d.name));
      if (dataPoints.length === 0) return nothing;
      const names = new Set(dataPoints.map((d) => d.name));
      const values = Object.fromEntries(Object.entries(c.reevaluation.values).filter(([name]) => names.has(name)));
      return E.right([{ type: 'DataPointsReevaluated', data: { ...c.reevaluation, ...ids, dataPoints, values } }]);
    }
    case 'Assign': {
      if (t.assignedToId === c.agentId) return nothing;
      if (isEndingStatus(t.status)) return conflict(t, `Ticket is "${t.status}": reopen it (status "open") before assigning it`);
      const events: TicketEvent[] = [{ type: 'TicketAssigned', data: { ...ids, agentId: c.agentId, assignedById: c.byUserId, previousAgentId: t.assignedToId, at: c.at } }];
      if (t.status === 'open' || t.status === 'queued') events.push(statusChange(t, 'assigned', c.at, c.byUserId));
      return E.right(events);
    }
    case 'Unassign': {
      if (t.assignedToId === null) return nothing;
      const events: TicketEvent[] = [{ type: 'TicketUnassigned', data: { ...ids, previousAgentId: t.assignedToId, unassignedById: c.byUserId, at: c.at } }];
      if (t.status === 'assigned') events.push(statusChange(t, 'queued', c.at, c.byUserId));
      return E.right(events);
    }
    case 'ChangeStatus':
      return decideStatus(t, c);
    case 'RecordEmail': {
      if (t.emailMessageIds.includes(c.messageId)) return nothing;
      const early = beforeCreation(t, [['sentAt', c.sentAt]]);
      if (early !== null) return early;
      const { type: _type, ...email } = c;
      const events: TicketEvent[] = [{ type: 'EmailMessageRecorded', data: { ...ids, ...email } }];
      if (c.direction === 'agent' && c.generatedBy === null) events.push(agentReply(t, c.sentAt, 'email', c.agentId, c.at));
      return E.right(events);
    }
    case 'RecordCall': {
      const known = t.calls[c.callId];
      if (known !== undefined) {
        if (known.direction !== c.direction) return invalid('direction', `Call "${c.callId}" is recorded as ${known.direction}, not ${c.direction}`);
        if (known.endedAt === null && c.endedAt !== null) return E.right([{ type: 'CallEnded', data: { ...ids, callId: c.callId, endedAt: c.endedAt, at: c.at } }]);
        return nothing;
      }
      const early = beforeCreation(t, [['startedAt', c.startedAt]]);
      if (early !== null) return early;
      const { type: _type, ...call } = c;
      const events: TicketEvent[] = [{ type: 'CallRecorded', data: { ...ids, ...call } }];
      // An outgoing call is an agent reaching out; an incoming call with an agent was answered.
      if (c.direction === 'outgoing' || c.agentId !== null) events.push(agentReply(t, c.startedAt, 'voiceCall', c.agentId, c.at));
      return E.right(events);
    }
    case 'EvaluateCall': {
      const call = t.calls[c.callId];
      if (call === undefined) return E.left({ kind: 'CallNotFound', callId: c.callId });
      if (call.direction !== 'incoming') return invalid('callId', `Call "${c.callId}" is outgoing: only incoming calls are evaluated for Voice FCR`);
      const e = call.evaluation;
      if (e !== null && e.outcome === c.outcome && e.reason === c.reason && e.evaluatedAt === c.evaluatedAt) return nothing;
      const { type: _type, ...evaluation } = c;
      return E.right([{ type: 'CallEvaluated', data: { ...ids, ...evaluation } }]);
    }
    case 'RecordChat': {
      if (t.chatSessionIds.includes(c.sessionId)) return nothing;
      const early = beforeCreation(t, [['startedAt', c.startedAt], ['firstAgentMessageAt', c.firstAgentMessageAt]]);
      if (early !== null) return early;
      const { type: _type, ...chat } = c;
      const events: TicketEvent[] = [{ type: 'ChatSessionRecorded', data: { ...ids, ...chat } }];
      if (c.firstAgentMessageAt !== null) events.push(agentReply(t, c.firstAgentMessageAt, 'chat', c.agentId, c.at));
      return E.right(events);
    }
    case 'LinkChild': {
      if (t.childTicketIds.includes(c.childTicketId)) return nothing;
      const { type: _type, ...link } = c;
      return E.right([{ type: 'ChildTicketLinked', data: { ...ids, ...link } }]);
    }
    case 'SendCsat':
      return t.csat.sentAt !== null ? nothing : E.right([{ type: 'CsatSent', data: { ...ids, sentAt: c.sentAt } }]);
    case 'SubmitCsat': {
      const s = t.csat;
      if (s.submittedAt !== null && s.rating === c.rating && s.comment === c.comment) return nothing;
      return E.right([{ type: 'CsatSubmitted', data: { ...ids, rating: c.rating, comment: c.comment, submittedAt: c.submittedAt } }]);
    }
    case 'SetDisposition': {
      const fields = Object.fromEntries(Object.entries(c.fields).filter(([label, value]) => t.dispositions[label] !== value));
      const category = c.category !== undefined && c.category !== t.category ? { category: c.category } : {};
      const subcategory = c.subcategory !== undefined && c.subcategory !== t.subcategory ? { subcategory: c.subcategory } : {};
      if (Object.keys(fields).length === 0 && !('category' in category) && !('subcategory' in subcategory)) return nothing;
      return E.right([{ type: 'DispositionSet', data: { ...ids, ...category, ...subcategory, fields, setById: c.byUserId, at: c.at } }]);
    }
    case 'AddSentiment':
      if (t.sentiments[t.sentiments.length - 1] === c.sentiment) return nothing;
      return E.right([{ type: 'SentimentAdded', data: { ...ids, sentiment: c.sentiment, addedBy: c.addedBy, agentId: c.agentId, at: c.at } }]);
    case 'RecordSlaOutcomes':
      return E.right(slaOutcomeEvents(t, Date.parse(c.at)));
    default:
      return nothing;
  }
};

const decideTicket = (c: TicketCommand, state: MaybeTicket): Decision => {
  if (state !== null) return decideWorked(state, c);
  if (c.type !== 'CreateTicket') return E.left({ kind: 'TicketNotFound' });
  const events: TicketEvent[] = [{ type: 'TicketCreated', data: c.ticket }];
  if (c.evaluation !== null) events.push({ type: 'TaskEvaluated', data: c.evaluation });
  return E.right(events);
};

/** The ticket: created once, then worked through the lifecycle commands. Pure. */
export const ticketDecider: Decider<TicketCommand, TicketEvent, MaybeTicket, TicketError> = {
  initialState: initialTicketState,
  evolve: evolveTicket,
  decide: decideTicket,
};

/** A ticket command from a route of one account. */
export interface TicketCommandOfAccount {
  readonly accountId: string;
  readonly command: TicketCommand;
}

/** The ticket decider seen from one account: another account's ticket does not exist. */
export const ticketOfAccountDecider: Decider<TicketCommandOfAccount, TicketEvent, MaybeTicket, TicketError> = {
  initialState: ticketDecider.initialState,
  evolve: ticketDecider.evolve,
  decide: ({ accountId, command }, state) => (state !== null && state.accountId !== accountId ? E.left({ kind: 'TicketNotFound' }) : ticketDecider.decide(command, state)),
};
