import { Dirent } from 'node:fs';
import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissingPath } from './durable-file';

/** Every file under a folder, depth first; a folder removed while walking is skipped. */
export async function* filesUnder(folder: string): AsyncGenerator<string> {
  let entries: AsyncIterable<Dirent>;
  try {
    entries = await opendir(folder);
  } catch (error) {
    if (isMissingPath(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}
