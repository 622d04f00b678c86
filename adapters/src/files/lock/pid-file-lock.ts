import { open, readFile, unlink } from 'node:fs/promises';

/**
 * Fallback for systems without flock(1): a file holding the owner's process id, taken over when
 * that process no longer runs. Weaker than the descriptor lock (a zombie or a reused pid still
 * looks alive), so it is used only when flock(1) cannot run.
 */
export async function takePidFile(path: string, dir: string, what = 'event log'): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(path).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processRuns(owner)) {
        throw new Error(`${what} in ${dir} is in use by process ${owner} (if it is not, remove ${path})`);
      }
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`could not lock the ${what} in ${dir}`);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
