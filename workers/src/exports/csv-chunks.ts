import { ExportColumns, ExportTicket } from '@support/domain';
import { csvHeader } from './csv-records';
import { CsvThread } from './csv-thread/csv-thread';

/**
 * Rows sent to the CSV thread at once: enough that a message's cost is spread over many rows, few
 * enough that the rows alive at any moment stay tens of kilobytes (the young generation does not
 * grow during a long export).
 */
const ROWS_PER_BATCH = 64;
/** Batches the CSV thread may hold before this thread waits for the oldest: both threads stay busy, memory stays bounded. */
const BATCHES_IN_FLIGHT = 4;

interface Sent {
  readonly bytes: Promise<Buffer>;
  /** Rows written once these bytes are out; set when the batch ends a chunk. */
  readonly chunkEnd: number | null;
}

/**
 * The CSV of an export as UTF-8 chunks: the header, then the rows of the cursor's batches in
 * order, `rowsPerChunk` at a time. This thread builds the rows; a CSV thread writes them with
 * csv-writer and encodes them (csv-thread/), a few batches behind, so both cores work. Pulled by
 * the blob store's upload stream, so at most one chunk and a few batches are held: memory does
 * not grow with the rows. `onRows` hears the running count after each chunk (progress; it may
 * throw to stop the export). The thread lives as long as the stream.
 */
export async function* csvChunks(
  tickets: AsyncIterable<readonly ExportTicket[]>,
  columns: ExportColumns,
  rowsPerChunk: number,
  onRows: (processed: number) => Promise<void>,
): AsyncGenerator<Buffer, void, undefined> {
  yield Buffer.from(csvHeader(columns.header), 'utf8');
  const width = columns.header.length;
  const thread = new CsvThread();
  try {
    const sent: Sent[] = [];
    let parts: Buffer[] = [];
    let rows: string[][] = [];
    let processed = 0;
    const send = (chunkEnd: number | null) => {
      sent.push({ bytes: thread.records(rows, width), chunkEnd });
      rows = [];
    };
    /** Takes the oldest batch's bytes; a chunk when that batch ends one. */
    const receive = async (): Promise<number | null> => {
      const oldest = sent.shift()!;
      parts.push(await oldest.bytes);
      return oldest.chunkEnd;
    };
    const chunk = (): Buffer => {
      const whole = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      parts = [];
      return whole;
    };
    for await (const batch of tickets) {
      for (const ticket of batch) {
        rows.push(columns.row(ticket));
        processed++;
        const endsChunk = processed % rowsPerChunk === 0;
        if (rows.length === ROWS_PER_BATCH || endsChunk) send(endsChunk ? processed : null);
        while (sent.length > BATCHES_IN_FLIGHT) {
          const end = await receive();
          if (end !== null) {
            yield chunk();
            await onRows(end);
          }
        }
      }
    }
    if (rows.length > 0) send(processed);
    while (sent.length > 0) {
      const end = await receive();
      if (end !== null) {
        yield chunk();
        await onRows(end);
      }
    }
    await onRows(processed);
  } finally {
    await thread.close();
  }
}
