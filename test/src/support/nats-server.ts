import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** A throwaway nats-server with JetStream, listening on a loopback port. */
export interface NatsServer {
  readonly url: string;
  /** Stops the server and removes its store. */
  stop(): Promise<void>;
  /**
   * Stops the server (SIGTERM, as an operator would) and starts it again on the same port with the
   * same store (its streams, consumers and dedupe ids kept); resolves once it accepts connections.
   * `downForMs` keeps it stopped that long in between.
   */
  restart(options?: { readonly downForMs?: number }): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const READY_TIMEOUT_MS = 10_000;

/**
 * Starts `nats-server -js` on a free loopback port with its store in a temporary folder.
 * Answers null when no `nats-server` is on PATH, so callers can skip (or fail, when they require it).
 */
export async function startNatsServer(): Promise<NatsServer | null> {
  const binary = await findOnPath('nats-server');
  if (binary === null) return null;
  const storeDir = await mkdtemp(join(tmpdir(), 'nats-js-'));
  const port = await freeLoopbackPort();
  const launch = (): { child: ChildProcess; stderr: () => string } => {
    const started = spawn(binary, ['-js', '-a', LOOPBACK, '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    return { child: started, stderr: collectTail(started) };
  };
  let current = launch();
  const stop = async (): Promise<void> => {
    await killAndWait(current.child);
    await rm(storeDir, { recursive: true, force: true });
  };
  const restart = async (options: { readonly downForMs?: number } = {}): Promise<void> => {
    await killAndWait(current.child);
    if ((options.downForMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, options.downForMs));
    current = launch();
    await waitUntilAccepting(port, current.child, current.stderr);
  };
  try {
    await waitUntilAccepting(port, current.child, current.stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `nats://${LOOPBACK}:${port}`, stop, restart };
}

async function findOnPath(name: string): Promise<string | null> {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free loopback port'))));
    });
  });
}

function collectTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  });
  return () => tail;
}

async function waitUntilAccepting(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nats-server exited before accepting connections: ${stderr()}`);
    }
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nats-server did not accept connections on port ${port} within ${READY_TIMEOUT_MS} ms: ${stderr()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: LOOPBACK, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
