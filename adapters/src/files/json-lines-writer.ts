import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { TimeSlice } from '@support/domain';

/**
 * Lines handed to the file before waiting for the disk to take them. With the stream's default
 * (16 KB) a busy service made the writer wait for a 'drain' every few lines, each wait a full turn
 * of the event loop behind the requests: 20 MB took 11 s of wall time for 0.3 s of work.
 */
const WRITE_AHEAD_BYTES = 1024 * 1024;

/** Writes one value as a JSON line. */
export type WriteLine = (value: unknown) => Promise<void>;
/** Writes text as it is: a part of a line the producer encodes itself, so that a long line gives requests their turns too. */
export type WriteText = (text: string) => Promise<void>;

/**
 * Writes a file of JSON lines made by `produce`, beside the target, fsyncs it and renames it over
 * the target (then fsyncs the directory): a crash leaves the previous file or the new one, never a
 * half file. Answers the bytes written and `activeMs`, the time spent encoding and handing lines to
 * the file (what the write costs the event loop; the wall time also holds everything it let run).
 */
export const writeJsonLinesAtomically = async (
  file: string, produce: (write: WriteLine, writeText: WriteText) => Promise<void>,
): Promise<{ bytes: number; activeMs: number }> => {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  const out = createWriteStream(temp, { highWaterMark: WRITE_AHEAD_BYTES });
  let bytes = 0;
  let activeMs = 0;
  // Requests get a turn every few milliseconds of encoding (a count of lines let a turn run 30 ms on large documents).
  const slice = new TimeSlice();
  const writeText: WriteText = async (text) => {
    const started = performance.now();
    bytes += Buffer.byteLength(text);
    const flowing = out.write(text);
    activeMs += performance.now() - started;
    if (!flowing) await once(out, 'drain');
    if (slice.used()) await slice.yieldTurn();
  };
  const write: WriteLine = (value) => {
    const started = performance.now();
    const text = `${JSON.stringify(value)}\n`;
    activeMs += performance.now() - started;
    return writeText(text);
  };
  try {
    await produce(write, writeText);
    out.end();
    await once(out, 'finish');
    const handle = await open(temp, 'r');
    await handle.sync().finally(() => handle.close());
    await rename(temp, file);
    const dir = await open(dirname(file), 'r');
    await dir.sync().catch(() => undefined).finally(() => dir.close());
    return { bytes, activeMs };
  } catch (error) {
    out.destroy();
    await rm(temp, { force: true });
    throw error;
  }
};
