import fs from 'node:fs';
import path from 'node:path';

/** As much as a write of the engines needs at least (a few SQLite pages and their WAL frames). */
const PROBE_BYTES = 64 * 1024;
const PROBE_FILE = '.storage-probe';

/**
 * Whether the disk under `dir` takes a write now: writes PROBE_BYTES to a file of its own there,
 * syncs and removes it. False on any error (a full disk, an I/O error, a read-only mount).
 */
export const diskTakesWrites = (dir: string): boolean => {
  const file = path.join(dir, PROBE_FILE);
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'w');
    fs.writeSync(fd, Buffer.alloc(PROBE_BYTES));
    fs.fsyncSync(fd);
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
};
