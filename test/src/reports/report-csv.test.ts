import { expect } from 'chai';
import { buildReport, ReportDayDocument } from '@support/domain';
import { reportCsv } from '@support/query-api';

describe('Reports: the CSV keeps the export\'s rules', () => {
  it('given a row whose key a spreadsheet would read as a formula, when the report is written as CSV, then the cell is text and quoted where it must be', () => {
    // given: a channel value sent as "=HYPERLINK(...)" (a manual source label is free text) on one day's row
    const doc: ReportDayDocument = {
      _id: 'x', accountId: 'acme', day: '2027-03-01', agentId: null, teamId: null, channel: '=HYPERLINK("http://x.example","a,b")', taskId: null, created: 1,
    };
    const report = buildReport({ from: '2027-03-01', to: '2027-03-01', groupBy: 'channel', filters: {}, format: 'csv' }, 'UTC', [doc], []);
    // when
    const [, record] = reportCsv(report).split('\r\n');
    // then
    expect(record.startsWith('"\'=HYPERLINK(""http://x.example"",""a,b"")",2027-03-01,2027-03-01,1,')).to.equal(true);
  });
});
