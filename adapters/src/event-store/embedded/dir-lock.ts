import { open, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Folders whose lock this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

export interface DirLock {
  release(): Promise<void>;
}

/**
 * One writer per log folder: a LOCK file holding the owner's process id. A lock left by a process
 * that no longer runs (killed, crashed) is taken over.
 */
export async function lockDir(dir: string): Promise<DirLock> {
  const path = join(resolve(dir), 'LOCK');
  if (heldHere.has(path)) throw new Error(`event log in ${dir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      heldHere.add(path);
      return {
        release: async () => {
          heldHere.delete(path);
          await unlink(path).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processRuns(owner)) {
        throw new Error(`event log in ${dir} is in use by process ${owner} (if it is not, remove ${path})`);
      }
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`could not lock the event log in ${dir}`);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
