import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { TestService } from '../support/test-service';
import { aRead, aWrite, makeToken, OPERATOR, revokeToken, startAdminDesk, textLogger } from './support/admin-desk';

const filesUnder = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const file = path.join(dir, name);
  return statSync(file).isDirectory() ? filesUnder(file) : [file];
});

describe('tokens are never kept in clear (docs/api/admin.md)', function () {
  this.timeout(30_000);
  const logger = textLogger();
  let svc: TestService;
  let tokens: string[];
  let feed: string;

  before(async () => {
    svc = await startAdminDesk({ logger });
    // given tokens made, used (reads, changes), refused and revoked
    const made = await Promise.all([makeToken(svc, { scopes: ['read', 'write'], name: 'desk' }), makeToken(svc, { scopes: ['read'], userId: 'u-agent' }, OPERATOR)]);
    tokens = made.map((m) => m.body.token as string);
    for (const token of tokens) {
      await aRead(svc, token);
      await aWrite(svc, token);
    }
    await revokeToken(svc, made[1].body.id);
    await aRead(svc, tokens[1]);
    feed = (await svc.api('GET', '/admin/events?prefix=account_admin-', { token: OPERATOR })).text;
    await svc.stop({ remove: false });
  });
  after(() => rmSync(svc.dataDir, { recursive: true, force: true }));

  it('given tokens made and used, when every file of DATA_DIR is scanned, then none holds a token', () => {
    const files = filesUnder(svc.dataDir);
    expect(files.length).to.be.greaterThan(3);
    const holding = files.filter((file) => tokens.some((token) => readFileSync(file).includes(Buffer.from(token))));
    expect(holding).to.deep.equal([]);
  });

  it('given tokens made and used, when the log lines are scanned, then none holds a token', () => {
    expect(logger.lines.length).to.be.greaterThan(0);
    expect(logger.lines.filter((line) => tokens.some((token) => line.includes(token)))).to.deep.equal([]);
  });

  it('given tokens made and revoked, when the admin event feed is read, then each change is there with who and when, and a token only as its digest', () => {
    const events = feed.trim().split('\n').map((line) => JSON.parse(line));
    const created = events.filter((e) => e.type === 'AccessTokenCreated');
    expect(created.map((e) => e.data.byId).sort()).to.deep.equal(['operator', 'tok-admin']);
    expect(created.every((e) => /^[0-9a-f]{64}$/.test(e.data.sha256) && typeof e.data.at === 'string')).to.equal(true);
    expect(events.filter((e) => e.type === 'AccessTokenRevoked').map((e) => e.data.byId)).to.deep.equal(['tok-admin']);
    expect(tokens.some((token) => feed.includes(token))).to.equal(false);
  });
});
