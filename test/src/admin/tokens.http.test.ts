import { expect } from 'chai';
import { TestService } from '../support/test-service';
import { aRead, aWrite, makeToken, OPERATOR, revokeToken, startAdminDesk, TOKENS } from './support/admin-desk';

describe('access tokens through the admin API (docs/api/admin.md)', function () {
  this.timeout(30_000);
  let svc: TestService;
  before(async () => {
    svc = await startAdminDesk();
  });
  after(async () => svc.stop());

  it('given an account admin, when it makes a token with the read scope, then the token is shown once, reads, and is refused a change naming the scope', async () => {
    // when
    const made = await makeToken(svc, { scopes: ['read'], name: 'dashboard' });
    // then
    expect(made.status).to.equal(201);
    expect(made.body).to.include({ userId: 'u-admin', name: 'dashboard', expiresAt: null });
    expect(made.body.scopes).to.deep.equal(['read']);
    expect(made.body.token).to.match(/^sup_[A-Za-z0-9_-]{43}$/);
    expect((await aRead(svc, made.body.token)).status).to.equal(200);
    const write = await aWrite(svc, made.body.token);
    expect(write.status).to.equal(403);
    expect(write.body).to.include({ error: 'Forbidden', requiredScope: 'write' });
    expect(write.body.message).to.contain('lacks the scope "write"');
  });

  it('given tokens made, when the account\'s tokens are listed, then each is there with its scopes and source, never a token or a digest', async () => {
    // given
    const made = await makeToken(svc, { scopes: ['read', 'write'], userId: 'u-agent' });
    await aRead(svc, made.body.token);
    // when
    const listed = await svc.api('GET', '/apis/admin/accounts/acme/tokens', { token: TOKENS.acmeAdmin });
    // then
    expect(listed.status).to.equal(200);
    const mine = listed.body.data.find((t: { id: string }) => t.id === made.body.id);
    expect(mine).to.include({ userId: 'u-agent', source: 'api', revokedAt: null, createdBy: 'tok-admin' });
    expect(listed.body.data.find((t: { id: string }) => t.id === 'tok-admin')).to.include({ source: 'configuration' });
    expect(listed.text).not.to.contain(made.body.token);
    expect(listed.text).not.to.match(/[0-9a-f]{64}/);
  });

  it('given a token, when it is revoked, then its next request answers 401 saying it was revoked, and the list shows when', async () => {
    // given
    const made = await makeToken(svc, { scopes: ['read'] });
    expect((await aRead(svc, made.body.token)).status).to.equal(200);
    // when
    const revoked = await revokeToken(svc, made.body.id);
    // then
    expect(revoked.status).to.equal(200);
    expect(revoked.body).to.include({ id: made.body.id, revoked: true });
    const refused = await aRead(svc, made.body.token);
    expect(refused.status).to.equal(401);
    expect(refused.body.message).to.contain('was revoked');
    const listed = await svc.api('GET', '/apis/admin/accounts/acme/tokens', { token: TOKENS.acmeAdmin });
    expect(listed.body.data.find((t: { id: string }) => t.id === made.body.id).revokedAt).to.equal(revoked.body.revokedAt);
  });

  it('given a token that expires soon, when its time has passed, then it answers 401 saying it expired', async () => {
    // given
    const made = await makeToken(svc, { scopes: ['read'], expiresAt: new Date(Date.now() + 1_500).toISOString() });
    expect((await aRead(svc, made.body.token)).status).to.equal(200);
    // when
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    // then
    const refused = await aRead(svc, made.body.token);
    expect(refused.status).to.equal(401);
    expect(refused.body.message).to.contain('has expired');
  });

  it('given a token with the admin and read scopes, when it makes a token with the write scope, then 403: a token never grants more than its creator holds', async () => {
    // given
    const creator = await makeToken(svc, { scopes: ['admin', 'read'] });
    // when
    const refused = await makeToken(svc, { scopes: ['write'] }, creator.body.token);
    // then
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.contain('cannot grant more than its creator holds: yours lacks write');
  });

  it('given an agent, when a token with the admin scope is asked for it, then 400 naming what an agent holds', async () => {
    const refused = await makeToken(svc, { scopes: ['admin'], userId: 'u-agent' });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.contain('an agent holds read, write, export');
  });

  it('given a scope that does not exist, an unknown key or an expiry in the past, when a token is asked for, then 400 naming it and no token is made', async () => {
    // given
    const before = (await svc.api('GET', '/apis/admin/accounts/acme/tokens', { token: TOKENS.acmeAdmin })).body.data.length;
    // when
    const answers = await Promise.all([
      makeToken(svc, { scopes: ['read', 'superuser'] }),
      makeToken(svc, { scopes: ['read'], role: 'admin' }),
      makeToken(svc, { scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' }),
      makeToken(svc, { scopes: ['read'], userId: 'nobody' }),
    ]);
    // then
    expect(answers.map((a) => a.status)).to.deep.equal([400, 400, 400, 400]);
    expect(answers[0].body.message).to.contain('scopes[1]');
    expect(answers[1].body.message).to.contain('role');
    expect(answers[2].body.message).to.contain('expiresAt must be in the future');
    expect(answers[3].body.message).to.contain('"nobody" is not a user of account "acme"');
    expect((await svc.api('GET', '/apis/admin/accounts/acme/tokens', { token: TOKENS.acmeAdmin })).body.data.length).to.equal(before);
  });

  it('given another account\'s admin token, when it lists or makes acme\'s tokens, then 403 naming its own account', async () => {
    const listed = await svc.api('GET', '/apis/admin/accounts/acme/tokens', { token: TOKENS.globexAdmin });
    const made = await makeToken(svc, { scopes: ['read'] }, TOKENS.globexAdmin);
    expect([listed.status, made.status]).to.deep.equal([403, 403]);
    expect(made.body.message).to.contain('This token is of account "globex"');
  });

  it('given an agent\'s token of the configuration file, when it makes a token, then 403: it lacks the admin scope', async () => {
    const refused = await makeToken(svc, { scopes: ['read'] }, TOKENS.acmeAgent);
    expect(refused.status).to.equal(403);
    expect(refused.body.message).to.contain('lacks the scope "admin"');
  });

  it('given globex\'s only admin token, when it revokes itself, then 409 with the reason and it still works; once another admin token exists it may go, and the operator may revoke the last', async () => {
    // when
    const refused = await revokeToken(svc, 'tok-globex', TOKENS.globexAdmin, 'globex');
    // then
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.contain('last token with the admin scope');
    expect((await aRead(svc, TOKENS.globexAdmin)).status).to.equal(200);
    // and with a second admin token, the first may go, and the second is then the last
    const second = await makeToken(svc, { scopes: ['admin', 'read'] }, TOKENS.globexAdmin, 'globex');
    expect(second.status).to.equal(201);
    expect((await revokeToken(svc, 'tok-globex', TOKENS.globexAdmin, 'globex')).status).to.equal(200);
    expect((await revokeToken(svc, second.body.id, second.body.token, 'globex')).status).to.equal(409);
    expect((await revokeToken(svc, second.body.id, OPERATOR, 'globex')).status, 'the operator may').to.equal(200);
    expect((await aRead(svc, second.body.token)).status).to.equal(401);
  });

  it('given a token of another account, when acme\'s admin revokes it by id, then 404 and it keeps working', async () => {
    const other = await makeToken(svc, { scopes: ['read'], userId: 'u-admin' }, OPERATOR);
    const foreign = await makeToken(svc, { scopes: ['read'], userId: 'g-admin' }, OPERATOR, 'globex');
    expect(other.status).to.equal(201);
    expect((await revokeToken(svc, foreign.body.id)).status).to.equal(404);
    expect((await aRead(svc, foreign.body.token)).status).to.equal(200);
  });
});
