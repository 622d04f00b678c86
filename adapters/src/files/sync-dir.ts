import { open } from 'node:fs/promises';

/** Makes a folder's entries durable (a file made or renamed in it survives a power cut). */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
