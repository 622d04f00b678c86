import { expect } from 'chai';
import { exportJobStream, Logger, messageStream, TICKET_EXPORT_JOB } from '@support/domain';
import { DEAD_LETTERED_EXPORT_ERROR, EXPORT_FAILED_MESSAGE } from '@support/workers';
import { startAzurite, RunningAzurite } from '../support/azurite';
import { eventually, sleep } from '../support/eventually';
import { GatedProxy, startGatedProxy } from '../support/gated-tcp-proxy';
import { NatsServer, startNatsServer } from '../support/nats-server';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { readEvents, sendTemplate, startWithFake, syncTemplates, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { downloadCsv, pollExport, startExport, waitForExport } from '../exports/support/export-api';
import { seedTickets } from '../exports/support/seed-tickets';

/**
 * Issue "faults", point 6: the real nats-server (JetStream, jobs) and the real Azurite (blobs) are
 * stopped under the whole service while it works. NATS restarted during deliveries and during an
 * export: each message is delivered once per msg_id, the export completes once. Azurite stopped
 * during an export's upload: the job ends (failed with a safe message, or succeeded once Azurite is
 * back), never `running` for ever. Azurite sits behind a gated TCP proxy, so a test can catch an
 * upload in the middle (the gate holds its bytes) and stop Azurite or NATS right then.
 * Skipped without nats-server unless REQUIRE_NATS=1 (CI), in which case it fails.
 */

/** How long an export delivery whose file stops moving keeps its job (EXPORT_ACK_WAIT_MS). */
const EXPORT_ACK_WAIT_MS = 3_000;
/** The safe messages a failed export may carry: the worker's last delivery, or the dead-letter sweep. */
const SAFE_EXPORT_ERRORS = [EXPORT_FAILED_MESSAGE, DEAD_LETTERED_EXPORT_ERROR];

interface LogEntry {
  readonly level: string;
  readonly message: string;
  readonly fields?: Record<string, unknown>;
}

/** Keeps the service's log lines, printed when a test fails. */
const keptLogger = (): Logger & { entries: LogEntry[] } => {
  const entries: LogEntry[] = [];
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) => void entries.push({ level, message, fields });
  return { entries, info: keep('info'), warn: keep('warn'), error: keep('error') };
};

const recipient = (n: number) => `+1415556${String(n).padStart(4, '0')}`;
const orderUpdate = (to: string, msgId: string) => ({
  to, msg_id: msgId, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Dana', msgId) },
});

/** Tickets straight into the read model, numbered from `first`, all with the order name the export filters on. */
const seeded = (orderName: string, first: number, n: number) => Array.from({ length: n }, (_, i) => ({
  _id: `${orderName}-${String(i).padStart(5, '0')}`, ticketNumber: first + i, orderName,
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
}));
const numbers = (first: number, n: number) => Array.from({ length: n }, (_, i) => String(first + i));

