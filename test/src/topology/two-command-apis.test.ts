import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findNginx } from '@support/app';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { TestService } from '../support/test-service';
import { parsePrometheus, total } from '../metrics/prometheus-text';
import { describeAnswers, emailsAtOnce, recordedEmailCounts } from '../tickets/lifecycle/commands-at-once';
import { newTicket } from '../tickets/lifecycle/support';
import { createTicket, freshPhone } from '../tickets/create/support/ticket-service';
import { FakeExternal, startFakeExternal } from '../tickets/create/support/fake-external';
import { edgeApi } from './support/edge-api';
import { freePort, HOST, Proc, startComponent, printOutputsIfFailed, startEdge, stopAll, stopGently } from './support/processes';

/**
 * Every account's limits lifted but globex's, which keeps the defaults (5 manual tickets a minute per
 * token); every external URL (store, integration, execute actions) at the fake.
 */
const configWithGlobexLimited = (fake: FakeExternal) => {
  const config = withoutRateLimits(exampleConfig());
  delete config.accounts.find((a) => a.id === 'globex')!.rateLimits;
  return JSON.parse(JSON.stringify(config).replace(/http:\/\/127\.0\.0\.1:40\d\d/g, fake.url)) as typeof config;
};

/**
 * Command-api scaled out: two command-api processes behind nginx (which spreads the requests over
 * them), with projectors and query-api, over one DATA_DIR (the SQLite log, read models and queue).
 * Commands to one ticket from both processes race for its stream; each process decides its own
 * one after another, and a race lost to the other process is decided again until the deadline.
 * Skipped without nginx unless REQUIRE_NGINX=1 (CI), which fails instead.
 */
const COMMAND_APIS = ['command-api-1', 'command-api-2'] as const;
const PROCESSES = ['projectors', 'query-api', ...COMMAND_APIS, 'nginx'] as const;
type Name = (typeof PROCESSES)[number];

/** What one command-api process did, from its /metrics. */
const countsOf = async (port: number) => {
  const families = parsePrometheus(await (await fetch(`http://${HOST}:${port}/metrics`)).text());
  return {
    emailsAnswered: total(families, 'support_http_requests_total', { method: 'POST', route: '/apis/tickets/:ticketId/emails' }),
    appendsRefused: total(families, 'support_event_store_append_duration_seconds', { outcome: 'wrong_expected_version' }),
    ticketsAnswered: total(families, 'support_http_requests_total', { method: 'POST', route: '/apis/tickets/manual' }),
  };
};

