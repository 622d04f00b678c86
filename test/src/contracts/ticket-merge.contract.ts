import { expect } from 'chai';
import { Position, ReadModels, RecordedEvent, TicketCriteria, TicketDocument, TicketEvent, TICKETS_COLLECTION } from '@support/domain';
import { projectionSubscriber, readModelShapes, ticketsProjection } from '@support/projectors';

const AT = '2027-01-01T10:00:00.000Z';
const ACCOUNT = 'merge-acct';

const created = (ticketId: string, ticketNumber: number, source: 'manual' | 'liveChat'): TicketEvent => ({
  type: 'TicketCreated',
  data: {
    ticketId, accountId: ACCOUNT, ticketNumber, status: 'open', subject: null, query: 'Broken mug', summary: null, sentiment: null, textProcessing: 'done',
    orderName: null, source, manualSourceLabel: null, customerId: 'cu-m', customer: { name: null, phone: '+14155550100', email: null }, taskId: null, teamId: null,
    requestedTaskId: null, createdByUserId: null, createdByTokenId: 'tok', createdAt: AT, payload: null, payloadFormat: null, relatedTicketNumber: null,
    objectiveValues: {}, images: [], parentTicketId: null, forced: false,
  },
});

/** The events as the log would hand them to the tickets projection, one position each. */
const recorded = (events: readonly TicketEvent[]): RecordedEvent[] => events.map((e, i) => ({
  id: `ev-${i}`, type: e.type, data: e.data, metadata: { version: 1, accountId: ACCOUNT }, streamName: `ticket-${e.data.ticketId}`,
  revision: BigInt(i), position: { commit: BigInt(i + 1), prepare: BigInt(i + 1) }, created: new Date(AT),
}));

/**
 * The tickets projection's merge over the engine (docs/api/merge-and-split.md): the writes of one
 * event to several documents (the sources, the target's root), a family dropped to null, and the
 * list's parent filters over the merged family, the same on every engine.
 */
export const ticketMergeSection = (models: () => ReadModels): void => {
  describe('a merge projected', () => {
    it('given a chat ticket merged into another, then the target\'s family holds the chat, the source says where it went, and the list\'s parent filters see the family', async () => {
      const T = 'tm-target';
      const S = 'tm-source';
      const onS = { ticketId: S, accountId: ACCOUNT };
      const events = recorded([
        created(T, 1, 'manual'),
        created(S, 2, 'liveChat'),
        { type: 'ChatSessionRecorded', data: { ...onS, sessionId: 'tm-chat', startedAt: AT, agentId: null, firstAgentMessageAt: null, at: AT } },
        { type: 'TicketStatusChanged', data: { ...onS, from: 'open', to: 'closed', resolvedBy: null, changedById: null, at: AT } },
        { type: 'TicketMergedInto', data: { ...onS, mergeId: 'm', targetTicketId: T, previousStatus: 'open', note: null, mergedById: null, at: AT } },
        { type: 'TicketsMerged', data: { ticketId: T, accountId: ACCOUNT, mergeId: 'm', sourceTicketIds: [S], note: null, mergedById: null, at: AT } },
      ]);
      const readModels = models();
      await readModels.declare(readModelShapes([ticketsProjection]));
      await projectionSubscriber(ticketsProjection, readModels).handleBatchUpTo!(events, events[events.length - 1].position as Position);
      const target = (await readModels.get<TicketDocument>(TICKETS_COLLECTION, T)) as TicketDocument;
      expect(target.mergedTicketIds).to.deep.equal([S]);
      expect(target.family).to.deep.include({ interactionTickets: 1, chatSessionIds: ['tm-chat'] });
      expect(target.family?.channels).to.include.members(['manual', 'liveChat']);
      expect(await readModels.get<TicketDocument>(TICKETS_COLLECTION, S)).to.deep.include({ status: 'closed', mergedIntoTicketId: T, parentTicketId: T, rootTicketId: T, family: null });
      const criteria = (more: Partial<TicketCriteria>): TicketCriteria => ({ accountId: ACCOUNT, timestampKey: 'createdAt', sortOrder: 'desc', ...more });
      expect(await readModels.tickets.count(criteria({ parentTicketId: T }))).to.equal(1);
      expect(await readModels.tickets.count(criteria({ withoutParent: true }))).to.equal(1);
      expect(await readModels.tickets.count(criteria({ statuses: ['closed'] }))).to.equal(1);
    });
  });
};
