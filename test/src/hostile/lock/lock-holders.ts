import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_HOLDER = path.join(__dirname, 'lock-holder.js');

interface Holder {
  readonly child: ChildProcess;
  /** The holder's pid once it holds the lock; rejects with its stderr when it was refused. */
  readonly ready: Promise<number>;
}

/** Reads the child's stdout until `ready <pid>`; rejects with stderr when it exits first. */
const awaitReady = (child: ChildProcess): Promise<number> =>
  new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.once('close', (code, signal) => reject(new Error(`holder exited (${code ?? signal}): ${err.trim()}`)));
  });

/** A lock holder as a direct child of the test (reaped by node as soon as it dies). */
export const startHolder = (dir: string, env: NodeJS.ProcessEnv = process.env): Holder => {
  const child = spawn(process.execPath, [LOCK_HOLDER, dir], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const ready = awaitReady(child);
  ready.catch(() => undefined);
  return { child, ready };
};

/**
 * A lock holder whose parent never reaps it: `sh` starts it in the background and then becomes
 * `sleep`, so once killed the holder stays a zombie (its pid still answers kill(pid, 0)).
 */
export const startUnreapedHolder = (dir: string): Holder => {
  const child = spawn('sh', ['-c', `"${process.execPath}" "${LOCK_HOLDER}" "${dir}" & exec sleep 60`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = awaitReady(child);
  ready.catch(() => undefined);
  return { child, ready };
};

/** The state letter of /proc/<pid>/stat (R, S, Z, ...), or null once the pid is gone. */
export const processState = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return null;
  }
};

export const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
