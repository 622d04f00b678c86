import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { TestService } from '../support/test-service';
import { parsePrometheus, total } from '../metrics/prometheus-text';
import { newTicket } from '../tickets/lifecycle/support';
import { edgeApi } from './support/edge-api';
import { freePort, HOST, Proc, printOutputsIfFailed, startComponent, stopAll, waitUntil } from './support/processes';

/**
 * The projectors process stops applying events (frozen with SIGSTOP, as a hung process is): a
 * command waits its 5 s for its read models and answers without them; the gateway's readiness then
 * says so (503 `projections_behind`), and its metric shows how long the oldest unapplied event has
 * waited. When the projectors go on, both come back.
 */
const PROCESSES = ['projectors', 'command-api'] as const;
type Name = (typeof PROCESSES)[number];

describe('read models behind the log (projectors frozen beside a command-api process)', function () {
  this.timeout(60_000);
  const ports = {} as Record<Name, number>;
  const procs = {} as Partial<Record<Name, Proc>>;
  let workDir: string | undefined;
  let gateway: TestService;

  before(async function () {
    this.timeout(90_000);
    workDir = mkdtempSync(path.join(os.tmpdir(), 'projections-behind-'));
    const configFile = path.join(workDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(withoutRateLimits(exampleConfig())));
    for (const name of PROCESSES) ports[name] = await freePort();
    const env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, LOG_LEVEL: 'warn' };
    for (const name of PROCESSES) procs[name] = await startComponent(name, ports[name], env, (proc) => (procs[name] = proc));
    gateway = edgeApi(`http://${HOST}:${ports['command-api']}`) as TestService;
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    procs.projectors?.child.kill('SIGCONT');
    await stopAll(procs);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  const ready = async () => gateway.api('GET', '/health/ready');
  const delaySeconds = async () => total(parsePrometheus(await (await fetch(`http://${HOST}:${ports['command-api']}/metrics`)).text()), 'support_projection_delay_seconds', { read_model: 'tickets' });

  it('given the projectors frozen, when a ticket is created, then the gateway answers 503 projections_behind on /health/ready and its delay metric passes 5 s; when they go on, ready 200 again and the delay 0', async () => {
    // given
    expect((await ready()).status).to.equal(200);
    procs.projectors!.child.kill('SIGSTOP');
    // when
    await newTicket(gateway);
    // then
    await waitUntil('ready answering projections_behind', async () => (await ready()).status === 503, 5_000);
    const behind = await ready();
    expect(behind.body.status).to.equal('projections_behind');
    expect(behind.body.readModels).to.include('tickets');
    expect(await delaySeconds()).to.be.greaterThan(5);
    // when the projectors go on
    procs.projectors!.child.kill('SIGCONT');
    // then
    await waitUntil('ready again', async () => (await ready()).status === 200, 10_000);
    await waitUntil('the delay back to 0', async () => (await delaySeconds()) === 0, 5_000);
  });
});
