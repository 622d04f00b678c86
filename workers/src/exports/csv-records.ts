import { createArrayCsvStringifier } from 'csv-writer';

/** RFC 4180: records end with CRLF. */
export const CRLF = '\r\n';

/**
 * csv-writer quotes a field holding a comma, a quote or a line feed, but not a lone carriage
 * return; a row with one is written by a stringifier that quotes every field, so every record
 * stays RFC 4180 (a CR inside a field is quoted).
 */
const hasCarriageReturn = (row: readonly string[]): boolean => {
  for (let i = 0; i < row.length; i++) if (row[i].includes('\r')) return true;
  return false;
};

/** The header record of the columns, by csv-writer. */
export const csvHeader = (header: readonly string[]): string =>
  createArrayCsvStringifier({ header: [...header], recordDelimiter: CRLF }).getHeaderString() ?? '';

/** How many carriage returns the text holds, counting no further than `limit` + 1. */
const carriageReturns = (text: string, limit: number): number => {
  let count = 0;
  for (let at = text.indexOf('\r'); at !== -1 && count <= limit; at = text.indexOf('\r', at + 1)) count++;
  return count;
};

/**
 * Rows as CSV records (csv-writer's array stringifier; a row holding a CR has every field quoted),
 * in order. The rows are written at once, and only when the text holds more carriage returns than
 * its record ends (a cell has one) are they written again row by row.
 */
export const csvRecordsWriter = (): ((rows: string[][]) => string) => {
  const plain = createArrayCsvStringifier({ recordDelimiter: CRLF });
  const quoted = createArrayCsvStringifier({ recordDelimiter: CRLF, alwaysQuote: true });
  return (rows) => {
    const text = plain.stringifyRecords(rows);
    return carriageReturns(text, rows.length) === rows.length ? text : rowByRow(rows);
  };
  function rowByRow(rows: string[][]): string {
    let text = '';
    let run: string[][] = [];
    for (const row of rows) {
      if (!hasCarriageReturn(row)) {
        run.push(row);
        continue;
      }
      if (run.length > 0) text += plain.stringifyRecords(run);
      run = [];
      text += quoted.stringifyRecords([row]);
    }
    if (run.length > 0) text += plain.stringifyRecords(run);
    return text;
  }
};
