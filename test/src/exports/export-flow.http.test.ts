import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { createTicket } from './support/create-tickets';
import { downloadCsv, exportAndWait, pollExport, startExport } from './support/export-api';

describe('ticket export: start, poll and download (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    await createTicket(svc, { customer: { name: 'Ana, "the" Buyer', phone: '+14155550101' }, subject: 'Broken mug', query: 'It arrived\nbroken', orderName: '#1001', source: 'Walk-In' });
    await createTicket(svc, { customer: { email: 'ben@example.com' }, subject: 'Where is my order', query: 'Late', source: 'email' });
    await createTicket(svc, { customer: { phone: '+14155550102' }, query: 'Refund please', taskName: 'Refund Request', objectiveValues: { refund_reason: 'broken' }, payload: '{"kiosk":"K-4","refund_reason":"x","summary":"s","emailClient":"gmail"}' });
  });
  after(async () => svc?.stop());

  it('given valid filters, when the export starts, then 202 with exactly success, jobId, status, total, fileName, statusUrl', async () => {
    const res = await startExport(svc, { sortOrder: 'asc' });
    expect(res.status).to.equal(202);
    expect(res.body).to.have.all.keys('success', 'jobId', 'status', 'total', 'fileName', 'statusUrl');
    expect(res.body).to.include({ success: true, status: 'queued', total: 3 });
    expect(res.body.jobId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body.statusUrl).to.equal(`/apis/task-runs/tickets/export/${res.body.jobId}`);
    expect(res.body.fileName).to.match(/^tickets-export-\d{8}-\d{6}-[0-9a-f]{8}\.csv$/);
  });

  it('given a started export, when it is polled until done, then it succeeds with a signed URL and the file parses back with one row per ticket', async () => {
    const { started, done } = await exportAndWait(svc, { sortOrder: 'asc' });
    expect(done.status).to.equal(200);
    expect(done.body).to.have.all.keys('success', 'job', 'downloadUrl', 'expiresAt', 'downloadExpired');
    const job = done.body.job;
    expect(job).to.include({ jobId: started.body.jobId, status: 'succeeded', total: 3, processed: 3, fileName: started.body.fileName });
    expect(job).to.include.keys('createdAt', 'startedAt', 'completedAt', 'availableUntil', 'updatedAt', 'fileSizeBytes');
    expect(Date.parse(job.availableUntil) - Date.parse(job.completedAt)).to.equal(24 * 60 * 60 * 1000);
    expect(done.body.downloadExpired).to.equal(false);
    expect(done.body.downloadUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+\//);
    const expiresIn = Date.parse(done.body.expiresAt) - Date.now();
    expect(expiresIn).to.be.within(14 * 60_000, 15 * 60_000 + 1000);
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.status).to.equal(200);
    expect(csv.rows).to.have.length(started.body.total);
    expect(Buffer.byteLength(csv.text)).to.equal(job.fileSizeBytes);
    expect(csv.header.slice(0, 3)).to.deep.equal(['Ticket Number', 'Ticket Type', 'Child Ticket Param']);
    const walkIn = csv.rows.find((r) => r['Order Name'] === '#1001')!;
    expect(walkIn['Customer Name']).to.equal('Ana, "the" Buyer');
    expect(walkIn.Source).to.equal('Walk-In');
    expect(walkIn['Customer Phone']).to.equal('+14155550101');
    const refund = csv.rows.find((r) => r['Task Names'] === 'Refund Request')!;
    expect(refund.Team).to.equal('Customer Care');
    // Objective columns: the objectives of the tasks present in the result only (Refund Request, not Cancelled Order Follow-up).
    expect(csv.header.filter((h) => h.startsWith('Objective: '))).to.deep.equal(['Objective: refund_reason', 'Objective: delivery_state', 'Objective: window_open']);
    expect(csv.rows.find((r) => r.Source === 'email')!['Customer Email']).to.equal('ben@example.com');
    expect(csv.rows.map((r) => r['Ticket Number'])).to.deep.equal([...csv.rows.map((r) => r['Ticket Number'])].sort((a, b) => Number(a) - Number(b)));
  });

  it('given a succeeded export, when it is polled twice, then each poll hands out a fresh URL', async () => {
    const { started } = await exportAndWait(svc, {});
    const first = await pollExport(svc, started.body.jobId);
    await new Promise((r) => setTimeout(r, 1100));
    const second = await pollExport(svc, started.body.jobId);
    expect(first.body.downloadUrl).to.be.a('string');
    expect(second.body.downloadUrl).to.be.a('string').and.not.equal(first.body.downloadUrl);
    expect((await downloadCsv(second.body.downloadUrl)).rows).to.have.length(3);
    expect((await downloadCsv(first.body.downloadUrl)).status).to.equal(200);
  });

  it('given a signed URL, when it is tampered with, then the download is refused', async () => {
    const { done } = await exportAndWait(svc, {});
    const url = new URL(done.body.downloadUrl);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const res = await fetch(url);
    expect(res.status).to.equal(403);
    const body = await res.json() as { message: string };
    expect(body.message).to.match(/not valid/);
  });

  it('given the agent token of the same account, when it polls the admin user\'s job, then 404', async () => {
    const started = await startExport(svc, {});
    const res = await pollExport(svc, started.body.jobId, TOKENS.acmeAgent);
    expect(res.status).to.equal(404);
    expect(res.body).to.have.keys('error', 'message');
  });

  it('given another account\'s token, when it polls the job, then 404', async () => {
    const started = await startExport(svc, {});
    const res = await pollExport(svc, started.body.jobId, TOKENS.globexAdmin);
    expect(res.status).to.equal(404);
  });

  it('given the same filters, then the export holds exactly the tickets the list finds, in the list\'s order', async () => {
    for (const filters of [{}, { source: 'walk-in' }, { search: 'mug' }, { taskIds: ['task-refund'], sortOrder: 'asc' }, { phoneNumber: '+14155550102,+14155550101' }, { statuses: ['closed'] }]) {
      const list = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { ...filters, limit: 250 } });
      const { started, done } = await exportAndWait(svc, filters);
      const csv = await downloadCsv(done.body.downloadUrl);
      expect(started.body.total, JSON.stringify(filters)).to.equal(list.body.total);
      expect(csv.rows.map((r) => r['Ticket Number']), JSON.stringify(filters)).to.deep.equal(list.body.data.map((t: { ticketNumber: number }) => String(t.ticketNumber)));
    }
  });

  it('given no job of that id, when it is polled, then 404', async () => {
    expect((await pollExport(svc, '00000000-0000-4000-8000-000000000000')).status).to.equal(404);
  });
});
