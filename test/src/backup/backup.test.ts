import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestService, TestService } from '../support/test-service';
import { TOKENS } from '../support/example-config';
import { createTicket } from '../exports/support/create-tickets';

const BACKUP = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'backup.js');
const run = promisify(execFile);

/** `npm run backup -- <folder>` as an operator runs it (DATA_DIR names the data directory). */
const backup = (dataDir: string, folder: string) =>
  run(process.execPath, [BACKUP, folder], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });

const listedIds = async (svc: TestService): Promise<string[]> => {
  const res = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 50 } });
  expect(res.status, res.text).to.equal(200);
  return (res.body.data as { id: string }[]).map((t) => t.id).sort();
};

describe('npm run backup: a copy of the data directory taken while the service runs', function () {
  this.timeout(60_000);
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'support-backup-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('given a running service with tickets, when backed up into a new folder, then a service started on that folder lists the same tickets and takes new ones', async () => {
    // given
    const svc = await startTestService();
    let restored: TestService | undefined;
    try {
      for (let i = 0; i < 3; i++) await createTicket(svc, { customer: { phone: `+1415777${String(1000 + i)}` }, query: `parcel ${i}` });
      const before = await listedIds(svc);
      // when
      const folder = path.join(work, 'backup');
      const { stdout } = await backup(svc.dataDir, folder);
      // then
      expect(stdout).to.contain('Restore:');
      expect(readdirSync(folder).sort()).to.include.members(['events.sqlite', 'jobs.sqlite', 'personal-data-keys.sqlite', 'read-models.sqlite', 'url-signing.key', 'webhook-signing.key']);
      await svc.stop();
      restored = await startTestService({ dataDir: folder });
      expect(await listedIds(restored)).to.deep.equal(before);
      // the log's sealed personal values open in the restored service (their keys came along)
      const history = await restored.api('GET', `/apis/tickets/${before[0]}/events`, { token: TOKENS.acmeAdmin });
      expect(history.body.events.find((e: { type: string }) => e.type === 'TicketCreated').data.query).to.match(/^parcel \d$/);
      await createTicket(restored, { customer: { phone: '+14157779999' }, query: 'after the restore' });
      expect(await listedIds(restored)).to.have.length(before.length + 1);
    } finally {
      await restored?.stop({ remove: false });
      await svc.stop().catch(() => undefined);
    }
  });

  it('given a folder that is not empty, when backed up into it, then it refuses and says to use a new or empty folder', async () => {
    // given
    const svc = await startTestService();
    try {
      writeFileSync(path.join(work, 'notes.txt'), 'kept');
      // when
      const failed = await backup(svc.dataDir, work).then(() => null, (e: { code: number; stderr: string }) => e);
      // then
      expect(failed?.code).to.equal(1);
      expect(failed?.stderr).to.match(/is not empty: back up into a new or empty folder/);
      expect(readdirSync(work)).to.deep.equal(['notes.txt']);
    } finally {
      await svc.stop();
    }
  });
});
