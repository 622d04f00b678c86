import { csvFormatRow, csvFormatValue } from 'd3-dsv';
import { ExportColumns, ExportTicket, spreadsheetSafe } from '@support/domain';

/** RFC 4180: records end with CRLF. */
export const CRLF = '\r\n';

/**
 * The CSV text of the export is written with d3-dsv: a field holding a comma, a quote, a line feed
 * or a carriage return is quoted, its quotes doubled (RFC 4180). Chosen over csv-writer by the
 * export benchmark (the same bytes for less CPU per row; the figures are in docs/performance.md
 * and the commit that chose it). Every cell that may hold
 * text someone typed (every column but those the service writes from digits and fixed words) is
 * made spreadsheet-safe first: a formula-like cell is written so that spreadsheets read it as text.
 */

/** A typed cell as the file holds it: spreadsheet-safe, then quoted when it must be. */
const typedCell = (cell: string): string => csvFormatValue(spreadsheetSafe(cell));

/** The header record of the columns. */
export const csvHeader = (header: readonly string[]): string => header.map(typedCell).join(',') + CRLF;

/** One ticket's record, CRLF ended: its cells joined by the columns, each that may need it quoted by d3-dsv's field quoting. */
export const csvRecordOf = (columns: ExportColumns): ((ticket: ExportTicket) => string) => (ticket) => columns.record(ticket, typedCell) + CRLF;

/** Rows as CSV records, in order, each ended by CRLF. */
export const csvRecordsWriter = (): ((rows: readonly (readonly string[])[]) => string) => (rows) => {
  let text = '';
  for (let i = 0; i < rows.length; i++) text += csvFormatRow(rows[i] as string[]) + CRLF;
  return text;
};
