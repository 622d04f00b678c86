import { expect } from 'chai';
import { TestService } from '../support/test-service';
import { aRead, OPERATOR, startAdminDesk, TOKENS } from './support/admin-desk';

const SLA = '/apis/admin/accounts/acme/settings/slaPolicies';
const put = (svc: TestService, route: string, body: unknown, token: string = TOKENS.acmeAdmin, headers: Record<string, string> = {}) =>
  svc.api('PUT', route, { token, body, headers });

describe('settings sections and accounts through the admin API (docs/api/admin.md)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startAdminDesk();
  });
  after(async () => svc.stop());

  it('given the file\'s SLA policies at version 0, when an admin replaces them with If-Match "0", then the answer has version 1 and the read has the new value', async () => {
    // given
    const before = await svc.api('GET', SLA, { token: TOKENS.acmeAdmin });
    expect(before.body.version).to.equal(0);
    expect(before.headers.get('etag')).to.equal('"0"');
    // when
    const value = [{ label: 'First Response', metric: 'firstResponse', targetMinutes: 45 }];
    const changed = await put(svc, SLA, { value }, TOKENS.acmeAdmin, { 'If-Match': '"0"' });
    // then
    expect(changed.status).to.equal(200);
    expect(changed.body).to.deep.equal({ accountId: 'acme', section: 'slaPolicies', version: 1, value });
    const after = await svc.api('GET', SLA, { token: TOKENS.acmeAdmin });
    expect(after.body).to.deep.include({ version: 1, value });
  });

  it('given two changes made on one version, when both are sent, then one is taken and the other refused 412 with the current version, never lost silently', async () => {
    // given
    const { version } = (await svc.api('GET', SLA, { token: TOKENS.acmeAdmin })).body;
    // when
    const answers = await Promise.all([10, 20].map((targetMinutes) => put(svc, SLA, { value: [{ label: 'R', metric: 'resolution', targetMinutes }], expectedVersion: version })));
    // then
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 412]);
    const refused = answers.find((a) => a.status === 412)!;
    expect(refused.body).to.include({ currentVersion: version + 1 });
    const taken = answers.find((a) => a.status === 200)!;
    expect((await svc.api('GET', SLA, { token: TOKENS.acmeAdmin })).body.value).to.deep.equal(taken.body.value);
  });

  it('given invalid changes (an unknown key, a value out of range, a task naming no team, no version, an unknown section), when sent, then each is a 4xx naming what to fix and nothing changes', async () => {
    // given
    const before = await svc.api('GET', SLA, { token: TOKENS.acmeAdmin });
    const tasksBefore = await svc.api('GET', '/apis/admin/accounts/acme/settings/tasks', { token: TOKENS.acmeAdmin });
    // when
    const answers = await Promise.all([
      put(svc, SLA, { value: [{ label: 'X', metric: 'firstResponse', targetMinute: 5, targetMinutes: 5 }], expectedVersion: before.body.version }),
      put(svc, SLA, { value: [{ label: 'X', metric: 'firstResponse', targetMinutes: 0 }], expectedVersion: before.body.version }),
      put(svc, '/apis/admin/accounts/acme/settings/tasks', { value: [{ id: 't', name: 'T', teamId: 'no-such-team' }], expectedVersion: tasksBefore.body.version }),
      put(svc, SLA, { value: [] }),
      put(svc, '/apis/admin/accounts/acme/settings/chatApp', { value: {}, expectedVersion: 0 }),
    ]);
    // then
    expect(answers.map((a) => a.status)).to.deep.equal([400, 400, 400, 428, 400]);
    expect(answers[0].body.message).to.contain('slaPolicies[0].targetMinute is not an accepted key');
    expect(answers[1].body.message).to.contain('slaPolicies[0].targetMinutes must be a positive integer');
    expect(answers[2].body.message).to.contain('tasks[0].teamId names no team of this account ("no-such-team")');
    expect(answers[4].body.message).to.contain('"chatApp" is not a settings section');
    expect((await svc.api('GET', SLA, { token: TOKENS.acmeAdmin })).body).to.deep.equal(before.body);
    expect((await svc.api('GET', '/apis/admin/accounts/acme/settings/tasks', { token: TOKENS.acmeAdmin })).body).to.deep.equal(tasksBefore.body);
  });

  it('given the rate limits, when an account admin changes them, then 403: only the operator may, and the operator can', async () => {
    const value = { manualTicket: { perMinute: 7 } };
    const refused = await put(svc, '/apis/admin/accounts/acme/settings/rateLimits', { value, expectedVersion: 0 });
    const taken = await put(svc, '/apis/admin/accounts/acme/settings/rateLimits', { value, expectedVersion: 0 }, OPERATOR);
    expect([refused.status, taken.status]).to.deep.equal([403, 200]);
  });

  it('given the operator, when it makes an account, renames it and suspends it, then its tokens answer 403 until it is reinstated', async () => {
    // when
    const made = await svc.api('POST', '/apis/admin/accounts', { token: OPERATOR, body: { id: 'initech', name: 'Initech' } });
    const renamed = await svc.api('PATCH', '/apis/admin/accounts/initech', { token: OPERATOR, body: { name: 'Initech Ltd', expectedVersion: 1 } });
    // then
    expect(made.status).to.equal(201);
    expect(renamed.body).to.include({ name: 'Initech Ltd', version: 2, suspended: false });
    expect((await svc.api('POST', '/apis/admin/accounts', { token: OPERATOR, body: { id: 'acme', name: 'Again' } })).status).to.equal(409);
    // and a suspended account's tokens are refused
    const suspended = await svc.api('PATCH', '/apis/admin/accounts/globex', { token: OPERATOR, body: { suspended: true }, headers: { 'If-Match': '"0"' } });
    expect(suspended.body).to.include({ suspended: true, version: 1 });
    const refused = await aRead(svc, TOKENS.globexAdmin);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.contain('"globex" is suspended');
    await svc.api('PATCH', '/apis/admin/accounts/globex', { token: OPERATOR, body: { suspended: false, expectedVersion: 1 } });
    expect((await aRead(svc, TOKENS.globexAdmin)).status).to.equal(200);
  });

  it('given an account admin, when it makes or changes an account, then 403: accounts are the operator\'s', async () => {
    const made = await svc.api('POST', '/apis/admin/accounts', { token: TOKENS.acmeAdmin, body: { id: 'mine', name: 'Mine' } });
    expect(made.status).to.equal(403);
    expect(made.body.message).to.contain('Only the operator');
  });
});
