import { FileHandle, open } from 'node:fs/promises';
import { syncDir } from '../../files/sync-dir';

/** Opens the log file for reading and writing, creating it (and making its folder entry durable) when missing. */
export async function openLogFile(path: string, dir: string): Promise<FileHandle> {
  try {
    return await open(path, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const handle = await open(path, 'wx+');
  await syncDir(dir);
  return handle;
}

