import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** A free loopback port. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Runs `node [nodeFlags] script` pinned to one core (taskset) when taskset is there. */
export const spawnPinned = (core: number, script: string, env: NodeJS.ProcessEnv, nodeFlags: readonly string[] = []): ChildProcess =>
  spawn('taskset', ['-c', String(core), process.execPath, ...nodeFlags, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

/** Pins this process to a core (the load generator's), when taskset is there. */
export const pinSelf = async (core: number): Promise<void> => {
  const p = spawn('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' });
  await once(p, 'exit');
};

/** The first line the child prints on stdout (the bare server's port). */
export const firstLine = async (child: ChildProcess): Promise<string> => {
  let text = '';
  for await (const chunk of child.stdout as NodeJS.ReadableStream) {
    text += String(chunk);
    const newline = text.indexOf('\n');
    if (newline >= 0) return text.slice(0, newline).trim();
  }
  throw new Error('the child printed nothing');
};

export const stop = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
};

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 100 clock ticks a second); null elsewhere. */
export const cpuMsOf = (pid: number | undefined): number | null => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};
