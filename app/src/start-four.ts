import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, writeEdgeConfig } from './edge-config';

/**
 * `npm run start:four`: the four components as four processes over one DATA_DIR, nginx in front
 * (deploy/nginx/support.conf). nginx listens on PORT (default 8080); command-api, query-api,
 * projectors and workers on PORT+1 to PORT+4 (their health and metrics). HOST (default 127.0.0.1)
 * for all five; PUBLIC_BASE_URL defaults to nginx's URL. Every other variable (DATA_DIR, NATS_URL...)
 * goes to the components as it is. SIGTERM/SIGINT stop them all. A component that dies (`kill -9`,
 * a crash, or a stop of its own after it had run) is started again alone after 1 s, the others
 * serving meanwhile; one that cannot start (an error within 10 s of its start), or nginx, stops them all.
 */
const COMPONENTS = ['command-api', 'query-api', 'projectors', 'workers'] as const;

/** A component that dies is started again after this. */
const RESTART_DELAY_MS = 1_000;
/** A component that exits with an error within this of its start could not start (a bad configuration, a port in use): starting it again would fail again. */
const START_WINDOW_MS = 10_000;

const failedToStart = (code: number | null, ranMs: number): boolean => code !== null && code !== 0 && ranMs < START_WINDOW_MS;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const main = async () => {
  const port = Number(process.env.PORT?.trim() || 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535 - COMPONENTS.length) fail(`PORT must be an integer from 1 to ${65535 - COMPONENTS.length}, got "${process.env.PORT}"`);
  const host = process.env.HOST?.trim() || '127.0.0.1';
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const baseUrl = process.env.PUBLIC_BASE_URL?.trim() || `http://${hostInUrl}:${port}`;
  const nginx = (await findNginx()) ?? fail('nginx is not installed (looked on PATH, in /usr/sbin and /usr/local/sbin; NGINX_BIN names another): e.g. apt-get install nginx');

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let exitCode = 0;
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'support-edge-'));

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const [name, child] of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM');
    }
  };
  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const startedAt = Date.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      if (!stopping) {
        if (name !== 'nginx' && !failedToStart(code, Date.now() - startedAt)) {
          // Killed, crashed or stopped on its own after it had run: that component alone starts again.
          process.stderr.write(`${name} exited (${signal ?? code}): starting it again in ${RESTART_DELAY_MS / 1000} s\n`);
          setTimeout(() => {
            if (!stopping) start(name, command, args, env);
          }, RESTART_DELAY_MS);
          return;
        }
        process.stderr.write(`${name} exited (${signal ?? code}): stopping the others\n`);
        stopAll(1);
      }
      if ([...children.values()].every((c) => c.exitCode !== null || c.signalCode !== null)) {
        rmSync(prefix, { recursive: true, force: true });
        process.exit(exitCode);
      }
    });
  };

  COMPONENTS.forEach((component, i) => {
    start(component, process.execPath, [path.join(__dirname, `start-${component}.js`)], {
      ...process.env, HOST: host, PORT: String(port + 1 + i), PUBLIC_BASE_URL: baseUrl,
    });
  });
  const nginxArgs = writeEdgeConfig(prefix, { listen: `${hostInUrl}:${port}`, commandApi: `${hostInUrl}:${port + 1}`, queryApi: `${hostInUrl}:${port + 2}` });
  start('nginx', nginx, nginxArgs, process.env);

  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
  process.stdout.write(
    `${baseUrl} (nginx) → command-api ${hostInUrl}:${port + 1}, query-api ${hostInUrl}:${port + 2}, projectors ${hostInUrl}:${port + 3}, workers ${hostInUrl}:${port + 4}\n`,
  );
};

main().catch((e) => fail(`start:four failed: ${(e as Error).message}`));
