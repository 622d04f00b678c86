import { expect } from 'chai';
import { spreadsheetSafe } from '@support/domain';

describe('CSV cells a spreadsheet reads as text (OWASP CSV injection)', () => {
  for (const cell of ['=HYPERLINK("http://evil.example","x")', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1', '=1', '+', '-', '- urgent', '+1 (415) 555-0123', '@agent']) {
    it(`given the cell ${JSON.stringify(cell)}, then it gets a leading apostrophe`, () => {
      expect(spreadsheetSafe(cell)).to.equal(`'${cell}`);
    });
  }
  for (const cell of ['', 'Kim Lee', 'a=b', 'refund + return', '+14155550123', '+919800000001', '-12.5', '+3', '-0.5e3', '.5', '42', '#1001', ' =leading space']) {
    it(`given the cell ${JSON.stringify(cell)}, then it stays as it is`, () => {
      expect(spreadsheetSafe(cell)).to.equal(cell);
    });
  }
});
