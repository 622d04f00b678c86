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

/** Rows as CSV records (csv-writer's array stringifier; a row holding a CR has every field quoted), in order. */
export const csvRecordsWriter = (): ((rows: string[][]) => string) => {
  const plain = createArrayCsvStringifier({ recordDelimiter: CRLF });
  const quoted = createArrayCsvStringifier({ recordDelimiter: CRLF, alwaysQuote: true });
  return (rows) => {
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
  };
};
