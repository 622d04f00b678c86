import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RecordsReply, RecordsRequest } from './csv-thread-messages';
import { packRows } from './packed-rows';

interface Waiting {
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

/**
 * A worker thread that writes rows as CSV records in UTF-8 (csv-thread-entry.ts), so an export
 * uses the machine's second core: this thread reads and builds rows while that one writes the
 * previous ones. Replies come in the order of the requests. A thread that fails or exits rejects
 * everything still waiting. Small heap limits: it holds a few batches at a time.
 */
export class CsvThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextSeq = 0;
  private failure: Error | null = null;

  constructor() {
    this.worker = new Worker(join(__dirname, 'csv-thread-entry.js'), { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
    this.worker.on('message', (reply: RecordsReply) => this.settle(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the CSV thread exited (code ${code})`)));
  }

  /** The CSV records of rows of `width` cells, as UTF-8. */
  records(rows: readonly (readonly string[])[], width: number): Promise<Buffer> {
    if (this.failure !== null) return Promise.reject(this.failure);
    const request: RecordsRequest = { seq: this.nextSeq++, rows: packRows(rows, width) };
    const written = new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(request.seq, { resolve, reject });
      this.worker.postMessage(request, [request.rows.lengths.buffer as ArrayBuffer]);
    });
    // Handled from the start: a caller that stops early (its export failed) leaves replies it will never await.
    written.catch(() => undefined);
    return written;
  }

  /** Stops the thread; whatever still waits is rejected. */
  async close(): Promise<void> {
    this.fail(new Error('the CSV thread was closed'));
    await this.worker.terminate();
  }

  private settle(reply: RecordsReply): void {
    const waiting = this.waiting.get(reply.seq);
    if (waiting === undefined) return;
    this.waiting.delete(reply.seq);
    if ('error' in reply) waiting.reject(new Error(`the CSV thread could not write records: ${reply.error}`));
    else waiting.resolve(Buffer.from(reply.bytes));
  }

  private fail(error: Error): void {
    if (this.failure === null) this.failure = error;
    for (const waiting of this.waiting.values()) waiting.reject(this.failure);
    this.waiting.clear();
  }
}
