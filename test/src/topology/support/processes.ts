import { ChildProcess, spawn } from 'node:child_process';
import { AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { EdgeAddresses, writeEdgeConfig } from '@support/app';

/**
 * The distributed topology's processes on one machine: each component as `node
 * app/dist/start-<component>.js` on a port of its own, and nginx (deploy/nginx/support.conf) in
 * front. The topology tests and benchmarks start them with these.
 */
const APP_DIST = path.resolve(__dirname, '..', '..', '..', '..', 'app', 'dist');
export const HOST = '127.0.0.1';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Whether nothing listens on `port` of HOST. */
export const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });

/** A free port with the `count` - 1 after it free too (start:four's nginx and its four components). */
export const freePorts = async (count: number): Promise<number> => {
  for (;;) {
    const port = await freePort();
    if (port + count > 65536) continue;
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => portIsFree(port + 1 + i)));
    if (rest.every(Boolean)) return port;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child process and the last 6,000 characters it printed. */
export interface Proc {
  readonly child: ChildProcess;
  tail(): string;
}

export const run = (command: string, args: string[], env: NodeJS.ProcessEnv): Proc => {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, tail: () => tail };
};

export const exited = (p: Proc): Promise<void> =>
  p.child.exitCode !== null || p.child.signalCode !== null ? Promise.resolve() : new Promise((r) => p.child.once('exit', () => r()));

/** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
export const stopGently = async (p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
  if (p === undefined || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  p.child.kill(signal);
  await exited(p);
  clearTimeout(timer);
};

/** Polls `check` every 50 ms until it answers true; throws (with `detail()`) after `timeoutMs`. */
export const waitUntil = async (what: string, check: () => Promise<boolean>, timeoutMs: number, detail: () => string = () => ''): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms. ${detail()}`);
    await sleep(50);
  }
};

/**
 * Starts a component (`command-api`, `query-api`, `projectors`, `workers`) on `port` and waits until
 * its /health/ready answers 200; `started` hears of the process at once (to show its output should
 * the test fail). One that does not get ready in 30 s is killed and its output thrown.
 */
export const startComponent = async (component: string, port: number, env: NodeJS.ProcessEnv, started: (p: Proc) => void = () => undefined): Promise<Proc> => {
  const proc = run(process.execPath, [path.join(APP_DIST, `start-${component}.js`)], { ...env, PORT: String(port) });
  started(proc);
  try {
    await waitUntil(
      `${component} ready on ${port}`,
      async () => {
        if (proc.child.exitCode !== null || proc.child.signalCode !== null) throw new Error(`${component} exited: ${proc.tail()}`);
        return (await fetch(`http://${HOST}:${port}/health/ready`)).status === 200;
      },
      30_000,
      () => proc.tail(),
    );
  } catch (e) {
    proc.child.kill('SIGKILL');
    throw e;
  }
  return proc;
};

/** nginx in the foreground with support.conf for `addresses` (its files under `workDir`/nginx), once it answers. */
export const startEdge = async (nginx: string, workDir: string, addresses: EdgeAddresses): Promise<Proc> => {
  const proc = run(nginx, writeEdgeConfig(path.join(workDir, 'nginx'), addresses), { PATH: process.env.PATH });
  try {
    await waitUntil('nginx answering', async () => {
      if (proc.child.exitCode !== null) throw new Error(`nginx exited: ${proc.tail()}`);
      return (await fetch(`http://${addresses.listen}/health/live`)).status === 200;
    }, 10_000, () => proc.tail());
  } catch (e) {
    proc.child.kill('SIGKILL');
    throw e;
  }
  return proc;
};

/** After a failed test: the last output of every process, to see why. */
export const printOutputsIfFailed = (test: Mocha.Runnable | undefined, procs: Readonly<Partial<Record<string, Proc>>>): void => {
  if (test?.state !== 'failed') return;
  for (const [name, proc] of Object.entries(procs)) {
    // eslint-disable-next-line no-console
    console.log(`--- ${name} (last output)\n${proc?.tail() ?? ''}`);
  }
};

/** Stops nginx (gracefully: SIGQUIT) first, then every other process. */
export const stopAll = async (procs: Readonly<Partial<Record<string, Proc>>>): Promise<void> => {
  await stopGently(procs.nginx, 'SIGQUIT');
  await Promise.all(Object.entries(procs).filter(([name]) => name !== 'nginx').map(([, proc]) => stopGently(proc)));
};
