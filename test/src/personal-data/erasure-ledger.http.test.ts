import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { storedForms, valuesHeld } from './support/files-holding';

const BACKUP = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'backup.js');
const run = promisify(execFile);
const NAME = 'Cornelius Restorewell';
const PHONE = '+14155550184';
const LOOKED_FOR = [NAME, PHONE.slice(1), 'Restored teapot query'].flatMap(storedForms);

describe('customer erasure (HTTP): the erasures kept outside DATA_DIR (ERASURES_FILE) are asked again on a DATA_DIR restored from an older backup', function () {
  this.timeout(90_000);
  let outside: string;
  const started: TestService[] = [];
  const start = async (dataDir?: string) => {
    const svc = await startTestService({ config: withoutRateLimits(exampleConfig()), env: { ERASURES_FILE: path.join(outside, 'erasures.jsonl') }, ...(dataDir ? { dataDir } : {}) });
    started.push(svc);
    return svc;
  };
  const erasureOf = async (svc: TestService, customerId: string) => (await svc.api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body;
  before(() => {
    outside = mkdtempSync(path.join(os.tmpdir(), 'erasures-outside-'));
  });
  after(async () => {
    for (const svc of started) await svc.stop().catch(() => undefined);
    rmSync(outside, { recursive: true, force: true });
  });

  it('given a backup taken before a customer\'s erasure, when the service starts on the restored backup, then the erasure is asked again and done, and no file of the restored DATA_DIR holds their values', async () => {
    // given a customer, a backup, then their erasure
    const svc = await start();
    const created = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { name: NAME, phone: PHONE }, query: 'Restored teapot query', fastResponse: true } });
    expect(created.status, created.text).to.equal(200);
    const customerId = created.body.customer.id as string;
    const folder = path.join(outside, 'backup');
    await run(process.execPath, [BACKUP, folder], { env: { ...process.env, DATA_DIR: svc.dataDir, LOG_LEVEL: 'silent' } });
    expect(valuesHeld(folder, LOOKED_FOR), 'the backup holds the values').to.not.deep.equal([]);
    expect((await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
    await eventually(async () => (await erasureOf(svc, customerId)).status === 'erased', 'the erasure is done', 30_000);
    const ledger = readFileSync(path.join(outside, 'erasures.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(ledger.map((e) => ({ customerId: e.customerId, accountId: e.accountId }))).to.deep.include({ customerId, accountId: 'acme' });
    expect(JSON.stringify(ledger)).to.not.include('Restorewell');
    await svc.stop();
    started.length = 0;
    // when the service starts on the restored backup
    const restored = await start(folder);
    // then the erasure is asked again by the ledger and done
    let erasure: any;
    await eventually(async () => (erasure = await erasureOf(restored, customerId)).status === 'erased', 'the erasure is done again', 30_000);
    expect(erasure.requestedBy).to.equal('erasure-ledger');
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(folder, LOOKED_FOR)).length === 0, 'no file of the restored DATA_DIR holds a value', 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
  });

  it('given a customer erased who came back, when the service starts again, then the ledger asks nothing again: their new data stays', async () => {
    // given
    const svc = await start();
    const first = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: '+14155550185' }, query: 'First visit', fastResponse: true } });
    const customerId = first.body.customer.id as string;
    expect((await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
    await eventually(async () => (await erasureOf(svc, customerId)).status === 'erased', 'the erasure is done', 30_000);
    const back = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { name: 'Came Back', phone: '+14155550185' }, query: 'Back again', forceCreateTicket: true, fastResponse: true } });
    expect(back.status, back.text).to.equal(200);
    const erasureId = (await erasureOf(svc, back.body.customer.id)).erasureId;
    const dataDir = svc.dataDir;
    await svc.stop({ remove: false });
    started.length = 0;
    // when
    const again = await start(dataDir);
    // then
    const ticket = (await again.api('GET', `/apis/tickets/${back.body.ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket;
    expect(ticket.query).to.equal('Back again');
    expect((await erasureOf(again, back.body.customer.id)).erasureId).to.equal(erasureId);
    await again.stop();
    started.length = 0;
    rmSync(dataDir, { recursive: true, force: true });
  });
});
