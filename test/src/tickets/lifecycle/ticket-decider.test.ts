import { expect } from 'chai';
import { deciderSpecification } from '../../support/decider-specification';
import * as E from 'fp-ts/Either';
import { plainClock, TicketCommand, TicketCreatedData, ticketDecider, TicketError, TicketEvent } from '@support/domain';

const T = 'tk-1';
const ids = { ticketId: T, accountId: 'acme' };
const AT = '2027-01-01T10:00:00.000Z';

const created: TicketCreatedData = {
  ...ids, ticketNumber: 7, status: 'open', subject: 'Late parcel', query: 'Where is it?', summary: null, sentiment: null, textProcessing: 'pending',
  orderName: null, source: 'manual', manualSourceLabel: null, customerId: 'cu-1', customer: { name: null, phone: '+14155550100', email: null },
  taskId: null, teamId: null, requestedTaskId: null, createdByUserId: 'u-admin', createdByTokenId: 'tok-admin', createdAt: AT, payload: null,
  payloadFormat: null, relatedTicketNumber: null, objectiveValues: {}, images: [], parentTicketId: null, forced: false,
};
const ticketCreated: TicketEvent = { type: 'TicketCreated', data: created };

const given = deciderSpecification(ticketDecider);

const assigned = (agentId: string, previousAgentId: string | null = null): TicketEvent => ({ type: 'TicketAssigned', data: { ...ids, agentId, assignedById: 'u-admin', previousAgentId, at: AT } });
const status = (from: string, to: string, resolvedBy: 'agent' | 'ai' | null = null, changedById: string | null = 'u-admin'): TicketEvent =>
  ({ type: 'TicketStatusChanged', data: { ...ids, from, to, resolvedBy, changedById, at: AT } } as TicketEvent);

