import { expect } from 'chai';
import { exportBlobKey } from '@support/domain';
import { EXPORT_FAILED_MESSAGE, sweepExpiredExports, ticketExportWorker } from '@support/workers';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, exportAndWait, pollExport, startExport, waitForExport } from './support/export-api';
import { exportEventTypes } from './support/export-streams';
import { featuresWithoutExportWorkers } from './support/export-features';
import { GatedBlobStore } from './support/gated-blob-store';
import { seedTickets } from './support/seed-tickets';

const SECOND_ADMIN_TOKEN = 'acme-admin-token-0002';
const ROWS = 5_000;

const configWithSecondAdminToken = () => {
  const config = withoutRateLimits(exampleConfig());
  (config.accounts[0].accessTokens as unknown[]).push({ id: 'tok-admin-2', userId: 'u-admin', token: SECOND_ADMIN_TOKEN });
  return config;
};

const seeded = (n: number) => Array.from({ length: n }, (_, i) => ({
  _id: `seed-${String(i).padStart(6, '0')}`, ticketNumber: 10_000 + i, orderName: 'BULK', createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
}));

describe('ticket export: a job through queued, running and succeeded, a worker that dies mid-export, a failing job (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let stopWorker: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    svc = await startTestService({ config: configWithSecondAdminToken(), features: featuresWithoutExportWorkers() });
    await seedTickets(svc.deps.readModels, seeded(ROWS));
  });
  afterEach(async () => {
    await stopWorker?.();
    stopWorker = null;
    await svc?.stop();
  });

  it('given a worker that stops mid-export, when the job is redelivered, then it completes exactly once with the whole file and no half file is ever visible', async () => {
    // given: a job, queued while no worker runs
    const started = await startExport(svc, { orderName: 'BULK', sortOrder: 'asc' });
    expect(started.status).to.equal(202);
    expect(started.body.total).to.equal(ROWS);
    const jobId = started.body.jobId;
    const queued = await pollExport(svc, jobId);
    expect(queued.body.job).to.include({ status: 'queued', processed: 0, total: ROWS });
    expect(queued.body.job).to.not.have.property('startedAt');
    expect(queued.body).to.have.all.keys('success', 'job');

    // when: a worker takes it and stops after 2 chunks of 500 rows (its upload never completes), and its delivery is not acknowledged
    const gated = new GatedBlobStore(svc.deps.blobStore);
    gated.holdFirstUploadAtChunk = 3;
    const worker = await ticketExportWorker({ ackWaitMs: 1_500, concurrency: 2, progressIntervalMs: 0, rowsPerChunk: 500 }).start({ ...svc.deps, blobStore: gated });
    stopWorker = async () => {
      gated.release();
      await worker.stop();
    };
    await gated.held();
    const running = await waitForExport(svc, jobId, ['running'], 5_000);
    expect(running.body.job.status).to.equal('running');
    expect(running.body.job).to.have.property('startedAt');
    let progressed = running;
    for (let i = 0; i < 100 && progressed.body.job.processed === 0; i++) progressed = await pollExport(svc, jobId);
    expect(progressed.body.job.processed).to.be.within(500, 1_000);
    // no half file: the held attempt's blob does not exist
    expect(await svc.deps.blobStore.get(exportBlobKey('acme', jobId, 1))).to.equal(null);

    // then: the queue redelivers after ackWait, a second attempt writes the whole file and succeeds
    const done = await waitForExport(svc, jobId, ['succeeded', 'failed'], 20_000);
    expect(done.body.job).to.include({ status: 'succeeded', processed: ROWS, total: ROWS });
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.rows).to.have.length(ROWS);
    expect(new Set(csv.rows.map((r) => r['Ticket Number'])).size).to.equal(ROWS);
    expect(csv.rows[0]['Ticket Number']).to.equal('10000');
    expect(csv.rows[ROWS - 1]['Ticket Number']).to.equal(String(10_000 + ROWS - 1));

    // and the stopped attempt, once it moves again, is superseded: it writes nothing and succeeds nowhere
    gated.release();
    await new Promise((r) => setTimeout(r, 300));
    expect(await svc.deps.blobStore.get(exportBlobKey('acme', jobId, 1))).to.equal(null);
    const types = await exportEventTypes(svc.deps.eventStore, jobId);
    expect(types.filter((t) => t === 'TicketExportSucceeded')).to.have.length(1);
    expect(types.filter((t) => t === 'TicketExportStarted').length).to.be.at.least(2);
    expect((await pollExport(svc, jobId)).body.job.status).to.equal('succeeded');
  });

  it('given an export that takes several times ackWait while its rows keep moving, then its one delivery keeps the job and completes it in one attempt', async () => {
    // given: an upload that takes about 10 x 300 ms = 3 s, and an ackWait of 1 s
    const gated = new GatedBlobStore(svc.deps.blobStore);
    gated.chunkDelayMs = 300;
    const worker = await ticketExportWorker({ ackWaitMs: 1_000, progressIntervalMs: 0, rowsPerChunk: 500 }).start({ ...svc.deps, blobStore: gated });
    stopWorker = () => worker.stop();
    // when
    const started = await startExport(svc, { orderName: 'BULK' });
    const done = await waitForExport(svc, started.body.jobId, ['succeeded', 'failed'], 20_000);
    // then: one attempt, never taken over, the whole file
    expect(done.body.job).to.include({ status: 'succeeded', processed: ROWS });
    const types = await exportEventTypes(svc.deps.eventStore, started.body.jobId);
    expect(types.filter((t) => t === 'TicketExportStarted')).to.have.length(1);
    expect((await downloadCsv(done.body.downloadUrl)).rows).to.have.length(ROWS);
  });

  it('given uploads that keep failing, when the deliveries are used up, then the job is failed with a safe error and no URL', async () => {
    const gated = new GatedBlobStore(svc.deps.blobStore);
    gated.failUploads = true;
    const worker = await ticketExportWorker({ maxDeliver: 2 }).start({ ...svc.deps, blobStore: gated });
    stopWorker = () => worker.stop();
    const started = await startExport(svc, { orderName: 'BULK' });
    const done = await waitForExport(svc, started.body.jobId, ['succeeded', 'failed'], 20_000);
    expect(done.body).to.have.all.keys('success', 'job');
    expect(done.body.job.status).to.equal('failed');
    expect(done.body.job.error).to.equal(EXPORT_FAILED_MESSAGE);
    expect(JSON.stringify(done.body)).to.not.match(/secret|disk|\/var/);
  });

  it('given the same user with another of their tokens, when it polls, then it sees the job', async () => {
    const worker = await ticketExportWorker().start(svc.deps);
    stopWorker = () => worker.stop();
    const started = await startExport(svc, { orderName: 'BULK' });
    const done = await waitForExport(svc, started.body.jobId, ['succeeded'], 20_000, SECOND_ADMIN_TOKEN);
    expect(done.status).to.equal(200);
    expect(done.body.job.status).to.equal('succeeded');
    expect(done.body.downloadUrl).to.be.a('string');
    expect((await pollExport(svc, started.body.jobId, TOKENS.acmeAgent)).status).to.equal(404);
  });
});

