import { ChildProcess, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Azurite's blob service on a free loopback port with its own temp folder, for tests. */

export interface RunningAzurite {
  readonly connectionString: string;
  /** The blob service's loopback port (a test may put a proxy in front of it). */
  readonly port: number;
  /** The connection string of the same account reached through another loopback port (e.g. a proxy's). */
  connectionStringVia(port: number): string;
  /** Stops the emulator and removes its folder. */
  stop(): Promise<void>;
  /** Stops the emulator's process (SIGTERM), keeping its folder: its port refuses connections until resume(). */
  pause(): Promise<void>;
  /** Starts the emulator again on the same port with the same folder (containers and blobs kept); resolves once it listens. */
  resume(): Promise<void>;
  /** pause() then resume(). */
  restart(): Promise<void>;
}

/** The emulator's documented development account; its key is public. */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;

export async function startAzurite(): Promise<RunningAzurite> {
  const location = await mkdtemp(join(tmpdir(), 'azurite-'));
  const port = await freeLoopbackPort();
  let stderr = '';
  const launch = (): ChildProcess => {
    const started = spawn(
      process.execPath,
      [azuriteBlobScript(), '--blobHost', HOST, '--blobPort', String(port), '--location', location, '--silent', '--skipApiVersionCheck', '--loose'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    return started;
  };
  let child = launch();
  const stop = async (): Promise<void> => {
    await stopProcess(child);
    await rm(location, { recursive: true, force: true });
  };
  const pause = (): Promise<void> => stopProcess(child);
  const resume = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) return;
    child = launch();
    await waitUntilListening(child, port, () => stderr);
  };
  try {
    await waitUntilListening(child, port, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  const connectionStringVia = (blobPort: number): string =>
    `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};` +
    `BlobEndpoint=http://${HOST}:${blobPort}/${ACCOUNT};`;
  return {
    connectionString: connectionStringVia(port),
    port,
    connectionStringVia,
    stop,
    pause,
    resume,
    restart: async () => {
      await pause();
      await resume();
    },
  };
}

/**
 * The script behind node_modules/.bin/azurite-blob of the workspace root (test/dist/support → ../../..),
 * run with this very node rather than whichever `node` is first on PATH.
 */
function azuriteBlobScript(): string {
  return realpathSync(resolve(__dirname, '..', '..', '..', 'node_modules', '.bin', 'azurite-blob'));
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, HOST, done);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

async function waitUntilListening(child: ChildProcess, port: number, stderr: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`azurite-blob exited (${child.exitCode ?? child.signalCode}) before listening: ${stderr()}`);
    }
    if (await accepts(port)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`azurite-blob did not listen on ${HOST}:${port} within ${START_TIMEOUT_MS} ms: ${stderr()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => {
      socket.destroy();
      answer(false);
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}
