import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { READ_MODELS_FILE, SqliteReadModels } from '@support/adapters';
import { readModelShapes, ticketsProjection } from '@support/projectors';
import { writeDocuments } from '../support/sqlite-read-models';
import { startTestService, TestService } from '../support/test-service';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const listed = async (svc: TestService) =>
  (await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 250, sortOrder: 'asc' } })).body;

describe('npm run read-models:rebuild (the operator\'s rebuild from the log)', function () {
  this.timeout(30_000);
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'support-rebuild-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given a stopped service with tickets, when the rebuild runs, then it empties and refills every read model from the log, and the service lists the same tickets', async () => {
    // given
    const config = withoutRateLimits(exampleConfig());
    const first = await startTestService({ config, dataDir });
    for (let i = 0; i < 3; i++) {
      const r = await first.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415777${1000 + i}` }, query: `parcel ${i}` } });
      expect(r.status).to.equal(200);
    }
    const before = await listed(first);
    await first.stop({ remove: false });
    // a document no event made (a read model gone wrong)
    const stale = SqliteReadModels.open(path.join(dataDir, READ_MODELS_FILE));
    await stale.declare(readModelShapes([ticketsProjection]));
    await writeDocuments(stale, 'damage', 'tickets', [{ _id: 'not-from-the-log', accountId: 'acme', status: 'open', createdAt: '2030-01-01T00:00:00.000Z' }]);
    await stale.close();
    const configFile = path.join(dataDir, 'accounts.json');
    writeFileSync(configFile, JSON.stringify(config));
    // when
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'app', 'dist', 'rebuild-read-models.js')], {
      env: { ...process.env, DATA_DIR: dataDir, CONFIG_FILE: configFile, LOG_LEVEL: 'silent' },
    });
    // then
    expect(stdout).to.match(/^read models rebuilt from the log up to \d+\/\d+ in \d+\.\d s: tickets, /);
    const second = await startTestService({ config, dataDir });
    try {
      expect(await listed(second)).to.deep.equal(before);
    } finally {
      await second.stop({ remove: false });
    }
  });
});
