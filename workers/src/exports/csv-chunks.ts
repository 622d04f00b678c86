import { ExportColumns, ExportTicket } from '@support/domain';
import { csvHeader } from './csv-records';
import { CsvThread, startCsvThread } from './csv-thread-client';
import { RowPacker } from './packed-rows';

/** Batches handed to the CSV thread and not yet yielded: one being written while the next is built. */
const IN_FLIGHT = 2;

interface Pending {
  readonly bytes: Promise<Uint8Array>;
  /** Rows processed once this batch is written. */
  readonly processed: number;
}

/**
 * The CSV of an export as UTF-8 chunks: the header, then the rows of the cursor in its order,
 * `rowsPerChunk` at a time. This thread reads the cursor and builds the rows; a second thread
 * (csv-thread.ts) writes each batch as records with csv-writer, so the two cores share the work.
 * Pulled by the blob store's upload stream with at most IN_FLIGHT batches ahead, so memory does
 * not grow with the rows. `onRows` hears the running count after each chunk is taken (progress;
 * it may throw to stop the export, which ends the thread).
 */
export async function* csvChunks(
  tickets: AsyncIterable<ExportTicket>,
  columns: ExportColumns,
  rowsPerChunk: number,
  onRows: (processed: number) => Promise<void>,
  thread: () => CsvThread = startCsvThread,
): AsyncGenerator<Buffer | string, void, undefined> {
  const csv = thread();
  const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pending: Pending[] = [];
  const send = (packer: RowPacker, processed: number) => {
    const bytes = csv.records(packer.take());
    bytes.catch(() => undefined); // awaited in order below; a failure there ends the export
    pending.push({ bytes, processed });
  };
  try {
    yield csvHeader(columns.header);
    const packer = new RowPacker(columns.header.length, rowsPerChunk);
    let processed = 0;
    for await (const ticket of tickets) {
      packer.add(columns.row(ticket));
      processed++;
      if (!packer.full) continue;
      send(packer, processed);
      if (pending.length < IN_FLIGHT) continue;
      const next = pending.shift()!;
      yield asBuffer(await next.bytes);
      await onRows(next.processed);
    }
    if (packer.rows > 0) send(packer, processed);
    for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
      yield asBuffer(await next.bytes);
      await onRows(next.processed);
    }
    await onRows(processed);
  } finally {
    await csv.close();
  }
}
