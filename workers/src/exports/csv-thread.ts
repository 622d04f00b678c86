import { parentPort } from 'node:worker_threads';
import { csvRecordsWriter } from './csv-records';
import { PackedRows, unpackRows } from './packed-rows';

/**
 * The export's second thread: receives packed rows, writes them as CSV records with csv-writer
 * and posts the UTF-8 bytes back (their buffer transferred), one answer per batch, in order.
 * Started by csv-thread-client.ts; an error ends the thread, which fails the export.
 */
if (parentPort !== null) {
  const port = parentPort;
  const records = csvRecordsWriter();
  const encoder = new TextEncoder();
  port.on('message', (packed: PackedRows) => {
    const bytes = encoder.encode(records(unpackRows(packed)));
    port.postMessage(bytes, [bytes.buffer]);
  });
}
