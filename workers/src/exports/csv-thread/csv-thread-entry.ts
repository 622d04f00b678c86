import { parentPort } from 'node:worker_threads';
import { csvRecordsWriter } from '../csv-records';
import type { RecordsReply, RecordsRequest } from './csv-thread-messages';
import { unpackRows } from './packed-rows';

/**
 * The CSV thread: each request's rows are written by csv-writer (csv-records.ts) and encoded as
 * UTF-8 here, off the thread that reads the read model and builds the rows.
 */
const port = parentPort;
if (port === null) throw new Error('csv-thread-entry runs as a worker thread');
const records = csvRecordsWriter();
port.on('message', (request: RecordsRequest) => {
  let reply: RecordsReply;
  try {
    const encoded = Buffer.from(records(unpackRows(request.rows)), 'utf8');
    // A Buffer of its own is transferred as it is; a slice of the shared pool is copied out (transferring would detach the pool).
    const own = encoded.byteOffset === 0 && encoded.buffer.byteLength === encoded.length;
    const bytes = own ? encoded.buffer : encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.length);
    reply = { seq: request.seq, bytes: bytes as ArrayBuffer };
    port.postMessage(reply, [reply.bytes]);
  } catch (e) {
    reply = { seq: request.seq, error: (e as Error).message };
    port.postMessage(reply);
  }
});
