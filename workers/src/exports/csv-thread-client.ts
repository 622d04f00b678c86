import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PackedRows } from './packed-rows';

/** The CSV records of packed rows, written on a second thread. */
export interface CsvThread {
  /** The batch's records as UTF-8; answers come in the order the batches were sent. */
  records(batch: PackedRows): Promise<Uint8Array>;
  /** Ends the thread (batches still pending are refused). */
  close(): Promise<void>;
}

interface Waiting {
  readonly resolve: (bytes: Uint8Array) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Starts the CSV thread (csv-thread.js beside this file) with a small young generation of its
 * own: the records' garbage lives and dies in that heap, not in the service's (which holds the
 * embedded read model). A thread that fails or exits fails every pending batch.
 */
export const startCsvThread = (): CsvThread => {
  const worker = new Worker(path.join(__dirname, 'csv-thread.js'), { resourceLimits: { maxYoungGenerationSizeMb: 8 }, stdout: false, stderr: false });
  const waiting: Waiting[] = [];
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure ??= error;
    for (const w of waiting.splice(0)) w.reject(failure);
  };
  worker.on('message', (bytes: Uint8Array) => waiting.shift()?.resolve(bytes));
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the CSV thread exited (code ${code})`)));
  return {
    records: (batch) =>
      new Promise<Uint8Array>((resolve, reject) => {
        if (failure !== null) return reject(failure);
        waiting.push({ resolve, reject });
        worker.postMessage(batch, [batch.lengths.buffer as ArrayBuffer]);
      }),
    close: async () => {
      failAll(new Error('the CSV thread was closed'));
      await worker.terminate();
    },
  };
};
