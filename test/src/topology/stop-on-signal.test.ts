import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import { findNginx } from '@support/app';
import { TOKENS } from '../support/example-config';
import { exited, freePorts, HOST, portIsFree, Proc, waitUntil } from './support/processes';
import { descendants, isRunning } from './support/process-tree';

/**
 * The start commands of the operator contract (`npm start`, `npm run start:<component>`,
 * `start:four`) as a supervisor runs them: it signals the pid it started (npm's) and expects the
 * service to stop gracefully (a request in flight answered) and leave nothing behind: no process of
 * its tree, no port held.
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const npmRun = (script: string, env: NodeJS.ProcessEnv): Proc => {
  const child = spawn('npm', ['run', script], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-6000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, tail: () => tail };
};

/** A create whose body is sent in two halves: the first now, the second when `finish` is called. */
const createInTwoHalves = (port: number) => {
  const body = Buffer.from(JSON.stringify({ customer: { name: 'Ines Signal', phone: '+14155550199' }, subject: 'Stopped mid-request', query: 'Does my request survive a stop?', fastResponse: true }));
  let answer!: Promise<{ status: number; text: string }>;
  const req = http.request({
    host: HOST, port, method: 'POST', path: '/apis/tickets/manual',
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, Authorization: `Bearer ${TOKENS.acmeAdmin}` },
  });
  answer = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 20));
  return { finish: () => req.end(body.subarray(20)), answer };
};

interface Case {
  readonly script: string;
  readonly signal: NodeJS.Signals;
  /** Whether it serves the API on its port (a create can be in flight when the signal comes). */
  readonly api: boolean;
  /** Ports it takes, from PORT on. */
  readonly ports: number;
}

const CASES: readonly Case[] = [
  { script: 'start', signal: 'SIGTERM', api: true, ports: 1 },
  { script: 'start', signal: 'SIGINT', api: true, ports: 1 },
  { script: 'start:command-api', signal: 'SIGTERM', api: true, ports: 1 },
  { script: 'start:query-api', signal: 'SIGTERM', api: false, ports: 1 },
  { script: 'start:projectors', signal: 'SIGTERM', api: false, ports: 1 },
  { script: 'start:workers', signal: 'SIGINT', api: false, ports: 1 },
  { script: 'start:four', signal: 'SIGTERM', api: false, ports: 5 },
];

describe('start commands stopped by a signal to the pid that was started', function () {
  this.timeout(90_000);
  let dataDir: string;
  let proc: Proc | undefined;
  /** The processes npm started, seen before the signal: an orphan left by a failed stop is ended by its pid. */
  let tree: number[] = [];

  beforeEach(() => {
    tree = [];
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-signal-'));
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && proc !== undefined) {
      // eslint-disable-next-line no-console
      console.log(`--- npm (last output)\n${proc.tail()}`);
    }
    // Whatever a failed run left behind is ended here, by its pid.
    const left = [...tree, ...(proc?.child.pid !== undefined ? descendants(proc.child.pid) : [])];
    for (const pid of new Set(left)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    proc?.child.kill('SIGKILL');
    proc = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const c of CASES) {
    it(`npm run ${c.script}, ${c.signal}: ${c.api ? 'the create in flight is answered, ' : ''}npm exits 0, no process of its tree is left and the port is free`, async function () {
      if (c.script === 'start:four' && (await findNginx()) === null) {
        if (process.env.REQUIRE_NGINX === '1') throw new Error('nginx is not installed but REQUIRE_NGINX=1');
        this.skip();
      }
      // Given the service started by its npm script
      const port = await freePorts(c.ports);
      proc = npmRun(c.script, { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
      const npm = proc;
      await waitUntil(`${c.script} ready on ${port}`, async () => {
        if (npm.child.exitCode !== null) throw new Error(`npm exited: ${npm.tail()}`);
        return (await fetch(`http://${HOST}:${port}/health/ready`)).status === 200;
      }, 45_000, () => npm.tail());
      tree = descendants(npm.child.pid!);
      expect(tree, 'the processes npm started').to.not.be.empty;
      const create = c.api ? createInTwoHalves(port) : undefined;
      await new Promise((r) => setTimeout(r, 200));

      // When the pid that was started gets the signal, with a request in flight
      npm.child.kill(c.signal);
      if (create !== undefined) {
        await new Promise((r) => setTimeout(r, 500));
        create.finish();
        // Then the request in flight is answered
        const answer = await create.answer;
        expect(answer.status, answer.text).to.equal(200);
      }

      // Then npm exits 0 within the 10 s a stop is given, and nothing of its tree is left
      const stopped = Date.now();
      await Promise.race([exited(npm), new Promise((r) => setTimeout(r, 12_000))]);
      expect(npm.child.exitCode, `npm's exit (${Date.now() - stopped} ms after the signal)`).to.equal(0);
      await waitUntil('every process of the tree gone', async () => tree.every((pid) => !isRunning(pid)), 2_000, () => `still running: ${tree.filter(isRunning).join(', ')}`);
      for (let i = 0; i < c.ports; i++) expect(await portIsFree(port + i), `port ${port + i} free`).to.equal(true);
    });
  }
});

describe('container images: the process the runtime signals is node itself', () => {
  /** An exec-form command `node app/dist/start-….js` (no shell, no npm between the runtime and node) naming a built entry. */
  const expectNodeItself = (command: unknown, where: string) => {
    expect(command, where).to.be.an('array');
    const [program, entry] = command as string[];
    expect(program, where).to.equal('node');
    expect(entry, where).to.match(/^app\/dist\/start-[a-z-]+\.js$/);
    expect(existsSync(path.join(REPO_ROOT, entry)), `${where}: ${entry} is built`).to.equal(true);
  };

  it("the Dockerfile's CMD is exec-form node", () => {
    const cmd = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8').split('\n').filter((l) => l.startsWith('CMD '));
    expect(cmd).to.have.length(1);
    expectNodeItself(JSON.parse(cmd[0].slice(4)), 'Dockerfile CMD');
  });

  it("each component of docker-compose.yml runs exec-form node, with a stop grace period above the drain's 9 s", () => {
    const services = (parseYaml(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { command?: unknown; stop_grace_period?: string }> }).services;
    for (const component of ['command-api', 'query-api', 'projectors', 'workers']) {
      expectNodeItself(services[component].command, component);
      expect(Number.parseInt(services[component].stop_grace_period ?? '10', 10), `${component} stop_grace_period (s)`).to.be.greaterThan(10);
    }
  });
});
