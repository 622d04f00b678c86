import { rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fsyncFolder } from '../blob-store/local/durable-file';

/** The size of a file, null when there is none (any other failure is thrown). */
export async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Renames a folder whose data was imported to `<dir>.imported-20250131T235959Z` (a suffix added if
 * taken), kept beside as it was, and makes the rename durable. Answers the new name.
 */
export async function renameImported(dir: string): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let target = `${dir}.imported-${stamp}`;
  for (let n = 2; (await fileSize(target)) !== null; n += 1) target = `${dir}.imported-${stamp}-${n}`;
  await rename(dir, target);
  await fsyncFolder(dirname(dir));
  return target;
}