describe('ticket decider (given / when / then)', () => {
  it('creates a ticket once: TicketCreated on an empty stream, TicketExists after', () => {
    given().when({ type: 'CreateTicket', ticket: created, evaluation: null }).then([ticketCreated]);
    given(ticketCreated).when({ type: 'CreateTicket', ticket: created, evaluation: null }).thenFails({ kind: 'TicketExists' });
  });

  it('records a re-evaluation only for data points still waiting for their source: once each, the others dropped', () => {
    const absentTier = { name: 'loyalty_tier', source: 'integration', status: 'absent' as const, reason: 'the integration did not answer within 4250 ms', retryable: true };
    const absentNote = { name: 'warehouse_note', source: 'spreadsheet', status: 'absent' as const, reason: 'no source' };
    const evaluated: TicketEvent = {
      type: 'TaskEvaluated',
      data: {
        ...ids, requestedTaskId: 'task-refund', taskId: 'task-refund', teamId: null, evaluatedAt: AT, transitions: [], cycleStopped: null,
        overriddenDataPoints: [], skipExecuteAction: false, objectives: {}, values: {},
        steps: [{ taskId: 'task-refund', teamId: null, dataPoints: [absentTier, absentNote], objectives: [], actions: [], transition: null }],
      },
    };
    const tier = { name: 'loyalty_tier', source: 'integration', status: 'resolved' as const, value: 'gold', overridden: false };
    const note = { name: 'warehouse_note', source: 'spreadsheet', status: 'resolved' as const, value: 'x', overridden: false };
    const reevaluation = { ...ids, reevaluatedAt: AT, attempt: 1, dataPoints: [tier, note], values: { loyalty_tier: 'gold', warehouse_note: 'x' }, objectives: {} };
    const recorded: TicketEvent = { type: 'DataPointsReevaluated', data: { ...reevaluation, dataPoints: [tier], values: { loyalty_tier: 'gold' } } };
    given(ticketCreated, evaluated).when({ type: 'RecordReevaluation', reevaluation }).then([recorded]);
    given(ticketCreated, evaluated, recorded).when({ type: 'RecordReevaluation', reevaluation }).then([]);
    given(ticketCreated).when({ type: 'RecordReevaluation', reevaluation }).then([]);
  });

  it('refuses every command on a ticket that does not exist', () => {
    given().when({ type: 'Unassign', byUserId: null, at: AT }).thenFails({ kind: 'TicketNotFound' });
  });

  it('assigning an open ticket assigns it and moves it to assigned; the same agent again changes nothing', () => {
    given(ticketCreated).when({ type: 'Assign', agentId: 'u-agent', byUserId: 'u-admin', at: AT }).then([assigned('u-agent'), status('open', 'assigned')]);
    given(ticketCreated, assigned('u-agent'), status('open', 'assigned')).when({ type: 'Assign', agentId: 'u-agent', byUserId: 'u-admin', at: AT }).then([]);
  });

  it('reassigning an in-progress ticket keeps its status and names the previous agent', () => {
    given(ticketCreated, assigned('u-agent'), status('open', 'assigned'), status('assigned', 'in_progress'))
      .when({ type: 'Assign', agentId: 'u-agent2', byUserId: 'u-admin', at: AT })
      .then([assigned('u-agent2', 'u-agent')]);
  });

  it('a closed ticket cannot be assigned or moved to work; it can be reopened', () => {
    const closed = [ticketCreated, status('open', 'closed')];
    given(...closed).when({ type: 'Assign', agentId: 'u-agent', byUserId: null, at: AT }).thenFails({ kind: 'StatusConflict', currentStatus: 'closed' });
    given(...closed).when({ type: 'ChangeStatus', status: 'in_progress', byUserId: null, at: AT, slaClock: plainClock }).thenFails({ kind: 'StatusConflict', currentStatus: 'closed' });
    given(...closed).when({ type: 'ChangeStatus', status: 'open', byUserId: 'u-admin', at: AT, slaClock: plainClock }).then([status('closed', 'open')]);
  });

  it('resolving says who resolved: plain resolved defaults to the agent, resolved_by_ai is the AI', () => {
    given(ticketCreated).when({ type: 'ChangeStatus', status: 'resolved', byUserId: 'u-admin', at: AT, slaClock: plainClock }).then([status('open', 'resolved', 'agent')]);
    given(ticketCreated).when({ type: 'ChangeStatus', status: 'resolved_by_ai', byUserId: null, at: AT, slaClock: plainClock }).then([status('open', 'resolved_by_ai', 'ai', null)]);
    given(ticketCreated).when({ type: 'ChangeStatus', status: 'queued', resolvedBy: 'ai', byUserId: null, at: AT, slaClock: plainClock }).thenFails({ kind: 'InvalidTicketCommand', field: 'resolvedBy' });
  });

  it('an agent email is the first response once; later agent emails are replies; the same message id changes nothing', () => {
    const email = (messageId: string, direction: 'customer' | 'agent'): TicketCommand => ({
      type: 'RecordEmail', messageId, threadId: 'th', emailClient: 'gmail', from: 'x@y', to: [], sentAt: AT, direction, generatedBy: null, agentId: null, at: AT,
    });
    const recorded = (messageId: string, direction: 'customer' | 'agent'): TicketEvent => ({
      type: 'EmailMessageRecorded', data: { ...ids, messageId, threadId: 'th', emailClient: 'gmail', from: 'x@y', to: [], sentAt: AT, direction, generatedBy: null, agentId: null, at: AT },
    });
    const first: TicketEvent = { type: 'FirstResponseRecorded', data: { ...ids, respondedAt: AT, channel: 'email', agentId: null, at: AT } };
    given(ticketCreated).when(email('m1', 'customer')).then([recorded('m1', 'customer')]);
    given(ticketCreated).when(email('m2', 'agent')).then([recorded('m2', 'agent'), first]);
    given(ticketCreated, recorded('m2', 'agent'), first).when(email('m3', 'agent'))
      .then([recorded('m3', 'agent'), { type: 'AgentReplied', data: { ...ids, respondedAt: AT, channel: 'email', agentId: null } }]);
    given(ticketCreated, recorded('m1', 'customer')).when(email('m1', 'customer')).then([]);
  });

  it('an email, call or chat from before the ticket was created is refused naming the field and both times; one at the creation time is taken', () => {
    const before = '2027-01-01T09:59:59.000Z';
    given(ticketCreated).when({ type: 'RecordEmail', messageId: 'early', threadId: 'th', emailClient: 'gmail', from: 'x@y', to: [], sentAt: before, direction: 'agent', generatedBy: null, agentId: null, at: AT })
      .thenFails({ kind: 'InvalidTicketCommand', field: 'sentAt', message: `sentAt ${before} is before the ticket was created (${AT}): an interaction of this ticket happens after its creation; send the time it happened, or record it on the ticket it belongs to` });
    given(ticketCreated).when({ type: 'RecordCall', callId: 'c', direction: 'outgoing', startedAt: before, endedAt: null, agentId: null, at: AT }).thenFails({ kind: 'InvalidTicketCommand', field: 'startedAt' });
    given(ticketCreated).when({ type: 'RecordChat', sessionId: 's', startedAt: AT, agentId: null, firstAgentMessageAt: before, at: AT }).thenFails({ kind: 'InvalidTicketCommand', field: 'firstAgentMessageAt' });
    given(ticketCreated).when({ type: 'RecordCall', callId: 'c', direction: 'outgoing', startedAt: AT, endedAt: null, agentId: null, at: AT }).thenEvents();
  });

  it('only an incoming call recorded on the ticket is evaluated for Voice FCR', () => {
    const call = (direction: 'incoming' | 'outgoing'): TicketEvent => ({ type: 'CallRecorded', data: { ...ids, callId: 'c', direction, startedAt: AT, endedAt: null, agentId: null, at: AT } });
    const evaluate: TicketCommand = { type: 'EvaluateCall', callId: 'c', outcome: 'unresolved', reason: 'no_answer', evaluatedAt: AT, at: AT };
    given(ticketCreated).when(evaluate).thenFails({ kind: 'CallNotFound', callId: 'c' });
    given(ticketCreated, call('outgoing')).when(evaluate).thenFails({ kind: 'InvalidTicketCommand' });
    given(ticketCreated, call('incoming')).when(evaluate).then([{ type: 'CallEvaluated', data: { ...ids, callId: 'c', outcome: 'unresolved', reason: 'no_answer', evaluatedAt: AT, at: AT } }]);
  });

  it('a disposition appends only what changes', () => {
    const set: TicketEvent = { type: 'DispositionSet', data: { ...ids, category: 'Refunds', fields: { Reason: 'Late' }, setById: null, at: AT } };
    given(ticketCreated).when({ type: 'SetDisposition', category: 'Refunds', fields: { Reason: 'Late' }, byUserId: null, at: AT }).then([set]);
    given(ticketCreated, set).when({ type: 'SetDisposition', category: 'Refunds', fields: { Reason: 'Late' }, byUserId: null, at: AT }).then([]);
  });
});
