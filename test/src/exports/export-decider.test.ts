import { expect } from 'chai';
import { deciderSpecification } from '../support/decider-specification';
import * as E from 'fp-ts/Either';
import { TicketExportCommand, ticketExportDecider, TicketExportEvent, TicketExportRequestedData } from '@support/domain';

const t0 = new Date('2026-11-23T08:00:00.000Z');
const at = (s: number) => new Date(t0.getTime() + s * 1000);

const request: TicketExportRequestedData = {
  jobId: 'job-1', accountId: 'acme', requestedBy: 'user:u-admin', tokenId: 'tok-admin', filters: {}, query: { filter: { accountId: 'acme' }, sort: { createdAt: -1, _id: -1 } },
  format: { timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' }, total: 3, fileName: 'tickets.csv', requestedAt: t0.toISOString(),
};
const requested: TicketExportEvent = { type: 'TicketExportRequested', data: request };
const started = (attempt: number, s = 1): TicketExportEvent => ({ type: 'TicketExportStarted', data: { jobId: 'job-1', attempt, startedAt: at(s).toISOString() } });
const succeeded = (attempt: number): TicketExportEvent => ({
  type: 'TicketExportSucceeded',
  data: { jobId: 'job-1', attempt, blobKey: `k-${attempt}`, processed: 3, fileSizeBytes: 100, completedAt: at(10).toISOString(), availableUntil: new Date(at(10).getTime() + 86_400_000).toISOString() },
});

const given = deciderSpecification(ticketExportDecider);

describe('export job decider (given events, when command, then events)', () => {
  it('given no job, when it is requested, then TicketExportRequested; requesting it again decides nothing', () => {
    expect(given().when({ type: 'RequestExport', data: request }).decided).to.deep.equal(E.right([requested]));
    expect(given(requested).when({ type: 'RequestExport', data: request }).decided).to.deep.equal(E.right([]));
  });

  it('given a queued job, when a worker starts it, then attempt 1; given a running one (redelivered), then attempt 2 supersedes it', () => {
    expect(given(requested).when({ type: 'StartExport', now: at(1) }).decided).to.deep.equal(E.right([started(1)]));
    expect(given(requested, started(1)).when({ type: 'StartExport', now: at(1) }).decided).to.deep.equal(E.right([started(2)]));
  });

  it('given a finished job, when a redelivered job starts it, then it is refused as finished', () => {
    expect(given(requested, started(1), succeeded(1)).when({ type: 'StartExport', now: at(20) }).decided).to.deep.equal(E.left({ kind: 'ExportFinished', status: 'succeeded' }));
  });

  it('given attempt 2 owns the job, when attempt 1 records progress or completes, then it is refused as superseded', () => {
    const g = given(requested, started(1), started(2));
    expect(g.when({ type: 'RecordProgress', attempt: 1, processed: 2, now: at(5) }).decided).to.deep.equal(E.left({ kind: 'AttemptSuperseded', attempt: 1, current: 2 }));
    expect(E.isLeft(g.when({ type: 'CompleteExport', attempt: 1, blobKey: 'k-1', processed: 3, fileSizeBytes: 100, now: at(10) }).decided)).to.equal(true);
    expect(g.when({ type: 'CompleteExport', attempt: 2, blobKey: 'k-2', processed: 3, fileSizeBytes: 100, now: at(10) }).decided).to.deep.equal(E.right([succeeded(2)]));
  });

  it('given a running attempt, when it records progress, then TicketExportProgressed only when the count moved', () => {
    const g = given(requested, started(1), { type: 'TicketExportProgressed', data: { jobId: 'job-1', attempt: 1, processed: 2, at: at(2).toISOString() } });
    expect(g.when({ type: 'RecordProgress', attempt: 1, processed: 2, now: at(3) }).decided).to.deep.equal(E.right([]));
    expect(g.when({ type: 'RecordProgress', attempt: 1, processed: 3, now: at(3) }).decided).to.deep.equal(
      E.right([{ type: 'TicketExportProgressed', data: { jobId: 'job-1', attempt: 1, processed: 3, at: at(3).toISOString() } }]),
    );
  });

  it('given a running attempt, when it fails, then TicketExportFailed with the safe error; a failed job cannot succeed', () => {
    const failed = given(requested, started(1)).when({ type: 'FailExport', attempt: 1, error: 'The export could not be completed.', now: at(4) }).decided;
    expect(failed).to.deep.equal(E.right([{ type: 'TicketExportFailed', data: { jobId: 'job-1', attempt: 1, error: 'The export could not be completed.', failedAt: at(4).toISOString() } }]));
    const after = given(requested, started(1), ...(E.isRight(failed) ? failed.right : []));
    expect(after.when({ type: 'CompleteExport', attempt: 1, blobKey: 'k', processed: 3, fileSizeBytes: 1, now: at(5) }).decided).to.deep.equal(E.left({ kind: 'ExportFinished', status: 'failed' }));
  });

  it('given a succeeded job, when its retention is over, then TicketExportFileDeleted once; before it, refused', () => {
    const g = given(requested, started(1), succeeded(1));
    expect(g.when({ type: 'DeleteExpiredFile', now: at(60) }).decided).to.deep.equal(E.left({ kind: 'FileNotExpired' }));
    const later = new Date(at(10).getTime() + 86_400_000);
    expect(g.when({ type: 'DeleteExpiredFile', now: later }).decided).to.deep.equal(E.right([{ type: 'TicketExportFileDeleted', data: { jobId: 'job-1', deletedAt: later.toISOString() } }]));
    expect(given(requested, started(1), succeeded(1), { type: 'TicketExportFileDeleted', data: { jobId: 'job-1', deletedAt: later.toISOString() } })
      .when({ type: 'DeleteExpiredFile', now: later }).decided).to.deep.equal(E.right([]));
  });

  it('given no job, when a worker starts it, then it is refused as not requested', () => {
    expect(given().when({ type: 'StartExport', now: t0 }).decided).to.deep.equal(E.left({ kind: 'ExportNotRequested' }));
  });
});
