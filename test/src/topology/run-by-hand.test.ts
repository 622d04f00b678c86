import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findNginx } from '@support/app';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';
import { edgeApi } from './support/edge-api';
import { descendants, isRunning } from './support/process-tree';
import { exited, freePort, freePorts, HOST, Proc, printOutputsIfFailed, run, startComponent, stopAll, stopGently, waitUntil } from './support/processes';

/**
 * docs/operations.md's four processes run by hand on one machine: nginx with the configuration
 * `npm run nginx-config` writes, each component with its own PORT, the same DATA_DIR, and
 * PUBLIC_BASE_URL set to nginx's address; and under `npm run start:four`, one component killed -9
 * is started again alone while the others go on. Skipped without nginx unless REQUIRE_NGINX=1 (CI).
 */
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const COMPONENTS = ['command-api', 'query-api', 'projectors', 'workers'] as const;

const requireNginx = async (ctx: Mocha.Context): Promise<void> => {
  if ((await findNginx()) !== null) return;
  if (process.env.REQUIRE_NGINX === '1') throw new Error('nginx is not installed (apt-get install nginx; or NGINX_BIN) but REQUIRE_NGINX=1');
  ctx.skip();
};

/** A ticket of a customer of its own (`phone` differs per call: the same customer's open ticket would be found again). */
const createTicket = (edge: Pick<TestService, 'api'>, name: string, phone: string) =>
  edge.api('POST', '/apis/tickets/manual', {
    token: TOKENS.acmeAdmin, body: { customer: { name, phone }, subject: 'By hand', query: `Run by hand (${name})`, fastResponse: true },
  });

describe('the four processes run by hand behind nginx configured by `npm run nginx-config`', function () {
  this.timeout(90_000);
  const procs: Partial<Record<string, Proc>> = {};
  let workDir: string;

  before(async function () {
    await requireNginx(this);
    workDir = mkdtempSync(path.join(os.tmpdir(), 'by-hand-'));
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('given the generated nginx.conf and the components with PUBLIC_BASE_URL of nginx, then creates, lists and export downloads go through nginx', async () => {
    const ports = Object.fromEntries(await Promise.all([...COMPONENTS, 'nginx'].map(async (c) => [c, await freePort()] as const))) as Record<string, number>;
    const base = `http://${HOST}:${ports.nginx}`;
    // Given the configuration written as the docs show
    const printed = execFileSync('npm', ['run', '--silent', 'nginx-config', '--', path.join(workDir, 'edge'),
      '--listen', `${HOST}:${ports.nginx}`, '--command-api', `${HOST}:${ports['command-api']}`, '--query-api', `${HOST}:${ports['query-api']}`], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const [nginx, ...args] = printed.split(' ');
    expect(readFileSync(path.join(workDir, 'edge', 'nginx.conf'), 'utf8')).to.match(/http \{[\s\S]*include .*support\.conf;/);
    // And the four components, each with its port, the one DATA_DIR and nginx's address as PUBLIC_BASE_URL
    const env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn' };
    procs.projectors = await startComponent('projectors', ports.projectors, env);
    await Promise.all((['command-api', 'query-api', 'workers'] as const).map(async (c) => {
      procs[c] = await startComponent(c, ports[c], env);
    }));
    // When nginx runs with the printed command
    procs.nginx = run(nginx, args, { PATH: process.env.PATH });
    await waitUntil('nginx answering', async () => (await fetch(`${base}/health/ready`)).status === 200, 10_000, () => procs.nginx!.tail());
    const edge = edgeApi(base);

    // Then a create (command-api), the list (query-api) and an export's download all go through it
    const created = await createTicket(edge, 'Hana Hand', '+14155550121');
    expect(created.status, created.text).to.equal(200);
    const list = await edge.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: {} });
    expect(list.status, list.text).to.equal(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).to.include(created.body.ticketId);
    const { done } = await exportAndWait(edge as TestService, {});
    expect(done.body.job?.status, done.text).to.equal('succeeded');
    expect(done.body.downloadUrl).to.satisfy((u: string) => u.startsWith(`${base}/downloads/`));
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.status, csv.text).to.equal(200);
    expect(csv.rows).to.have.length(1);
  });
});

describe('npm run start:four: one component killed -9 is started again alone', function () {
  this.timeout(90_000);
  let dataDir: string;
  let four: Proc | undefined;

  before(async function () {
    await requireNginx(this);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'four-restart-'));
  });

  after(async function () {
    this.timeout(30_000);
    if (this.currentTest?.state === 'failed' && four) {
      // eslint-disable-next-line no-console
      console.log(`--- start:four (last output)\n${four.tail()}`);
    }
    const left = four?.child.pid === undefined ? [] : descendants(four.child.pid);
    await stopGently(four);
    for (const pid of left.filter(isRunning)) process.kill(pid, 'SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The pid of `start-<component>.js` under start:four. */
  const pidOf = (component: string): number | undefined =>
    descendants(four!.child.pid!).find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`start-${component}.js`);
      } catch {
        return false;
      }
    });

  it('given start:four serving, when the projectors are killed -9, then the others go on and the projectors come back on their port', async () => {
    const port = await freePorts(5);
    const base = `http://${HOST}:${port}`;
    // Given start:four ready (its children started with exec node, so the tree is npm → node → components)
    four = run(process.execPath, [path.join(REPO_ROOT, 'app', 'dist', 'start-four.js')], { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    await waitUntil('start:four ready', async () => {
      if (four!.child.exitCode !== null) throw new Error(`start:four exited: ${four!.tail()}`);
      // Each component answers its own readiness (nginx's /health/ready is the query-api's): the creates below go to the command-api.
      const ready = await Promise.all([1, 2, 3].map(async (k) => (await fetch(`http://${HOST}:${port + k}/health/ready`)).status === 200));
      return (await fetch(`${base}/health/ready`)).status === 200 && ready.every(Boolean);
    }, 45_000, () => four!.tail());
    const edge = edgeApi(base);
    expect((await createTicket(edge, 'Before Kill', '+14155550122')).status).to.equal(200);
    const first = pidOf('projectors');
    expect(first, 'the projectors process').to.be.a('number');

    // When the projectors are killed -9
    process.kill(first!, 'SIGKILL');

    // Then start:four and the gateways go on, and a new projectors process serves on its port
    await waitUntil('projectors started again', async () => {
      if (four!.child.exitCode !== null) throw new Error(`start:four exited: ${four!.tail()}`);
      const again = pidOf('projectors');
      return again !== undefined && again !== first && (await fetch(`http://${HOST}:${port + 3}/health/ready`)).status === 200;
    }, 30_000, () => four!.tail());
    expect(four.child.exitCode).to.equal(null);
    const after = await createTicket(edge, 'After Kill', '+14155550123');
    expect(after.status, after.text).to.equal(200);
    const list = await edge.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: {} });
    expect(list.body.total).to.equal(2);
    await stopGently(four);
    await exited(four);
    expect(four.child.exitCode).to.equal(0);
  });
});