describe('faults: NATS JetStream restarted and Azurite stopped under the running service (real nats-server and Azurite)', function () {
  this.timeout(90_000);
  let nats: NatsServer | null = null;
  let azurite: RunningAzurite | undefined;
  let gate: GatedProxy | undefined;
  let fake: FakeCloudApi | undefined;
  let svc: TestService | undefined;
  let logger: ReturnType<typeof keptLogger>;

  before(async function () {
    nats = await startNatsServer();
    if (nats === null) {
      if (process.env.REQUIRE_NATS === '1') throw new Error('nats-server is not on PATH but REQUIRE_NATS=1');
      this.skip();
    }
    azurite = await startAzurite();
    gate = await startGatedProxy(azurite.port);
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    logger = keptLogger();
    svc = await startWithFake(fake, {
      logger,
      env: { NATS_URL: nats.url, AZURE_STORAGE_CONNECTION_STRING: azurite.connectionStringVia(gate.port), EXPORT_ACK_WAIT_MS: String(EXPORT_ACK_WAIT_MS) },
    });
    expect(svc.running.engines).to.include({ jobQueue: 'nats', blobStore: 'azure' });
    expect((await syncTemplates(svc)).status).to.equal(200);
  });
  afterEach(async function () {
    gate?.open();
    await azurite?.resume();
    if (this.currentTest?.state === 'failed') {
      console.log('service log of the failed test:\n' + logger.entries.filter((e) => e.message !== 'request').map((e) => `  ${e.level} ${e.message} ${JSON.stringify(e.fields ?? {})}`).join('\n'));
    }
    logger.entries.length = 0;
  });
  after(async () => {
    gate?.open();
    await svc?.stop();
    await fake?.stop();
    await gate?.stop();
    await azurite?.stop();
    await nats?.stop();
  });

  /** The export's events, for the assertions and for the report of a failure. */
  const exportEvents = (jobId: string) => readEvents(svc!, exportJobStream(jobId));
  const describeEvents = (events: { type: string; data: any }[]) => events.map((e) => `${e.type}${e.data?.attempt !== undefined ? `#${e.data.attempt}` : ''}`).join(', ');

  /** Closes the gate, starts the export, and waits until its upload is held in the gate (the job is running then). */
  const exportHeldInUpload = async (body: unknown): Promise<{ jobId: string; total: number }> => {
    gate!.close();
    const started = await startExport(svc!, body);
    expect(started.status, started.text).to.equal(202);
    const jobId = started.body.jobId as string;
    await eventually(() => gate!.held > 0, 'the export upload reaches Azurite (held at the gate)', 15_000);
    const polled = await waitForExport(svc!, jobId, ['running', 'succeeded', 'failed'], 5_000);
    expect(polled.body.job.status, 'the job is running while its upload is held').to.equal('running');
    return { jobId, total: started.body.total };
  };

  it('given messages being delivered through JetStream, when nats-server is restarted in the middle, then every message ends sent, the platform got each msg_id once, and a repeat msg_id is a duplicate', async () => {
    const ids = new Map<number, string>();
    const send = async (n: number) => {
      const res = await sendTemplate(svc!, orderUpdate(recipient(n), `nats-restart-${n}`));
      expect(res.body, `message ${n}: ${res.text}`).to.include({ status: 'success', duplicate: false });
      ids.set(n, res.body.messageId);
    };
    // given: 10 messages on their way through JetStream
    for (let n = 0; n < 10; n++) await send(n);
    // when: nats-server is stopped (down for 1 s) and started again on the same store, while 5 more are sent
    const restarting = nats!.restart({ downForMs: 1_000 });
    await sleep(200);
    for (let n = 10; n < 15; n++) await send(n);
    await restarting;
    // and 5 more once it is back
    for (let n = 15; n < 20; n++) await send(n);

    // then: every message ends sent
    for (const [n, messageId] of ids) {
      const outcome = await waitForOutcome(svc!, messageId, 45_000);
      expect(outcome.status, `message ${n}`).to.equal('sent');
    }
    // and the platform received each msg_id's message exactly once (a redelivered job would show as a second send)
    await sleep(1_000);
    for (let n = 0; n < 20; n++) {
      expect(fake!.sends.filter((s) => s.body?.to === recipient(n)), `sends to message ${n}'s recipient`).to.have.length(1);
      const events = await readEvents(svc!, messageStream(ids.get(n)!));
      expect(events.filter((e) => e.type === 'MessageSent'), `message ${n}'s MessageSent events`).to.have.length(1);
    }
    // and a repeat of a msg_id (before and after the restart) answers the same message, duplicate:true, and sends nothing more
    for (const n of [3, 12, 17]) {
      const again = await sendTemplate(svc!, orderUpdate(recipient(n), `nats-restart-${n}`));
      expect(again.body).to.include({ status: 'success', messageId: ids.get(n), duplicate: true });
    }
    await sleep(500);
    for (const n of [3, 12, 17]) expect(fake!.sends.filter((s) => s.body?.to === recipient(n))).to.have.length(1);
  });

  it('given an export uploading to Azurite, when nats-server is restarted during it, then the job succeeds exactly once and the CSV has every ticket once', async () => {
    // given: 400 tickets, and their export held in the middle of its upload
    const ROWS = 400;
    await seedTickets(svc!.deps.readModels, seeded('NATS-RESTART', 50_000, ROWS));
    const { jobId, total } = await exportHeldInUpload({ orderName: 'NATS-RESTART', sortOrder: 'asc' });
    expect(total).to.equal(ROWS);
    // when: nats-server is restarted (the job's delivery is unacknowledged meanwhile), then the upload goes on
    await nats!.restart({ downForMs: 500 });
    gate!.open();

    // then: the job succeeds
    const done = await waitForExport(svc!, jobId, ['succeeded', 'failed'], 45_000);
    let events = await exportEvents(jobId);
    expect(done.body.job.status, `job ${JSON.stringify(done.body.job)}; events: ${describeEvents(events)}`).to.equal('succeeded');
    // exactly once, also after a redelivery would have had time to come (ackWait and more)
    await sleep(EXPORT_ACK_WAIT_MS + 1_000);
    events = await exportEvents(jobId);
    expect(events.filter((e) => e.type === 'TicketExportSucceeded'), describeEvents(events)).to.have.length(1);
    expect(events.filter((e) => e.type === 'TicketExportFailed'), describeEvents(events)).to.have.length(0);
    expect((await pollExport(svc!, jobId)).body.job).to.include({ status: 'succeeded', processed: ROWS, total: ROWS });
    // and the file has every ticket once, in order
    const csv = await downloadCsv((await pollExport(svc!, jobId)).body.downloadUrl);
    expect(csv.status).to.equal(200);
    expect(csv.rows.map((r) => r['Ticket Number'])).to.deep.equal(numbers(50_000, ROWS));

    // and the worker still takes jobs after the restart: a new export succeeds too
    const next = await startExport(svc!, { orderName: 'NATS-RESTART', sortOrder: 'asc' });
    expect(next.status).to.equal(202);
    const nextDone = await waitForExport(svc!, next.body.jobId, ['succeeded', 'failed'], 30_000);
    expect(nextDone.body.job.status).to.equal('succeeded');
  });

  it('given an export whose upload is under way, when Azurite is stopped and stays stopped, then the job does not stay running: within 60 s it is failed with a safe message and no download URL', async () => {
    // given
    await seedTickets(svc!.deps.readModels, seeded('AZURITE-DOWN', 60_000, 50));
    const { jobId } = await exportHeldInUpload({ orderName: 'AZURITE-DOWN' });
    // when: Azurite stops while the upload is under way (its connections drop, new ones are refused)
    await azurite!.pause();
    gate!.open();

    // then: failed within 60 s (not running for ever), with a safe message and no file
    const done = await waitForExport(svc!, jobId, ['succeeded', 'failed'], 60_000);
    const events = await exportEvents(jobId);
    expect(done.body.job.status, `job ${JSON.stringify(done.body.job)}; events: ${describeEvents(events)}`).to.equal('failed');
    expect(done.body.job.error).to.be.oneOf(SAFE_EXPORT_ERRORS);
    expect(done.body).to.not.have.property('downloadUrl');
    expect(events.filter((e) => e.type === 'TicketExportFailed'), describeEvents(events)).to.have.length(1);
    expect(events.filter((e) => e.type === 'TicketExportSucceeded'), describeEvents(events)).to.have.length(0);
  });

  it('given an export whose upload is under way, when Azurite is stopped and comes back before the deliveries are used up, then the job succeeds once with the whole file', async () => {
    // given
    const ROWS = 120;
    await seedTickets(svc!.deps.readModels, seeded('AZURITE-BACK', 70_000, ROWS));
    const { jobId } = await exportHeldInUpload({ orderName: 'AZURITE-BACK', sortOrder: 'asc' });
    // when: Azurite stops during the upload, and is started again (same port, same storage) 2 s later
    await azurite!.pause();
    gate!.open();
    await sleep(2_000);
    expect((await pollExport(svc!, jobId)).body.job.status, 'the job still running while Azurite is down').to.equal('running');
    await azurite!.resume();

    // then: the job succeeds, once, and the file has every ticket once
    const done = await waitForExport(svc!, jobId, ['succeeded', 'failed'], 45_000);
    let events = await exportEvents(jobId);
    expect(done.body.job.status, `job ${JSON.stringify(done.body.job)}; events: ${describeEvents(events)}`).to.equal('succeeded');
    await sleep(EXPORT_ACK_WAIT_MS + 1_000);
    events = await exportEvents(jobId);
    expect(events.filter((e) => e.type === 'TicketExportSucceeded'), describeEvents(events)).to.have.length(1);
    expect(events.filter((e) => e.type === 'TicketExportFailed'), describeEvents(events)).to.have.length(0);
    const csv = await downloadCsv((await pollExport(svc!, jobId)).body.downloadUrl);
    expect(csv.status).to.equal(200);
    expect(csv.rows.map((r) => r['Ticket Number'])).to.deep.equal(numbers(70_000, ROWS));
  });

  // Last in the file: while this upload hangs, its attempts keep the export worker's handler slots, so an export test after it
  // would find no worker free until afterEach opens the gate.
  it('given an export whose upload hangs (Azurite takes the connection and never answers), then the job does not stay running: within 60 s it is failed with a safe message and no download URL', async () => {
    // given
    await seedTickets(svc!.deps.readModels, seeded('AZURITE-HUNG', 80_000, 30));
    // when: the gate stays closed, so every request to Azurite waits for an answer that never comes
    const { jobId } = await exportHeldInUpload({ orderName: 'AZURITE-HUNG' });

    // then: failed within 60 s (not running for ever), with a safe message and no file
    const done = await waitForExport(svc!, jobId, ['succeeded', 'failed'], 60_000);
    const events = await exportEvents(jobId);
    const queue = await svc!.deps.jobQueue.stats(TICKET_EXPORT_JOB);
    expect(done.body.job.status, `job ${JSON.stringify(done.body.job)}; events: ${describeEvents(events)}; export queue ${JSON.stringify(queue)}`).to.equal('failed');
    expect(done.body.job.error).to.be.oneOf(SAFE_EXPORT_ERRORS);
    expect(done.body).to.not.have.property('downloadUrl');
    expect(events.filter((e) => e.type === 'TicketExportFailed'), describeEvents(events)).to.have.length(1);
    expect(events.filter((e) => e.type === 'TicketExportSucceeded'), describeEvents(events)).to.have.length(0);
  });
});
