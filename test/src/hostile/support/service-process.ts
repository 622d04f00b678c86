import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const START_ALL = path.resolve(__dirname, '..', '..', '..', '..', 'app', 'dist', 'start-all.js');

interface ServiceProcess {
  readonly child: ChildProcess;
  /** Base URL once it listens; rejects with stderr when it exits first. */
  readonly url: Promise<string>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** One JSON log line, or null for anything else. */
const parseLogLine = (text: string): Record<string, unknown> | null => {
  try {
    const entry: unknown = JSON.parse(text);
    return typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** `npm start` as a child process (start-all.js) on a free loopback port. */
export const startServiceProcess = (env: NodeJS.ProcessEnv): ServiceProcess => {
  const child = spawn(process.execPath, [START_ALL], {
    env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let listening = false;
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (listening) return; // later lines (access logs) are read and dropped
      stdout += d.toString();
      const lines = stdout.split('\n');
      stdout = lines.pop() ?? '';
      for (const text of lines) {
        const entry = parseLogLine(text);
        if (entry?.message === 'listening' && typeof entry.url === 'string') {
          listening = true;
          stdout = '';
          resolve(entry.url);
          return;
        }
      }
    });
    child.once('exit', () => reject(new Error(`service exited before listening: ${stderr.trim()}`)));
  });
  url.catch(() => undefined);
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stderr })));
  return { child, url, exited };
};

export const waitReady = async (url: string, timeoutMs = 30_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/health/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
};
