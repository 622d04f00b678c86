import { expect } from 'chai';
import { movedInteractionEvents, TicketCreatedData, ticketDecider, TicketEvent } from '@support/domain';
import { deciderSpecification } from '../../support/decider-specification';

const AT = '2027-01-01T10:00:00.000Z';
const T = 'tk-1';
const ids = { ticketId: T, accountId: 'acme' };
const created: TicketEvent = {
  type: 'TicketCreated',
  data: {
    ...ids, ticketNumber: 7, status: 'open', subject: null, query: 'Two problems', summary: null, sentiment: null, textProcessing: 'done', orderName: null,
    source: 'manual', manualSourceLabel: null, customerId: 'cu-1', customer: { name: null, phone: '+14155550100', email: null }, taskId: null, teamId: null,
    requestedTaskId: null, createdByUserId: null, createdByTokenId: 'tok', createdAt: AT, payload: null, payloadFormat: null, relatedTicketNumber: null,
    objectiveValues: {}, images: [], parentTicketId: null, forced: false,
  } satisfies TicketCreatedData,
};
const email: TicketEvent = {
  type: 'EmailMessageRecorded',
  data: { ...ids, messageId: 'e1', threadId: 'th', emailClient: 'gmail', from: 'kim@example.com', to: ['a@b'], sentAt: AT, direction: 'customer', generatedBy: null, agentId: null, at: AT },
};
const call: TicketEvent = { type: 'CallRecorded', data: { ...ids, callId: 'c1', direction: 'incoming', startedAt: AT, endedAt: null, agentId: null, at: AT } };
const splitOff = (interactionIds: string[]) => ({ type: 'SplitOff' as const, newTicketId: 'tk-2', interactionIds, byUserId: 'u-admin', at: AT });
const split: TicketEvent = { type: 'TicketSplit', data: { ...ids, newTicketId: 'tk-2', emailMessageIds: [], callIds: ['c1'], chatSessionIds: [], splitById: 'u-admin', at: AT } };
const given = deciderSpecification(ticketDecider);

describe('split in the ticket decider (given / when / then)', () => {
  it('a ticket\'s call goes to the new ticket; once gone, a second split of it is refused naming it', () => {
    given(created, email, call).when(splitOff(['c1'])).then([split]);
    given(created, email, call, split).when(splitOff(['c1'])).thenFails({ kind: 'InvalidTicketCommand', field: 'interactionIds' });
    given(created, email, call).when(splitOff(['c1', 'c1'])).thenFails({ kind: 'InvalidTicketCommand', field: 'interactionIds' });
    expect(given(created, email, call, split).state).to.deep.include({ emailMessageIds: ['e1'], calls: {}, splitTicketIds: ['tk-2'] });
  });

  it('the new ticket records where its interactions came from once, with the interactions again under its own id', () => {
    const moved = movedInteractionEvents([created, email, call], { emailMessageIds: [], callIds: ['c1'], chatSessionIds: [] }, 'tk-2');
    expect(moved).to.deep.equal([{ type: 'CallRecorded', data: { ...call.data, ticketId: 'tk-2' } }]);
    const newTicket: TicketEvent = { type: 'TicketCreated', data: { ...(created.data as TicketCreatedData), ticketId: 'tk-2' } };
    const take = { type: 'TakeSplitInteractions' as const, fromTicketId: T, moved: { emailMessageIds: [], callIds: ['c1'], chatSessionIds: [] }, interactions: moved, at: AT };
    const from: TicketEvent = { type: 'TicketSplitFrom', data: { ticketId: 'tk-2', accountId: 'acme', fromTicketId: T, emailMessageIds: [], callIds: ['c1'], chatSessionIds: [], at: AT } };
    given(newTicket).when(take).then([from, ...moved]);
    given(newTicket, from, ...moved).when(take).then([]);
  });
});