describe('two command-api processes behind nginx (projectors and query-api beside them, one DATA_DIR)', function () {
  this.timeout(60_000);
  const ports = {} as Record<Name, number>;
  const procs = {} as Partial<Record<Name, Proc>>;
  let workDir: string | undefined;
  let edge: TestService;
  let start: (name: Name, component: string) => Promise<Proc>;
  let fake: FakeExternal;

  before(async function () {
    this.timeout(90_000);
    const nginx = await findNginx();
    if (nginx === null) {
      if (process.env.REQUIRE_NGINX === '1') throw new Error('nginx is not installed (apt-get install nginx; or NGINX_BIN) but REQUIRE_NGINX=1');
      // eslint-disable-next-line no-console
      console.log('      skipped: nginx is not installed (apt-get install nginx; or NGINX_BIN)');
      this.skip();
    }
    fake = await startFakeExternal();
    workDir = mkdtempSync(path.join(os.tmpdir(), 'two-command-apis-'));
    // nginx's workers (not root when its master is) write their temporary files under it.
    chmodSync(workDir, 0o755);
    const configFile = path.join(workDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(configWithGlobexLimited(fake)));
    for (const name of PROCESSES) ports[name] = await freePort();
    const edgeUrl = `http://${HOST}:${ports.nginx}`;
    edge = edgeApi(edgeUrl) as TestService;
    const env = { PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, PUBLIC_BASE_URL: edgeUrl, LOG_LEVEL: 'warn' };
    start = (name: Name, component: string) => startComponent(component, ports[name], env, (proc) => {
      procs[name] = proc;
    });
    // The projectors first: they make the read models' tables.
    await start('projectors', 'projectors');
    await Promise.all([start('query-api', 'query-api'), ...COMMAND_APIS.map((name) => start(name, 'command-api'))]);
    procs.nginx = await startEdge(nginx!, workDir, {
      listen: `${HOST}:${ports.nginx}`, commandApi: COMMAND_APIS.map((name) => `${HOST}:${ports[name]}`), queryApi: `${HOST}:${ports['query-api']}`,
    });
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    await fake?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('given a ticket, when 50 emails with distinct message ids are posted to it at once through nginx, then both processes decide them, all answer 2xx and each is on the ticket once', async () => {
    // given
    const ticketId = await newTicket(edge);
    const before = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    // when
    const sent = await emailsAtOnce(edge, ticketId, 50, 'two-processes');
    const after = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    const served = after.map((a, i) => a.emailsAnswered - before[i].emailsAnswered);
    const refused = after.map((a, i) => a.appendsRefused - before[i].appendsRefused);
    // eslint-disable-next-line no-console
    console.log(`      ${describeAnswers('50 emails to one ticket, two command-api processes', sent)}; answered by each: ${served.join(' + ')}; appends lost to the other process: ${refused.join(' + ')}`);
    // then
    expect(sent.answers.filter((a) => a.status < 200 || a.status > 299).map((a) => `${a.status} ${a.text}`)).to.deep.equal([]);
    expect(served.every((n) => n > 0), 'each command-api process answered some of them').to.equal(true);
    const counts = await recordedEmailCounts(edge, ticketId);
    expect([...counts.keys()].sort()).to.deep.equal(Array.from({ length: 50 }, (_, i) => `two-processes-${i}`).sort());
    expect([...counts.values()].every((n) => n === 1), 'each message recorded once').to.equal(true);
  });

  it('given fifty identical creates for one new customer on a task with an execute action, when sent at once through nginx (over both processes), then one customer and one ticket are made, and the action is called once', async () => {
    // given
    const body = { customer: { phone: freshPhone(), name: 'Crowd' }, query: 'all at once, two processes', taskName: 'Refund Request' };
    const before = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    fake.reset();
    // when
    const results = await Promise.all(Array.from({ length: 50 }, () => createTicket(edge, body)));
    // then
    const after = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    expect(after.every((a, i) => a.ticketsAnswered > before[i].ticketsAnswered), 'each command-api process answered some of them').to.equal(true);
    expect(results.filter((r) => r.status !== 200 && r.status !== 503).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).to.deep.equal([]);
    const answered = results.filter((r) => r.status === 200).map((r) => r.body);
    expect(new Set(answered.map((b) => b.ticketId)).size).to.equal(1);
    expect(new Set(answered.map((b) => b.customer.id)).size).to.equal(1);
    expect(fake.calls('/notify').length, 'the action of the task, called by the request that made the ticket only').to.equal(1);
  });

  it('given the default 5 manual tickets a minute per token, when one token creates 12 tickets one after another through nginx (over both processes) and once more to the restarted process and through nginx after one process restarts, then exactly 5 answer 200 and every other 429', async () => {
    // given
    const create = async (i: number, via: Pick<TestService, 'api'> = edge) => (await createTicket(via as TestService, { customer: { phone: freshPhone() }, query: `limited ${i}` }, TOKENS.globexAdmin)).status;
    const before = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    // when
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await create(i));
    const afterBurst = await Promise.all(COMMAND_APIS.map((name) => countsOf(ports[name])));
    await stopGently(procs['command-api-1']);
    await start('command-api-1', 'command-api');
    const afterRestart = [await create(12, edgeApi(`http://${HOST}:${ports['command-api-1']}`)), await create(13)];
    // then
    expect(afterBurst.every((a, i) => a.ticketsAnswered > before[i].ticketsAnswered), 'each command-api process answered some of them').to.equal(true);
    expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(afterRestart, 'the counts outlive the restart').to.deep.equal([429, 429]);
  });
});
