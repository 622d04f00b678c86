import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Readable } from 'node:stream';
import {
  BlobStore, exportBlobKey, exportJobIdOfBlobKey, readBeforeErasure, RecordedEvent, TICKET_EXPORT_WITHDRAWAL_JOB, ticketExportDecider, TicketExportEvent, TicketExportRequestedData,
} from '@support/domain';
import { blobHolds, ticketExportWithdrawalDispatcher } from '@support/workers';
import { deciderSpecification } from '../support/decider-specification';

const t0 = new Date('2026-11-23T08:00:00.000Z');
const request = {
  jobId: 'job-1', accountId: 'acme', requestedBy: 'user:u-admin', tokenId: 'tok-admin', filters: {},
  format: { timezone: 'Asia/Kolkata', locale: 'en-US', timestampFormat: 'display' }, total: 3, fileName: 'tickets.csv', requestedAt: t0.toISOString(),
} as TicketExportRequestedData;
const requested: TicketExportEvent = { type: 'TicketExportRequested', data: request };
const started: TicketExportEvent = { type: 'TicketExportStarted', data: { jobId: 'job-1', attempt: 1, startedAt: t0.toISOString(), readFrom: '7/7' } };
const succeeded: TicketExportEvent = {
  type: 'TicketExportSucceeded',
  data: { jobId: 'job-1', attempt: 1, blobKey: 'k-1', processed: 3, fileSizeBytes: 100, completedAt: t0.toISOString(), availableUntil: new Date(t0.getTime() + 86_400_000).toISOString() },
};
const withdraw = { type: 'WithdrawExport', erasureId: 'er-1', erasedAt: '2026-11-23T09:00:00.000Z', now: new Date('2026-11-23T09:00:01.000Z') } as const;
const withdrawn: TicketExportEvent = {
  type: 'TicketExportWithdrawn',
  data: { jobId: 'job-1', erasureId: 'er-1', reason: 'it held personal data of a customer erased at 2026-11-23T09:00:00.000Z', withdrawnAt: '2026-11-23T09:00:01.000Z' },
};
const given = deciderSpecification(ticketExportDecider);

describe('export withdrawal after an erasure (decider, rule, scan, dispatch)', () => {
  it('given a started attempt, when it starts with the read model\'s position, then TicketExportStarted records it as readFrom', () => {
    expect(given(requested).when({ type: 'StartExport', now: t0, readFrom: '7/7' }).decided).to.deep.equal(E.right([started]));
    expect(given(requested, started).state.readFrom).to.equal('7/7');
  });

  it('given a succeeded export, when withdrawn, then TicketExportWithdrawn once, with the reason and no value; a running or deleted one is not', () => {
    expect(given(requested, started, succeeded).when(withdraw).decided).to.deep.equal(E.right([withdrawn]));
    expect(given(requested, started, succeeded, withdrawn).when(withdraw).decided, 'twice').to.deep.equal(E.right([]));
    expect(given(requested, started).when(withdraw).decided).to.deep.equal(E.left({ kind: 'ExportNotSucceeded', status: 'running' }));
    const deleted: TicketExportEvent = { type: 'TicketExportFileDeleted', data: { jobId: 'job-1', deletedAt: t0.toISOString() } };
    expect(given(requested, started, succeeded, deleted).when(withdraw).decided).to.deep.equal(E.right([]));
  });

  it('given an attempt\'s readFrom, then it read before the erasure only when it is before the erasure\'s position or unknown', () => {
    expect(readBeforeErasure('9/9', '10/10')).to.equal(true);
    expect(readBeforeErasure(null, '10/10')).to.equal(true);
    expect(readBeforeErasure('10/10', '10/10')).to.equal(false);
    expect(readBeforeErasure('100/100', '10/10'), 'compared as numbers, not text').to.equal(false);
  });

  it('given an export\'s blob key, then its job id; any other key, null', () => {
    expect(exportJobIdOfBlobKey(exportBlobKey('acme', '0193a000-0000-7000-8000-000000000001', 2))).to.equal('0193a000-0000-7000-8000-000000000001');
    expect(exportJobIdOfBlobKey('other/acme/x.csv')).to.equal(null);
  });

  it('given a file whose chunks split the sequence, then it is found; a missing blob is null', async () => {
    const blobs = (chunks: string[] | null) => ({ get: async () => (chunks === null ? null : Readable.from(chunks.map((c) => Buffer.from(c)))) }) as unknown as BlobStore;
    const needle = Buffer.from(',cust-42,');
    expect(await blobHolds(blobs(['a,b,cu', 'st', '-42,x\r\n']), 'k', needle)).to.equal(true);
    expect(await blobHolds(blobs(['a,b,cust-421,x\r\n', ',cust-4', '3,']), 'k', needle)).to.equal(false);
    expect(await blobHolds(blobs(null), 'k', needle)).to.equal(null);
  });

  it('given CustomerErased, then one withdrawal job per erasure (its position carried); an erasure of no ticket publishes none', () => {
    const event = (ticketIds: string[]) => ({
      type: 'CustomerErased', streamName: 'customer-c1', revision: 3n, position: { commit: 41n, prepare: 41n }, created: t0, id: 'e1', metadata: { version: 1 },
      data: { customerId: 'c1', accountId: 'acme', erasureId: 'er-1', requestedBy: 'tok', requestedAt: t0.toISOString(), erasedAt: t0.toISOString(), ticketIds, streams: 1, events: 1, keys: 1 },
    }) as unknown as RecordedEvent;
    expect(ticketExportWithdrawalDispatcher.jobsFor(event(['t1']))).to.deep.equal([{
      kind: TICKET_EXPORT_WITHDRAWAL_JOB, dedupeId: 'ticket-export-withdrawal-er-1',
      payload: { accountId: 'acme', customerId: 'c1', erasureId: 'er-1', erasedAt: t0.toISOString(), erasedPosition: '41/41' },
    }]);
    expect(ticketExportWithdrawalDispatcher.jobsFor(event([]))).to.deep.equal([]);
  });
});
