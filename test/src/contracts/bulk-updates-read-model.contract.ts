import { expect } from 'chai';
import {
  BULK_UPDATE_JOBS_COLLECTION, BULK_UPDATE_OUTCOMES_COLLECTION, BulkJobDocument, BulkOutcomeDocument, BulkTicketOutcome, BulkUpdateEvent, ReadModels, RecordedEvent,
} from '@support/domain';
import { bulkUpdatesProjection } from '@support/projectors';

const recorded = (event: BulkUpdateEvent, n: number): RecordedEvent => ({
  id: `e-${n}`, type: event.type, data: event.data, metadata: { version: 1, accountId: 'acme', userId: 'tok', requestId: 'r', occurredAt: '2026-11-27T08:00:00.000Z' },
  streamName: 'ticket_bulk-job-1', revision: BigInt(n), position: { commit: BigInt(n + 1), prepare: BigInt(n + 1) }, created: new Date('2026-11-27T08:00:00.000Z'),
});

const outcome = (i: number): BulkTicketOutcome =>
  i % 3 === 2
    ? { ticketId: `t${i}`, outcome: 'refused', refusal: { status: 409, message: 'Ticket status cannot change', currentStatus: 'resolved' } }
    : i % 3 === 1 ? { ticketId: `t${i}`, outcome: 'unchanged' } : { ticketId: `t${i}`, outcome: 'changed', events: ['TicketAssigned'] };

/**
 * The bulk-update read model over an engine: the projection's documents, and the status route's
 * queries (outcomes by job in recorded order, by kind, by page), the same on every engine.
 */
export const bulkUpdatesSection = (models: () => ReadModels): void => {
  describe('bulk updates (read model ticket-bulk-updates)', () => {
    it('given a job whose 25 outcomes came in three records, when its outcomes are paged in order and by kind, then each page and count is the one the route answers', async () => {
      await models().declare([bulkUpdatesProjection]);
      const events: BulkUpdateEvent[] = [
        {
          type: 'BulkUpdateRequested',
          data: {
            jobId: 'job-1', accountId: 'acme', requestedBy: 'user:u-admin', tokenId: 'tok', ticketIds: Array.from({ length: 25 }, (_, i) => `t${i}`),
            changes: { assign: { agentId: 'u-agent' } }, commands: [], total: 25, requestedAt: '2026-11-27T08:00:00.000Z',
          },
        },
        { type: 'BulkUpdateStarted', data: { jobId: 'job-1', attempt: 1, startedAt: '2026-11-27T08:00:01.000Z' } },
        ...[[0, 10], [10, 20], [20, 25]].map(([from, to]): BulkUpdateEvent => ({
          type: 'BulkUpdateTicketsProcessed', data: { jobId: 'job-1', attempt: 1, outcomes: Array.from({ length: to - from }, (_, i) => outcome(from + i)), at: '2026-11-27T08:00:02.000Z' },
        })),
        { type: 'BulkUpdateSucceeded', data: { jobId: 'job-1', attempt: 1, changed: 9, unchanged: 8, refused: 8, completedAt: '2026-11-27T08:00:03.000Z' } },
      ];
      // two batches, the second reading the job the first wrote
      for (const [from, to] of [[0, 3], [3, events.length]]) {
        const last = recorded(events[to - 1], to - 1);
        await models().applyBatch(bulkUpdatesProjection.name, last.position, async (batch) => {
          for (let n = from; n < to; n++) {
            const r = recorded(events[n], n);
            await batch.write(r.position, await bulkUpdatesProjection.project(r, batch));
          }
        });
      }
      const job = await models().get<BulkJobDocument>(BULK_UPDATE_JOBS_COLLECTION, 'job-1');
      expect(job).to.include({ status: 'succeeded', total: 25, processed: 25, changed: 9, unchanged: 8, refused: 8, startedAt: '2026-11-27T08:00:01.000Z' });
      const page = (where: Record<string, string>, skip: number, limit: number) =>
        models().find<BulkOutcomeDocument>(BULK_UPDATE_OUTCOMES_COLLECTION, { where: { jobId: 'job-1', ...where }, sort: { seq: 1 }, skip, limit });
      expect((await page({}, 0, 10)).map((d) => d.ticketId)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `t${i}`));
      expect((await page({}, 20, 10)).map((d) => d.seq)).to.deep.equal([21, 22, 23, 24, 25]);
      const refused = await page({ outcome: 'refused' }, 3, 3);
      expect(refused.map((d) => d.ticketId)).to.deep.equal(['t11', 't14', 't17']);
      expect(refused[0].refusal).to.deep.equal({ status: 409, message: 'Ticket status cannot change', currentStatus: 'resolved' });
      expect(await models().count(BULK_UPDATE_OUTCOMES_COLLECTION, { jobId: 'job-1', outcome: 'unchanged' })).to.equal(8);
      expect(await page({}, 0, 1)).to.have.length(1);
      expect((await page({}, 0, 1))[0]).to.deep.include({ ticketId: 't0', outcome: 'changed', events: ['TicketAssigned'] });
    });
  });
};
