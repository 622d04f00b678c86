import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The embedded log's file in a store folder (a test's view of the on-disk layout). */
export const logPath = (dir: string): string => join(dir, 'events.log');

/** The index of the log persisted beside it. */
export const logIndexPath = (dir: string): string => join(dir, 'events.log.index');

/** Start offset and size of every record frame (u32 length + u32 checksum + payload) in the log file. */
export async function frames(dir: string): Promise<{ offset: number; size: number }[]> {
  const bytes = await readFile(logPath(dir));
  const found: { offset: number; size: number }[] = [];
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    const size = 8 + bytes.readUInt32LE(offset);
    found.push({ offset, size });
    offset += size;
  }
  return found;
}
