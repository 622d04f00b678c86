import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { readFeed, startAuditedService } from '../audit/audit-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';
import { TOKENS } from '../support/example-config';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';
import { verifyConsistency } from '../transparency/rfc9162-consistency';
import { checkpointOfAtLeast as latestCheckpointOf, checkpointRoot, verifyWithSigstore } from '../transparency/api-proofs';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';
import { storedForms, valuesHeld } from './support/files-holding';

const CUSTOMER = { name: 'Philomena Brackwater', phone: '+14155550191', email: 'philomena.brackwater@example.co.uk' };
const SUBJECT = 'Gyroscopic teacup';
const QUERY = 'My gyroscopic teacup wobbles anticlockwise';
const ERASED = [CUSTOMER.name, 'Brackwater', CUSTOMER.phone.slice(1), CUSTOMER.email, SUBJECT, QUERY].flatMap(storedForms);
const KEPT_NAME = 'Octavius Keptwell';
const VERIFY_CLI = path.resolve(__dirname, '..', '..', '..', 'app', 'dist', 'verify-log.js');

const npmRunVerify = (dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const env = { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', LOG_SIGNING_KEY: '' };
    execFile(process.execPath, [VERIFY_CLI], { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

describe('customer erasure, end to end (issue 59\'s "done when"): tickets, emails, an export and webhook deliveries erased; every proof given before still verifies', function () {
  this.timeout(120_000);
  let receiver: WebhookReceiver;
  let svc: TestService;
  let stopped = false;
  const logged: string[] = [];
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) => void logged.push(JSON.stringify({ level, message, ...fields }));

  before(async () => {
    receiver = await startWebhookReceiver();
    svc = await startAuditedService({
      env: { LOG_CHECKPOINT_MS: '150', WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) }, logger: { info: keep('info'), warn: keep('warn'), error: keep('error') },
    });
  });
  after(async () => {
    if (stopped) rmSync(svc.dataDir, { recursive: true, force: true }); else await svc?.stop();
    await receiver?.stop();
  });

  const api = (method: string, route: string, body?: unknown) => svc.api(method, route, { token: TOKENS.acmeAdmin, ...(body === undefined ? {} : { body }) });
  const checkpointOfAtLeast = (size: number) => latestCheckpointOf(svc, size, 15_000);

  it('given a customer with tickets, an email, an export and webhook deliveries, when erased, then no file or log line holds their values, lists and exports are exact with placeholders, old proofs verify and npm run verify passes', async () => {
    // given: a webhook subscription, the customer's two tickets with an email, another customer's ticket
    expect((await api('POST', '/apis/webhooks', { url: receiver.url, eventTypes: ['ticket.created', 'ticket.interaction_added'] })).status).to.equal(201);
    const first = await api('POST', '/apis/tickets/manual', { customer: CUSTOMER, subject: SUBJECT, query: QUERY, fastResponse: true });
    expect(first.status, first.text).to.equal(200);
    const second = await api('POST', '/apis/tickets/manual', { customer: { phone: CUSTOMER.phone }, subject: SUBJECT, query: `${QUERY} again`, forceCreateTicket: true, fastResponse: true });
    const email = await api('POST', `/apis/tickets/${first.body.ticketId}/emails`, {
      messageId: '<teacup@mail.example>', threadId: 'th-teacup', emailClient: 'gmail', from: CUSTOMER.email, to: ['support@acme.example'], sentAt: '2030-01-07T09:00:00Z',
    });
    expect(email.status, email.text).to.equal(200);
    const kept = await api('POST', '/apis/tickets/manual', { customer: { name: KEPT_NAME, phone: '+14155550192' }, subject: 'Kept', query: 'Kept query', fastResponse: true });
    const ticketIds = [first.body.ticketId as string, second.body.ticketId as string];
    await eventually(() => receiver.received.length >= 4, 'the webhooks of the three tickets and the email are delivered', 30_000);
    const before = await exportAndWait(svc);
    expect(before.done.body.job.status).to.equal('succeeded');
    expect((await downloadCsv(before.done.body.downloadUrl)).text).to.include(CUSTOMER.name);
    // and the proofs an auditor took: each event of the customer's tickets, in a signed checkpoint
    const feedBefore = await Promise.all(ticketIds.map(async (id) => (await readFeed(svc, `stream=ticket-${id}`)).events));
    const head = (await readFeed(svc, '')).events.length;
    const older = await checkpointOfAtLeast(head);
    const proofs = await Promise.all(ticketIds.map(async (id) => {
      const res = await svc.api('GET', `/admin/log/tickets/${id}/inclusion`, { token: TOKENS.acmeAdmin });
      expect(res.body.pending, 'every event is in the checkpoint').to.deep.equal([]);
      return res.body as { treeSize: number; checkpoint: string; events: { leafIndex: number; hashes: string[] }[] };
    }));

    // when
    const customerId = first.body.customer.id as string;
    expect((await api('POST', `/apis/customers/${customerId}/erasure`)).status).to.equal(202);
    await eventually(async () => (await api('GET', `/apis/customers/${customerId}/erasure`)).body.status === 'erased', 'the erasure is done', 30_000);

    // then: the list is exact, with placeholders
    await eventually(async () => (await api('POST', '/apis/task-runs/tickets/list', { search: 'brackwater' })).body.total === 0, 'the search no longer finds the name', 10_000);
    const list = await api('POST', '/apis/task-runs/tickets/list', {});
    expect(list.body.total).to.equal(3);
    const erasedRows = list.body.data.filter((t: any) => ticketIds.includes(t.id));
    expect(erasedRows).to.have.length(2);
    for (const row of erasedRows) expect(row.summary, JSON.stringify(row)).to.be.oneOf(['[erased]', null]);
    // an export made before is withdrawn; a new one is exact, with placeholders
    expect((await fetch(before.done.body.downloadUrl)).status).to.equal(410);
    const after = await exportAndWait(svc);
    const csv = await downloadCsv(after.done.body.downloadUrl);
    expect(csv.rows).to.have.length(3);
    expect(csv.text).to.include(KEPT_NAME).and.not.include('Brackwater');
    // every proof given before still verifies, with the independent implementations, over the feed as read now
    const feedAfter = await Promise.all(ticketIds.map(async (id) => (await readFeed(svc, `stream=ticket-${id}`)).events));
    expect(feedAfter.map((f, i) => f.slice(0, feedBefore[i]!.length)), 'the events stored are unchanged').to.deep.equal(feedBefore);
    feedBefore.forEach((lines, t) => lines.forEach((line, i) => verifyWithSigstore(feedAfter[t]![i], proofs[t]!.events[i]!, proofs[t]!.treeSize, proofs[t]!.checkpoint, older.verifierKey)));
    const newer = await checkpointOfAtLeast(older.size + 1);
    const consistency = await svc.api('GET', `/admin/log/consistency?from=${older.size}&to=${newer.size}`, { token: TOKENS.acmeAdmin });
    expect(verifyConsistency(older.size, newer.size, checkpointRoot(older.checkpoint), checkpointRoot(newer.checkpoint), consistency.body.hashes.map((h: string) => Buffer.from(h, 'base64')))).to.equal(true);
    // no file of DATA_DIR holds an erased value, nor does any log line; the other customer's are there
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(svc.dataDir, ERASED)).length === 0, 'no file holds an erased value', 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
    expect(valuesHeld(svc.dataDir, [KEPT_NAME.toLowerCase()]), 'the scan can find a value').to.not.deep.equal([]);
    expect(logged.filter((line) => ERASED.some((v) => line.includes(v)))).to.deep.equal([]);
    expect(kept.status).to.equal(200);
    // and the log verifies as a whole
    await svc.stop({ remove: false });
    stopped = true;
    const verified = await npmRunVerify(svc.dataDir);
    expect(verified.code, verified.stderr).to.equal(0);
    expect(verified.stdout).to.match(/^verified \d+ events up to checkpoint \d+/);
  });
});
