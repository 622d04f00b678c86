import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, startExport, waitForExport } from './support/export-api';
import { createTicket } from './support/create-tickets';

const BEFORE = 30;
const WRITERS = 6;

describe('ticket export: one snapshot while tickets are being created (HTTP)', function () {
  this.timeout(120_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    for (let i = 0; i < BEFORE; i++) await createTicket(svc, { customer: { phone: `+1415550${String(1000 + i)}` }, query: `Parcel ${i} is late` });
  });
  after(async () => svc?.stop());

  it('given creates in flight before, during and after the request, when the export runs, then its file holds exactly its total of tickets, each once', async () => {
    // given: writers creating tickets without pause
    let writing = true;
    let made = BEFORE;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        await createTicket(svc, { customer: { phone: `+1415551${String(w)}${String(i).padStart(3, '0')}` }, query: `Refund ${w}-${i}` });
        made++;
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 300));
    // when: exports requested while they write, each run while they go on
    const results = [];
    for (let e = 0; e < 3; e++) {
      const started = await startExport(svc, {});
      expect(started.status, started.text).to.equal(202);
      const done = await waitForExport(svc, started.body.jobId);
      expect(done.body.job.status).to.equal('succeeded');
      results.push({ total: started.body.total as number, job: done.body.job, url: done.body.downloadUrl as string });
      await new Promise((r) => setTimeout(r, 100));
    }
    writing = false;
    await Promise.all(writers);
    // then
    for (const { total, job, url } of results) {
      const csv = await downloadCsv(url);
      expect(csv.rows.length, 'rows against the 202 total').to.equal(total);
      expect(job.total).to.equal(total);
      expect(job.processed).to.equal(total);
      const numbers = new Set(csv.rows.map((r) => r['Ticket Number']));
      expect(numbers.size, 'distinct tickets').to.equal(total);
      expect(total).to.be.at.least(BEFORE);
    }
    // Each later export holds more: the creates went on between them.
    expect(results[1].total).to.be.greaterThan(results[0].total);
    expect(made).to.be.greaterThan(results[results.length - 1].total);
    process.stdout.write(`      ${results.map((r) => r.total).join(', ')} tickets exported while ${made} were made\n`);
  });
});
