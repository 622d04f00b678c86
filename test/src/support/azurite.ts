import { ChildProcess, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Azurite's blob service on a free loopback port with its own temp folder, for tests. */

export interface RunningAzurite {
  readonly connectionString: string;
  stop(): Promise<void>;
}

/** The emulator's documented development account; its key is public. */
const ACCOUNT = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 15_000;

export async function startAzurite(): Promise<RunningAzurite> {
  const location = await mkdtemp(join(tmpdir(), 'azurite-'));
  const port = await freeLoopbackPort();
  const child = spawn(
    process.execPath,
    [azuriteBlobScript(), '--blobHost', HOST, '--blobPort', String(port), '--location', location, '--silent', '--skipApiVersionCheck', '--loose'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const stop = async (): Promise<void> => {
    await stopProcess(child);
    await rm(location, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(child, port, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    connectionString:
      `DefaultEndpointsProtocol=http;AccountName=${ACCOUNT};AccountKey=${ACCOUNT_KEY};` +
      `BlobEndpoint=http://${HOST}:${port}/${ACCOUNT};`,
    stop,
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