describe('ticket export: URL validity and file retention (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let offsetMs = 0;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()), overrides: { clock: { now: () => new Date(Date.now() + offsetMs) } } });
    await seedTickets(svc.deps.readModels, seeded(20));
  });
  after(async () => svc?.stop());
  afterEach(() => {
    offsetMs = 0;
  });

  it('given a URL handed out more than 15 minutes ago, when it is fetched, then it is refused as expired', async () => {
    const { started } = await exportAndWait(svc, { orderName: 'BULK' });
    offsetMs = -16 * 60_000;
    const old = await pollExport(svc, started.body.jobId);
    offsetMs = 0;
    const res = await fetch(old.body.downloadUrl);
    expect(res.status).to.equal(403);
    expect(((await res.json()) as { message: string }).message).to.match(/expired/);
    const fresh = await pollExport(svc, started.body.jobId);
    expect((await downloadCsv(fresh.body.downloadUrl)).rows).to.have.length(20);
  });

  it('given a URL handed out, when the service\'s clock passes its 15 minutes (not the machine\'s), then it is refused as expired', async () => {
    // given: a URL with 15 minutes to run on the service's clock
    const { done } = await exportAndWait(svc, { orderName: 'BULK' });
    // when: that clock is 16 minutes on, the machine's not
    offsetMs = 16 * 60_000;
    const res = await fetch(done.body.downloadUrl);
    // then: judged on the clock it was signed on
    expect(res.status).to.equal(403);
    expect(((await res.json()) as { message: string }).message).to.match(/expired/);
  });

  it('given 24 hours after completion, then the job says downloadExpired with no URL, and the sweep deletes the file', async () => {
    // given
    const { started, done } = await exportAndWait(svc, { orderName: 'BULK' });
    const urlBefore = done.body.downloadUrl as string;
    expect((await downloadCsv(urlBefore)).status).to.equal(200);
    // when: the retention has passed
    offsetMs = Date.parse(done.body.job.availableUntil) - Date.now() + 60_000;
    const expired = await pollExport(svc, started.body.jobId);
    // then
    expect(expired.status).to.equal(200);
    expect(expired.body).to.have.all.keys('success', 'job', 'downloadExpired');
    expect(expired.body.downloadExpired).to.equal(true);
    expect(expired.body.job.status).to.equal('succeeded');
    // and the sweep deletes the file and records it
    const outcome = await sweepExpiredExports(svc.deps);
    expect(outcome.expiredJobs).to.be.at.least(1);
    const types = await exportEventTypes(svc.deps.eventStore, started.body.jobId);
    expect(types).to.include('TicketExportFileDeleted');
    expect((await sweepExpiredExports(svc.deps)).expiredJobs).to.equal(0);
    // The URL handed out before, fetched back within its 15 minutes: its file is gone.
    offsetMs = 0;
    expect((await fetch(urlBefore)).status).to.equal(404);
    // The sweep records the deletion; the export-jobs read model has it a moment later.
    await eventually(async () => (await pollExport(svc, started.body.jobId)).body.downloadExpired === true, 'the job says the file is deleted, whatever the clock');
    const after = await pollExport(svc, started.body.jobId);
    expect(after.body.downloadExpired).to.equal(true);
    expect(after.body).to.not.have.property('downloadUrl');
  });
});
