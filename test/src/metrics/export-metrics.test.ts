import { expect } from 'chai';
import { TICKET_EXPORT_JOB } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { exportAndWait, startExport } from '../exports/support/export-api';
import { parsePrometheus, total } from './prometheus-text';

const scrape = async (svc: TestService) => {
  const res = await svc.api('GET', '/metrics');
  expect(res.status).to.equal(200);
  return parsePrometheus(res.text);
};

const createTickets = async (svc: TestService, count: number) => {
  for (let i = 0; i < count; i++) {
    const res = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(2700 + i)}` }, query: `export metrics ${i}`, fastResponse: true } });
    expect(res.status).to.equal(200);
  }
};

describe('Metrics of the ticket export', () => {
  describe('with the workers running', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
      await createTickets(svc, 4);
    });
    after(() => svc?.stop());

    it('given an export of 4 tickets done, when scraped, then 4 rows were written, its job was handled once and none is running', async () => {
      const before = await scrape(svc);
      const { started, done } = await exportAndWait(svc, {});
      expect(started.body.total).to.equal(4);
      expect(done.body.job.status).to.equal('succeeded');
      const after = await scrape(svc);
      expect(total(after, 'support_export_rows_total') - total(before, 'support_export_rows_total')).to.equal(4);
      expect(total(after, 'support_jobs_handled_total', { kind: TICKET_EXPORT_JOB, outcome: 'ack' })).to.equal(1);
      expect(total(after, 'support_jobs_in_progress', { kind: TICKET_EXPORT_JOB })).to.equal(0);
      expect(total(after, 'support_export_jobs', { status: 'running' })).to.equal(0);
      expect(total(after, 'support_export_jobs', { status: 'queued' })).to.equal(0);
    });
  });

  describe('without the workers component', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService({ config: withoutRateLimits(exampleConfig()), components: ['command-api', 'query-api', 'projectors'] });
      await createTickets(svc, 2);
    });
    after(() => svc?.stop());

    it('given two exports started that no worker takes, when scraped, then two export jobs are queued and their jobs wait in the queue', async () => {
      expect((await startExport(svc, {})).status).to.equal(202);
      expect((await startExport(svc, {})).status).to.equal(202);
      let families = await scrape(svc);
      for (let i = 0; i < 100 && total(families, 'support_job_queue_depth', { kind: TICKET_EXPORT_JOB }) < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        families = await scrape(svc);
      }
      expect(total(families, 'support_export_jobs', { status: 'queued' })).to.equal(2);
      expect(total(families, 'support_export_jobs', { status: 'running' })).to.equal(0);
      expect(total(families, 'support_job_queue_depth', { kind: TICKET_EXPORT_JOB })).to.equal(2);
      expect(total(families, 'support_export_rows_total')).to.equal(0);
    });
  });
});
