import { close, constants, ftruncate, open, readFile, write } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { flockDescriptor } from './flock-descriptor';
import { takePidFile } from './pid-file-lock';

/** Folders whose lock this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

export interface DirLock {
  release(): Promise<void>;
}

const openFd = promisify(open);
const closeFd = promisify(close);
const truncateFd = promisify(ftruncate);
const writeFd = promisify(write);

/** Who holds the lock, as far as the LOCK file says (written by the holder for this message only). */
const ownerNote = async (path: string): Promise<string> => {
  const pid = Number.parseInt(await promisify(readFile)(path, 'utf8').catch(() => ''), 10);
  return Number.isInteger(pid) && pid > 0 ? ` (process ${pid})` : '';
};

/**
 * One holder per folder (`what` names it in the refusal: the event log, the projectors): an exclusive advisory lock (flock) on the open descriptor of
 * `<dir>/LOCK`, held for the life of this process. The operating system releases it when the
 * process dies in any way, so a restart right after `kill -9` always starts, while a second live
 * service on the same folder is refused. The file stays (removing it would race with the next
 * opener); the pid written into it is only there to name the holder in the refusal.
 * Without flock(1) it falls back to a pid file (see takePidFile).
 */
export async function lockDir(dir: string, what = 'event log'): Promise<DirLock> {
  const path = join(resolve(dir), 'LOCK');
  if (heldHere.has(path)) throw new Error(`${what} in ${dir} is already open in this process`);
  heldHere.add(path);
  try {
    const release = await lockFile(path, dir, what);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        await release();
      },
    };
  } catch (error) {
    heldHere.delete(path);
    throw error;
  }
}

async function lockFile(path: string, dir: string, what: string): Promise<() => Promise<void>> {
  const fd = await openFd(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  const outcome = await flockDescriptor(fd).catch((e: unknown) => ({ kind: 'unavailable' as const, reason: String(e) }));
  if (outcome.kind !== 'locked') await closeFd(fd).catch(() => undefined);
  switch (outcome.kind) {
    case 'held':
      throw new Error(
        `${what} in ${dir} is in use by another running service${await ownerNote(path)}: stop it first, or start this one with another DATA_DIR`,
      );
    case 'unavailable':
      process.emitWarning(`${outcome.reason}; locking ${dir} with a pid file instead`, { code: 'SUPPORT_DIR_LOCK' });
      return takePidFile(path, dir, what);
    case 'locked':
      await truncateFd(fd, 0);
      await writeFd(fd, `${process.pid}\n`, 0);
      return () => closeFd(fd);
  }
}
