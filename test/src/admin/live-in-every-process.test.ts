import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findNginx } from '@support/app';
import { exampleConfig, withoutRateLimits } from '../support/example-config';
import { TestService } from '../support/test-service';
import { edgeApi } from '../topology/support/edge-api';
import { freePort, HOST, Proc, printOutputsIfFailed, startComponent, startEdge, stopAll, stopGently } from '../topology/support/processes';
import { OPERATOR } from './support/admin-desk';

/**
 * The admin changes live in every process (docs/api/admin.md): projectors, query-api and two
 * command-api processes behind nginx over one DATA_DIR, no restart between a change and its use.
 * Skipped without nginx unless REQUIRE_NGINX=1.
 */
const PROCESSES = ['projectors', 'query-api', 'command-api-1', 'command-api-2', 'nginx'] as const;
type Name = (typeof PROCESSES)[number];

/** The target: a change made through one process applies in every process within a second of its answer. */
const LIVE_WITHIN_MS = 1_000;

/** Sends `request` until `done` holds of its answer (the last answer when the time is up). */
const within = async <A>(ms: number, request: () => Promise<A>, done: (answer: A) => boolean): Promise<A> => {
  const until = Date.now() + ms;
  for (;;) {
    const answer = await request();
    if (done(answer) || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const INITECH_USERS = [
  { id: 'i-admin', name: 'Ines', email: 'ines@initech.example', role: 'admin' },
  { id: 'i-agent', name: 'Ivo', email: 'ivo@initech.example', role: 'agent' },
];

describe('admin changes live in every process (two command-apis, query-api, projectors, nginx)', function () {
  this.timeout(60_000);
  const ports = {} as Record<Name, number>;
  const procs = {} as Partial<Record<Name, Proc>>;
  let workDir: string | undefined;
  let edge: TestService;
  let direct: (name: Name) => TestService;
  let start: (name: Name, component: string) => Promise<Proc>;
  let agentToken: string;

  before(async function () {
    this.timeout(90_000);
    const nginx = await findNginx();
    if (nginx === null) {
      if (process.env.REQUIRE_NGINX === '1') throw new Error('nginx is not installed (apt-get install nginx; or NGINX_BIN) but REQUIRE_NGINX=1');
      this.skip();
    }
    workDir = mkdtempSync(path.join(os.tmpdir(), 'admin-live-'));
    chmodSync(workDir, 0o755);
    const configFile = path.join(workDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(withoutRateLimits(exampleConfig())));
    for (const name of PROCESSES) ports[name] = await freePort();
    const edgeUrl = `http://${HOST}:${ports.nginx}`;
    edge = edgeApi(edgeUrl) as TestService;
    direct = (name) => edgeApi(`http://${HOST}:${ports[name]}`) as TestService;
    const env = {
      PATH: process.env.PATH, HOST, DATA_DIR: path.join(workDir, 'data'), CONFIG_FILE: configFile, PUBLIC_BASE_URL: edgeUrl, LOG_LEVEL: 'warn', OPERATOR_TOKEN: OPERATOR, LOG_CHECKPOINT_MS: '200',
    };
    start = (name, component) => startComponent(component, ports[name], env, (proc) => {
      procs[name] = proc;
    });
    await start('projectors', 'projectors');
    await Promise.all([start('query-api', 'query-api'), start('command-api-1', 'command-api'), start('command-api-2', 'command-api')]);
    procs.nginx = await startEdge(nginx!, workDir, {
      listen: `${HOST}:${ports.nginx}`, commandApi: [`${HOST}:${ports['command-api-1']}`, `${HOST}:${ports['command-api-2']}`], queryApi: `${HOST}:${ports['query-api']}`,
    });
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('given the operator, when it makes an account, its users and an agent token through one command-api, then the other command-api takes the token within a second', async () => {
    // when
    const made = await direct('command-api-1').api('POST', '/apis/admin/accounts', { token: OPERATOR, body: { id: 'initech', name: 'Initech' } });
    const users = await direct('command-api-1').api('PUT', '/apis/admin/accounts/initech/settings/users', { token: OPERATOR, body: { value: INITECH_USERS, expectedVersion: 0 } });
    const token = await direct('command-api-1').api('POST', '/apis/admin/accounts/initech/tokens', { token: OPERATOR, body: { userId: 'i-agent', scopes: ['read', 'write'] } });
    // then
    expect([made.status, users.status, token.status]).to.deep.equal([201, 200, 201]);
    agentToken = token.body.token;
    const created = await within(LIVE_WITHIN_MS, () => direct('command-api-2').api('POST', '/apis/tickets/manual', {
      token: agentToken, body: { customer: { phone: '+14155550123' }, query: 'First ticket of Initech' },
    }), (a) => a.status !== 403);
    expect(created.status, created.text).to.equal(200);
    expect((await direct('query-api').api('GET', `/apis/tickets/${created.body.ticketId}`, { token: agentToken })).status).to.equal(200);
  });

  it('given the agent token in use, when it is revoked through one command-api, then the other command-api and query-api answer 401 within a second of the revoke\'s answer', async () => {
    // given
    const tokens = await edge.api('GET', '/apis/admin/accounts/initech/tokens', { token: OPERATOR });
    const id = tokens.body.data.find((t: { userId: string }) => t.userId === 'i-agent').id as string;
    // when
    const revoked = await direct('command-api-1').api('DELETE', `/apis/admin/accounts/initech/tokens/${id}`, { token: OPERATOR });
    const answeredAt = Date.now();
    expect(revoked.status).to.equal(200);
    const refusedAt = async (name: Name, request: () => Promise<{ status: number }>) => {
      for (;;) {
        if ((await request()).status === 401) return Date.now() - answeredAt;
        if (Date.now() - answeredAt > 5_000) return Infinity;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const [commandApi, queryApi] = await Promise.all([
      refusedAt('command-api-2', () => direct('command-api-2').api('POST', '/apis/tickets/manual', { token: agentToken, body: { customer: { phone: '+14155550124' }, query: 'after the revoke' } })),
      refusedAt('query-api', () => direct('query-api').api('GET', '/apis/sla/queue', { token: agentToken })),
    ]);
    // eslint-disable-next-line no-console
    console.log(`      revoked token refused ${commandApi} ms (other command-api) and ${queryApi} ms (query-api) after the revoke's answer`);
    // then
    expect(commandApi).to.be.at.most(LIVE_WITHIN_MS);
    expect(queryApi).to.be.at.most(LIVE_WITHIN_MS);
  });

  it('given an SLA policy changed through one command-api, when the next ticket is made through the other, then within a second its tickets carry the new target', async () => {
    // given
    const acme = await edge.api('GET', '/apis/admin/accounts/acme/settings/slaPolicies', { token: OPERATOR });
    const policies = [{ label: 'First Response', metric: 'firstResponse', targetMinutes: 17 }];
    const changed = await direct('command-api-1').api('PUT', '/apis/admin/accounts/acme/settings/slaPolicies', { token: OPERATOR, body: { value: policies, expectedVersion: acme.body.version } });
    expect(changed.status, changed.text).to.equal(200);
    // when
    let phone = 14155550130;
    const sla = await within(LIVE_WITHIN_MS, async () => {
      const created = await direct('command-api-2').api('POST', '/apis/tickets/manual', { token: 'acme-admin-token-0001', body: { customer: { phone: `+${phone++}` }, query: 'SLA now 17 minutes' } });
      return edge.api('GET', `/apis/tickets/${created.body.ticketId}/sla`, { token: 'acme-admin-token-0001' });
    }, (a) => a.body.targets[0]?.targetMinutes === 17);
    // then
    expect(sla.body.targets.map((t: { label: string; targetMinutes: number }) => [t.label, t.targetMinutes])).to.deep.equal([['First Response', 17]]);
  });

  it('given the changes made, when they are read from the verifiable log, then each is an event there with an inclusion proof', async () => {
    // when
    const feed = await edge.api('GET', '/admin/events?prefix=account_admin-', { token: OPERATOR });
    const events = feed.text.trim().split('\n').map((l) => JSON.parse(l));
    // then
    expect(events.map((e) => e.type)).to.include.members(['AccountCreated', 'AccountSettingsChanged', 'AccessTokenCreated', 'AccessTokenRevoked']);
    expect(events.every((e) => e.data.byId === 'operator')).to.equal(true);
    const last = events[events.length - 1];
    let proof = await edge.api('GET', `/admin/log/inclusion?position=${last.position}`, { token: OPERATOR });
    for (let i = 0; i < 100 && proof.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      proof = await edge.api('GET', `/admin/log/inclusion?position=${last.position}`, { token: OPERATOR });
    }
    expect(proof.status, proof.text).to.equal(200);
  });

  it('given the changes made, when a command-api restarts, then it keeps every one: the account, the SLA target and the revocation', async () => {
    // when
    await stopGently(procs['command-api-2']);
    await start('command-api-2', 'command-api');
    // then
    const again = direct('command-api-2');
    expect((await again.api('POST', '/apis/tickets/manual', { token: agentToken, body: { customer: { phone: '+14155550126' }, query: 'after restart' } })).status).to.equal(401);
    const created = await again.api('POST', '/apis/tickets/manual', { token: 'acme-admin-token-0001', body: { customer: { phone: '+14155550127' }, query: 'after restart' } });
    const sla = await edge.api('GET', `/apis/tickets/${created.body.ticketId}/sla`, { token: 'acme-admin-token-0001' });
    expect(sla.body.targets[0].targetMinutes).to.equal(17);
  });
});
