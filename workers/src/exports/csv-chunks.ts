import { createArrayCsvStringifier } from 'csv-writer';
import { ExportColumns, ExportTicket } from '@support/domain';

/** RFC 4180: records end with CRLF. */
const CRLF = '\r\n';

/**
 * csv-writer quotes a field holding a comma, a quote or a line feed, but not a lone carriage
 * return; a row with one is written by a stringifier that quotes every field, so every record
 * stays RFC 4180 (a CR inside a field is quoted).
 */
const hasCarriageReturn = (row: readonly string[]): boolean => row.some((cell) => cell.includes('\r'));

/**
 * The CSV of an export as text chunks: the header, then the rows of the cursor in its order,
 * `rowsPerChunk` at a time, each chunk one string from csv-writer's stringifier. Pulled by the blob
 * store's upload stream, so at most one chunk is held: memory does not grow with the rows.
 * `onRows` hears the running count after each chunk (progress; it may throw to stop the export).
 */
export async function* csvChunks(
  tickets: AsyncIterable<ExportTicket>,
  columns: ExportColumns,
  rowsPerChunk: number,
  onRows: (processed: number) => Promise<void>,
): AsyncGenerator<string, void, undefined> {
  const plain = createArrayCsvStringifier({ header: [...columns.header], recordDelimiter: CRLF });
  const quoted = createArrayCsvStringifier({ recordDelimiter: CRLF, alwaysQuote: true });
  yield plain.getHeaderString() ?? '';
  let batch: string[][] = [];
  let text = '';
  let processed = 0;
  for await (const ticket of tickets) {
    const row = columns.row(ticket);
    if (hasCarriageReturn(row)) {
      if (batch.length > 0) text += plain.stringifyRecords(batch);
      batch = [];
      text += quoted.stringifyRecords([row]);
    } else {
      batch.push(row);
    }
    processed++;
    if (processed % rowsPerChunk === 0) {
      if (batch.length > 0) text += plain.stringifyRecords(batch);
      batch = [];
      yield text;
      text = '';
      await onRows(processed);
    }
  }
  if (batch.length > 0) text += plain.stringifyRecords(batch);
  if (text !== '') yield text;
  await onRows(processed);
}
