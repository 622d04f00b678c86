import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Permission bits of group and others. */
const SHARED_BITS = 0o077;

/** Takes group and others' permissions off `entry` and, in a folder, off everything under it; answers what it could not change. */
const tighten = (entry: string, refused: string[]): void => {
  let mode: number;
  let folder: boolean;
  try {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    mode = stat.mode;
    folder = stat.isDirectory();
    if ((mode & SHARED_BITS) !== 0) chmodSync(entry, mode & 0o700);
  } catch {
    refused.push(entry);
    return;
  }
  if (folder) for (const name of readdirSync(entry)) tighten(path.join(entry, name), refused);
};

/**
 * DATA_DIR holds customers' names, phones and emails and the tickets' text: only the user the
 * service runs as may read it. Files the process makes from now on are its user's alone (umask
 * 077: folders 700, files 600), and a DATA_DIR made before (with the usual umask 022: 755 and 644)
 * is made so at the start. Answers the paths whose permissions could not be changed (another
 * user's files), which the start reports and goes on.
 */
export const keepDataDirPrivate = (dataDir: string): string[] => {
  process.umask(SHARED_BITS);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const refused: string[] = [];
  tighten(dataDir, refused);
  return refused;
};
