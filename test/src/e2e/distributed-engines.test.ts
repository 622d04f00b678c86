import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { startNatsServer } from '../support/nats-server';
import { startAzurite } from '../support/azurite';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { sendTemplate, startWithFake, syncTemplates, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { downloadCsv, startExport, waitForExport } from '../exports/support/export-api';
import { startBulk, waitForBulk } from '../bulk-updates/support';

/**
 * The whole service on NATS JetStream (jobs) and Azurite (blobs), with the embedded event store and
 * read store: a ticket is created and listed, a template is synced and a message sent and delivered
 * by a worker through JetStream. Skipped without nats-server unless REQUIRE_NATS=1 (CI).
 */
describe('end to end on NATS JetStream and Azurite', function () {
  this.timeout(60_000);
  let nats: Awaited<ReturnType<typeof startNatsServer>>;
  let azurite: Awaited<ReturnType<typeof startAzurite>> | undefined;
  let fake: FakeCloudApi | undefined;
  let svc: TestService | undefined;

  before(async function () {
    nats = await startNatsServer();
    if (nats === null) {
      if (process.env.REQUIRE_NATS === '1') throw new Error('nats-server is not on PATH but REQUIRE_NATS=1');
      this.skip();
    }
    azurite = await startAzurite();
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    svc = await startWithFake(fake, { env: { NATS_URL: nats.url, AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString } });
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
    await azurite?.stop();
    await nats?.stop();
  });

  it('given the distributed engines, then the service reports them in use', () => {
    expect(svc!.running.engines).to.include({ jobQueue: 'nats', blobStore: 'azure' });
  });

  it('creates a ticket and finds it in the list at once', async () => {
    const created = await svc!.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin,
      body: { customer: { name: 'Dana Cruz', phone: '+14155550177' }, subject: 'Late parcel', query: 'My parcel is late', fastResponse: true },
    });
    expect(created.status).to.equal(200);
    const list = await svc!.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: '+14155550177' } });
    expect(list.status).to.equal(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).to.deep.equal([created.body.ticketId]);
  });

  it('syncs templates and delivers a template message through a JetStream worker once', async () => {
    expect((await syncTemplates(svc!)).status).to.equal(200);
    const sent = await sendTemplate(svc!, {
      to: '+14155550188',
      msg_id: 'e2e-1',
      template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Dana', '#77') },
    });
    expect(sent.body.status).to.equal('success');
    const outcome = await waitForOutcome(svc!, sent.body.messageId, 20_000);
    expect(outcome.status).to.equal('sent');
    expect(fake!.delivered().filter((s) => s.body?.to === '+14155550188')).to.have.length(1);
  });

  it('changes tickets in bulk through a JetStream worker, each once', async () => {
    const list = await svc!.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: '+14155550177' } });
    const ids = list.body.data.map((t: { id: string }) => t.id);
    const started = await startBulk(svc!, { ticketIds: [...ids, 'no-such-ticket'], changes: { assign: { agentId: 'u-agent' } } });
    expect(started.status, started.text).to.equal(202);
    const done = await waitForBulk(svc!, started.body.jobId, ['succeeded'], 30_000);
    expect(done.body.job).to.include({ processed: ids.length + 1, changed: ids.length, refused: 1 });
  });

  it('exports tickets through a JetStream worker into Azurite, and the signed URL serves the CSV', async () => {
    const started = await startExport(svc!, { phoneNumber: '+14155550177' });
    expect(started.status).to.equal(202);
    expect(started.body.total).to.equal(1);
    const done = await waitForExport(svc!, started.body.jobId, ['succeeded', 'failed'], 30_000);
    expect(done.body.job.status).to.equal('succeeded');
    expect(done.body.downloadUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+\/[^/]+\/ticket-exports\//);
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.status).to.equal(200);
    expect(csv.rows).to.have.length(1);
    expect(csv.rows[0]['Customer Name']).to.equal('Dana Cruz');
  });

  it('stores and signs blobs on Azurite', async () => {
    const blobs = svc!.deps.blobStore;
    await blobs.put('e2e/check.csv', (async function* () { yield 'a,b\n1,2\n'; })(), { contentType: 'text/csv' });
    const url = await blobs.signedReadUrl('e2e/check.csv', { expiresAt: new Date(Date.now() + 15 * 60_000) });
    expect(await (await fetch(url)).text()).to.equal('a,b\n1,2\n');
  });
});
