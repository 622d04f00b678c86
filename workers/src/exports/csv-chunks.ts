import { ExportColumns, ExportTicket } from '@support/domain';
import { TimeSlice } from '@support/event-sourcing';
import { csvHeader, csvRecordOf } from './csv-records';

/**
 * Records turned into UTF-8 together: few enough that the text alive at any moment (what a
 * young-generation collection has to copy) stays a few kilobytes, so the service's young
 * generation does not grow during a long export; the bytes wait outside the JS heap.
 */
const ROWS_PER_GROUP = 16;

/**
 * The CSV of an export as UTF-8 chunks: the header, then the records of the cursor's batches in order,
 * `rowsPerChunk` at a time, written by csv-records.ts (d3-dsv's quoting). Every ROWS_PER_GROUP
 * records are encoded at once, and a chunk is their bytes joined. Pulled by the blob store's
 * upload stream, so what is held is bounded by the store's write-ahead (4 MB on the embedded one)
 * and one chunk: memory does not grow with the rows. `onRows` hears
 * the running count after each chunk (progress; it may throw to stop the export). Every few
 * milliseconds of rows it gives the event loop a turn, so requests are answered during an export.
 */
export async function* csvChunks(
  tickets: AsyncIterable<readonly ExportTicket[]>,
  columns: ExportColumns,
  rowsPerChunk: number,
  onRows: (processed: number) => Promise<void>,
): AsyncGenerator<Buffer, void, undefined> {
  const recordOf = csvRecordOf(columns);
  const slice = new TimeSlice();
  yield Buffer.from(csvHeader(columns.header), 'utf8');
  let text = '';
  let grouped = 0;
  let parts: Buffer[] = [];
  let processed = 0;
  const encode = () => {
    parts.push(Buffer.from(text, 'utf8'));
    text = '';
    grouped = 0;
  };
  const take = (): Buffer => {
    const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts = [];
    return chunk;
  };
  for await (const batch of tickets) {
    for (const ticket of batch) {
      text += recordOf(ticket);
      processed++;
      if (++grouped === ROWS_PER_GROUP) {
        encode();
        if (slice.used()) await slice.yieldTurn();
      }
      if (processed % rowsPerChunk === 0) {
        if (grouped > 0) encode();
        yield take();
        await onRows(processed);
      }
    }
  }
  if (grouped > 0) encode();
  if (parts.length > 0) yield take();
  await onRows(processed);
}
