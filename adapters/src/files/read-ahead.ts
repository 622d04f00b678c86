import { once } from 'node:events';
import { statSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

export interface ReadAhead {
  /** Resolves with the bytes read once the file is read to its end or the read-ahead is stopped. */
  readonly done: Promise<number>;
  stop(): void;
}

/**
 * The thread's body: reads the file from start to end in large sequential reads, throwing the bytes
 * away, and posts how many it read. On a thread of its own, so that it keeps reading while the main
 * thread is busy (a read driven by the event loop waits for a turn before each next read).
 */
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const buffer = Buffer.allocUnsafe(8 * 1024 * 1024);
let read = 0;
try {
  const fd = openSync(workerData.file, 'r');
  try {
    for (;;) {
      const bytes = readSync(fd, buffer, 0, buffer.length, read);
      if (bytes === 0) break;
      read += bytes;
    }
  } finally {
    closeSync(fd);
  }
} catch {
  // The readers read the file themselves either way.
}
parentPort.postMessage(read);
`;

/**
 * Reads a file once from start to end, on a thread, and throws the bytes away: it brings the file
 * into the page cache ahead of readers that go through it in many ranges at once (the offline
 * audit's threads, each reading SQLite's pages one by one), which from a cold disk wait on each
 * page. Only when the file fits in half the memory free now: a larger one would push out of the
 * cache the pages the readers are about to use. Errors end it quietly.
 */
export const readAhead = (file: string, options: { readonly freeMemory?: number } = {}): ReadAhead => {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return { done: Promise.resolve(0), stop: () => undefined };
  }
  if (size > (options.freeMemory ?? os.freemem()) / 2) return { done: Promise.resolve(0), stop: () => undefined };
  const worker = new Worker(READER, { eval: true, workerData: { file }, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 } });
  let read = 0;
  worker.on('message', (bytes: number) => (read = bytes));
  worker.on('error', () => undefined);
  const done = once(worker, 'exit').then(() => read, () => read);
  return { done, stop: () => void worker.terminate() };
};
