import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { bulkUpdateDecider, BulkUpdateEvent, BulkUpdateRequestedData, processedCount, recordedTickets } from '@support/domain';
import { deciderSpecification } from '../support/decider-specification';

const t0 = new Date('2026-11-27T08:00:00.000Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

const request: BulkUpdateRequestedData = {
  jobId: 'job-1', accountId: 'acme', requestedBy: 'user:u-admin', tokenId: 'tok-admin', ticketIds: ['t1', 't2', 't3'],
  changes: { assign: { agentId: 'u-agent' } }, commands: [{ type: 'Assign', agentId: 'u-agent', byUserId: 'u-admin', at: t0.toISOString() }],
  total: 3, requestedAt: t0.toISOString(),
};
const requested: BulkUpdateEvent = { type: 'BulkUpdateRequested', data: request };
const started = (attempt: number): BulkUpdateEvent => ({ type: 'BulkUpdateStarted', data: { jobId: 'job-1', attempt, startedAt: at(attempt).toISOString() } });
const processed = (attempt: number, ...ticketIds: string[]): BulkUpdateEvent => ({
  type: 'BulkUpdateTicketsProcessed', data: { jobId: 'job-1', attempt, outcomes: ticketIds.map((ticketId) => ({ ticketId, outcome: 'changed', events: ['TicketAssigned'] })), at: at(5).toISOString() },
});
const cancelled: BulkUpdateEvent = { type: 'BulkUpdateCancelled', data: { jobId: 'job-1', cancelledBy: 'user:u-admin', cancelledAt: at(3).toISOString() } };

const given = deciderSpecification(bulkUpdateDecider);

describe('bulk update decider (given events, when command, then events)', () => {
  it('given no job, when it is requested, then BulkUpdateRequested; requested again, nothing', () => {
    given().when({ type: 'RequestBulkUpdate', data: request }).then([requested]);
    given(requested).when({ type: 'RequestBulkUpdate', data: request }).thenNothing();
  });

  it('given a running job (its worker died), when the job is delivered again, then attempt 2 takes it over and attempt 1 can no longer record', () => {
    given(requested, started(1)).when({ type: 'StartBulkUpdate', now: at(2) }).then([started(2)]);
    given(requested, started(1), started(2)).when({ type: 'RecordOutcomes', attempt: 1, outcomes: [], now: at(3) }).thenFails({ kind: 'AttemptSuperseded', attempt: 1, current: 2 });
    given(requested, started(1), started(2)).when({ type: 'CompleteBulkUpdate', attempt: 1, now: at(3) }).thenFails({ kind: 'AttemptSuperseded' });
  });

  it('given outcomes of two attempts, then the state counts each and the tickets recorded are the ones a new attempt skips', () => {
    const history = [requested, started(1), processed(1, 't1'), started(2), processed(2, 't2')];
    expect(processedCount(given(...history).state)).to.equal(2);
    expect([...recordedTickets(history)]).to.deep.equal(['t1', 't2']);
    given(...history, processed(2, 't3')).when({ type: 'CompleteBulkUpdate', attempt: 2, now: at(9) })
      .then([{ type: 'BulkUpdateSucceeded', data: { jobId: 'job-1', attempt: 2, changed: 3, unchanged: 0, refused: 0, completedAt: at(9).toISOString() } }]);
  });

  it('given a cancelled job, then a delivery does not start it, its running attempt still records what it did, and it does not complete; a second cancel decides nothing', () => {
    expect(given(requested, cancelled).when({ type: 'StartBulkUpdate', now: at(4) }).decided).to.deep.equal(E.left({ kind: 'BulkUpdateFinished', status: 'cancelled' }));
    given(requested, started(1), cancelled).when({ type: 'RecordOutcomes', attempt: 1, outcomes: [{ ticketId: 't1', outcome: 'changed', events: ['TicketAssigned'] }], now: at(5) }).then([processed(1, 't1')]);
    given(requested, started(1), cancelled).when({ type: 'CompleteBulkUpdate', attempt: 1, now: at(6) }).thenFails({ kind: 'BulkUpdateFinished', status: 'cancelled' });
    given(requested, cancelled).when({ type: 'CancelBulkUpdate', by: 'user:u-admin', now: at(7) }).thenNothing();
  });

  it('given a succeeded job, when it is cancelled, then it is refused as finished; given no job, not found', () => {
    const done: BulkUpdateEvent = { type: 'BulkUpdateSucceeded', data: { jobId: 'job-1', attempt: 1, changed: 3, unchanged: 0, refused: 0, completedAt: at(9).toISOString() } };
    given(requested, started(1), done).when({ type: 'CancelBulkUpdate', by: 'user:u-admin', now: at(10) }).thenFails({ kind: 'BulkUpdateFinished', status: 'succeeded' });
    given().when({ type: 'CancelBulkUpdate', by: 'user:u-admin', now: at(10) }).thenFails({ kind: 'BulkUpdateNotFound' });
  });
});
