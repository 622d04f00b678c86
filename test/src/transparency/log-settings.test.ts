import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { readSettings } from '@support/app';
import { Logger } from '@support/domain';
import { createTicket, OPERATOR_TOKEN, startAuditedService } from '../audit/audit-service';
import { eventually, sleep } from '../support/eventually';

/** A logger that keeps every message with its fields as JSON, to look for a secret in. */
const capturingLogger = (): Logger & { text: () => string } => {
  const lines: string[] = [];
  const keep = (message: string, fields?: unknown) => void lines.push(JSON.stringify({ message, fields }));
  return { info: keep, warn: keep, error: keep, text: () => lines.join('\n') };
};

describe('transparency: the log\'s settings and signing key', function () {
  this.timeout(60_000);

  it('given a bad LOG_ORIGIN, LOG_CHECKPOINT_MS or LOG_TREE, then the start stops naming what is accepted', () => {
    expect(() => readSettings({ LOG_ORIGIN: 'my log' })).to.throw('LOG_ORIGIN must hold no spaces and no "+", got "my log"');
    expect(() => readSettings({ LOG_CHECKPOINT_MS: '50' })).to.throw('LOG_CHECKPOINT_MS must be a whole number of milliseconds, at least 100, got "50"');
    expect(() => readSettings({ LOG_TREE: 'maybe' })).to.throw('LOG_TREE must be on or off, got "maybe"');
    expect(readSettings({})).to.include({ logOrigin: 'support-service/log', logCheckpointMs: 5_000, logTree: true });
  });

  it('given no LOG_SIGNING_KEY, then a key is generated once in DATA_DIR, kept across a restart, and its secret never logged', async () => {
    // given
    const logger = capturingLogger();
    const first = await startAuditedService({ env: { LOG_CHECKPOINT_MS: '100' }, logger });
    await createTicket(first, '+14155550131');
    const key = async (svc: typeof first) => {
      let body: any;
      await eventually(async () => (body = (await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN })).body).verifierKey !== undefined, 'a checkpoint');
      return body.verifierKey as string;
    };
    const before = await key(first);
    const secret = readFileSync(path.join(first.dataDir, 'log-signing.key'), 'utf8').trim();
    await first.stop({ remove: false });
    // when
    const again = await startAuditedService({ dataDir: first.dataDir, env: { LOG_CHECKPOINT_MS: '100' }, logger });
    // then
    expect(await key(again)).to.equal(before);
    expect(secret.length).to.be.at.least(43);
    expect(logger.text()).to.include('log checkpoint signed');
    expect(logger.text()).not.to.include(secret);
    await again.stop({ remove: true });
  });

  it('given LOG_TREE=off, then no checkpoint is signed and the route says so', async () => {
    const svc = await startAuditedService({ env: { LOG_TREE: 'off', LOG_CHECKPOINT_MS: '100' } });
    await createTicket(svc, '+14155550132');
    await sleep(500);
    const res = await svc.api('GET', '/admin/log/checkpoint', { token: OPERATOR_TOKEN });
    expect(res.status).to.equal(404);
    expect(res.headers.get('retry-after')).to.equal('5');
    expect(res.body.message).to.match(/^The log has no checkpoint yet/);
    await svc.stop();
  });
});
