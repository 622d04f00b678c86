import { spawn } from 'node:child_process';

/** Outcome of asking flock(1) for an exclusive lock on an open descriptor. */
type FlockOutcome =
  | { readonly kind: 'locked' }
  | { readonly kind: 'held' }
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * Takes an exclusive advisory lock (flock(2)) on the open file description behind `fd`, without
 * native code: flock(1) from util-linux (or busybox) gets a copy of the descriptor as its fd 3,
 * locks it and exits. A flock lock belongs to the open file description, not to the process that
 * asked, so it stays held through this process's own descriptor, and the kernel drops it when the
 * last descriptor closes: on close(), on exit, on SIGKILL. A zombie or a reused pid holds nothing.
 * Node opens files with O_CLOEXEC, so no later child process inherits the lock.
 */
export const flockDescriptor = (fd: number): Promise<FlockOutcome> =>
  new Promise((resolve) => {
    let stderr = '';
    const child = spawn('flock', ['--exclusive', '--nonblock', '3'], { stdio: ['ignore', 'ignore', 'pipe', fd] });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'unavailable', reason: error.code === 'ENOENT' ? 'flock(1) is not installed (util-linux)' : error.message }));
    child.once('close', (code, signal) => {
      if (code === 0) resolve({ kind: 'locked' });
      // flock -n exits 1 without a word when another descriptor holds the lock.
      else if (code === 1 && stderr.trim() === '') resolve({ kind: 'held' });
      else resolve({ kind: 'unavailable', reason: `flock(1) failed (${code ?? signal}): ${stderr.trim()}` });
    });
  });
