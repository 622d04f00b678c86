import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { findNginx } from '@support/app';
import { startAzurite } from '../support/azurite';
import { TOKENS } from '../support/example-config';
import { startGatedProxy, GatedProxy } from '../support/gated-tcp-proxy';
import { startNatsServer } from '../support/nats-server';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { configWithFake, sendTemplate, syncTemplates, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { downloadCsv, startExport, waitForExport } from '../exports/support/export-api';
import { edgeApi } from './support/edge-api';
import { storedForms, valuesHeld } from '../personal-data/support/files-holding';
import { eventually } from '../support/eventually';
import { launchChromium, recordedPage } from '../support/browser';
import { openTrail, provenByCheckpoint } from '../pages/audit-page';
import { tryCreateRoute } from '../pages/docs-page';
import { exited, freePort, HOST, Proc, startComponent as startProcess, printOutputsIfFailed, startEdge, stopAll, waitUntil } from './support/processes';

/**
 * The distributed topology on one machine, as deployed: command-api, query-api, projectors and
 * workers as four node processes over one DATA_DIR (SQLite log and read models), jobs on NATS
 * JetStream, blobs on Azurite, and nginx (deploy/nginx/support.conf) in front. Every request goes
 * through nginx. The workers are killed -9 in the middle of an export and the projectors in the
 * middle of a burst of creates; both are started again. Skipped without nginx or nats-server
 * unless REQUIRE_NGINX=1 (CI), which fails instead.
 */
const COMPONENTS = ['command-api', 'query-api', 'projectors', 'workers'] as const;
type Component = (typeof COMPONENTS)[number];
/** Redelivery of an export whose worker died: seconds here, not the default 30 minutes. */
const EXPORT_ACK_WAIT_MS = 4_000;

describe('four processes behind nginx (command-api, query-api, projectors, workers over one DATA_DIR; NATS JetStream; Azurite)', function () {
  this.timeout(60_000);
  const ports = {} as Record<Component | 'nginx', number>;
  const procs = {} as Partial<Record<Component | 'nginx', Proc>>;
  let workDir: string;
  let env: NodeJS.ProcessEnv;
  let nats: Awaited<ReturnType<typeof startNatsServer>> = null;
  let azurite: Awaited<ReturnType<typeof startAzurite>> | undefined;
  let blobGate: GatedProxy | undefined;
  let fake: FakeCloudApi | undefined;
  let edgeUrl: string;
  /** The ticket made at the start whose one-minute SLA target nobody meets. */
  let slaTicket: { id: string; createdMs: number };
  /** Customer names of every acknowledged create, each a ticket of its own. */
  const acknowledged = new Map<string, string>();

  /** The shared helpers of the other tests, with every call through nginx. */
  let edge: TestService;
  const api: TestService['api'] = (method, route, opts) => edge.api(method, route, opts);

  const startComponent = async (component: Component): Promise<void> => {
    await startProcess(component, ports[component], env, (proc) => {
      procs[component] = proc;
    });
  };

  const kill9 = async (component: Component): Promise<void> => {
    const proc = procs[component]!;
    proc.child.kill('SIGKILL');
    await exited(proc);
    expect(proc.child.signalCode).to.equal('SIGKILL');
  };

  const createTicket = (name: string, phone: string) =>
    api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin,
      body: { customer: { name, phone }, subject: 'Late parcel', query: `Where is my parcel? (${name})`, fastResponse: true },
    });

  /** The ids of every ticket of acme the list answers, page by page. */
  const listAll = async (): Promise<Set<string>> => {
    const ids = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 250, page } });
      expect(res.status, res.text).to.equal(200);
      for (const t of res.body.data as { id: string }[]) ids.add(t.id);
      if (page >= res.body.totalPages) return ids;
    }
  };

  before(async function () {
    this.timeout(90_000);
    const nginx = await findNginx();
    nats = nginx === null ? null : await startNatsServer();
    if (nginx === null || nats === null) {
      const missing = nginx === null ? 'nginx is not installed (apt-get install nginx; or NGINX_BIN)' : 'nats-server is not on PATH';
      if (process.env.REQUIRE_NGINX === '1' || (nginx !== null && process.env.REQUIRE_NATS === '1')) throw new Error(`${missing} but REQUIRE_NGINX=1 or REQUIRE_NATS=1`);
      // eslint-disable-next-line no-console
      console.log(`      skipped: ${missing}`);
      this.skip();
    }
    azurite = await startAzurite();
    // Every process reaches Azurite through a gate, closed while the workers are to die mid-upload.
    const azuritePort = Number(/BlobEndpoint=http:\/\/127\.0\.0\.1:(\d+)\//.exec(azurite.connectionString)![1]);
    blobGate = await startGatedProxy(azuritePort);
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;

    workDir = mkdtempSync(path.join(os.tmpdir(), 'four-processes-'));
    // nginx's workers (not root when its master is) write their temporary files under it.
    chmodSync(workDir, 0o755);
    const dataDir = path.join(workDir, 'data');
    const configFile = path.join(workDir, 'accounts.json');
    const config = configWithFake(fake);
    // globex (no opening hours) with a one-minute first-response target: the SLA watcher of the workers process records its breach while the tests run.
    config.accounts.find((a) => a.id === 'globex')!.slaPolicies = [{ label: 'Callback', metric: 'firstResponse', targetMinutes: 1 }];
    writeFileSync(configFile, JSON.stringify(config));
    for (const name of [...COMPONENTS, 'nginx'] as const) ports[name] = await freePort();
    edgeUrl = `http://${HOST}:${ports.nginx}`;
    edge = edgeApi(edgeUrl) as TestService;
    env = {
      PATH: process.env.PATH,
      HOST,
      DATA_DIR: dataDir,
      CONFIG_FILE: configFile,
      PUBLIC_BASE_URL: edgeUrl,
      NATS_URL: nats.url,
      AZURE_STORAGE_CONNECTION_STRING: azurite.connectionString.replace(`:${azuritePort}/`, `:${blobGate.port}/`),
      EXPORT_ACK_WAIT_MS: String(EXPORT_ACK_WAIT_MS),
      LOG_LEVEL: 'warn',
      // The audit page's test waits for a checkpoint that covers its ticket.
      LOG_CHECKPOINT_MS: '500',
    };
    // The projectors first: they make the read models' tables and take DATA_DIR's projectors lock.
    await startComponent('projectors');
    await Promise.all((['command-api', 'query-api', 'workers'] as const).map(startComponent));

    procs.nginx = await startEdge(nginx!, workDir, {
      listen: `${HOST}:${ports.nginx}`, commandApi: `${HOST}:${ports['command-api']}`, queryApi: `${HOST}:${ports['query-api']}`,
    });
    // A ticket of globex nobody answers: its Callback target falls due a minute from now (the last test looks).
    const sla = await api('POST', '/apis/tickets/manual', { token: TOKENS.globexAdmin, body: { customer: { phone: '+14155550199' }, query: 'Please call me back.' } });
    expect(sla.status, sla.text).to.equal(200);
    slaTicket = { id: sla.body.ticketId as string, createdMs: Date.now() };
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    blobGate?.open();
    await blobGate?.stop();
    await fake?.stop();
    await azurite?.stop();
    await nats?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('given nginx in front, when each route of /openapi.json is called without credentials, then the gateway that serves it answers (no 404 or 405 of the other)', async () => {
    const doc = (await api('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const misrouted: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      // A page's file by a name it has (any other is a 404 of the page itself).
      const pageFile = template.startsWith('/docs/') ? 'docs.js' : template.startsWith('/reports/') ? 'reports.js' : 'audit.js';
      const route = template.replace('{file}', pageFile).replace(/\{[^}]+\}/g, 'x0');
      for (const method of Object.keys(operations).map((m) => m.toUpperCase())) {
        const res = await fetch(`${edgeUrl}${route}`, { method, headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        await res.arrayBuffer();
        // An unknown path or method says the request reached the wrong gateway; everything else is the right one's answer.
        if (res.status === 404 && !route.startsWith('/downloads/') && !route.startsWith('/admin/read-models/')) misrouted.push(`${method} ${template} → 404`);
        if (res.status === 405) misrouted.push(`${method} ${template} → 405`);
        if (res.status >= 500) misrouted.push(`${method} ${template} → ${res.status}`);
      }
    }
    expect(misrouted).to.deep.equal([]);
  });

  it('given the four processes, when tickets are created through nginx, then the list (query-api) answers each at once', async () => {
    for (let i = 0; i < 5; i++) {
      const name = `Dana Cruz ${i}`;
      const created = await createTicket(name, `+1415555${String(1000 + i)}`);
      expect(created.status, created.text).to.equal(200);
      acknowledged.set(created.body.ticketId, name);
      // Read your writes across processes: command-api answered once the projectors process had it.
      expect((await listAll()).has(created.body.ticketId), name).to.equal(true);
    }
  });

  it('given nginx in front, when /docs and /audit are opened in Chromium, then both load from the edge alone, the reference tries a request and the audit page verifies a ticket\'s trail', async function () {
    const browser = await launchChromium();
    if (browser === null) return this.skip();
    try {
      const [ticketId] = [...acknowledged.keys()];
      await provenByCheckpoint(edge, ticketId);
      const docs = await recordedPage(browser, edgeUrl);
      await docs.page.goto(`${edgeUrl}/docs`);
      await docs.page.locator('.opblock-summary-path[data-path="/apis/tickets/manual"]').waitFor();
      // The page's POST goes through nginx to command-api.
      const tried = await tryCreateRoute(docs.page, TOKENS.acmeAdmin, { customer: { name: 'Docs Edge', phone: '+14155550177' }, query: 'Tried through nginx.', fastResponse: true });
      expect(tried.status).to.equal('200');
      acknowledged.set(tried.body.ticketId, 'Docs Edge');
      const audit = await recordedPage(browser, edgeUrl);
      await openTrail(audit.page, edgeUrl, TOKENS.acmeAdmin, ticketId);
      await audit.page.getByText(/^(\d+) events: \1 verified, 0 not verified, 0 pending\.$/).waitFor();
      for (const tab of [docs, audit]) {
        expect(tab.errors).to.deep.equal([]);
        expect(tab.foreign()).to.deep.equal([]);
      }
      const page = await fetch(`${edgeUrl}/audit`);
      expect(page.headers.get('content-security-policy')).to.include("script-src 'self'");
    } finally {
      await browser.close();
    }
  });

  it('given the workers process on JetStream, when templates are synced and a template sent through nginx, then the message is delivered once', async () => {
    const synced = await syncTemplates(edge);
    expect(synced.status, synced.text).to.equal(200);
    const sent = await sendTemplate(edge, { to: '+14155550188', msg_id: 'four-1', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Dana', '#77') } });
    expect(sent.status, sent.text).to.equal(200);
    const outcome = await waitForOutcome(edge, sent.body.messageId, 20_000);
    expect(outcome.status).to.equal('sent');
    expect(fake!.delivered().filter((s) => s.body?.to === '+14155550188')).to.have.length(1);
  });

  it('given a burst of creates, when the projectors process is killed -9 in the middle and started again, then every acknowledged create is listed', async () => {
    const burst = 60;
    const concurrency = 6;
    let next = 0;
    let answered = 0;
    const failures: string[] = [];
    const worker = async () => {
      for (let i = next++; i < burst; i = next++) {
        const name = `Burst ${String(i).padStart(3, '0')}`;
        const res = await createTicket(name, `+1415556${String(1000 + i)}`);
        answered++;
        if (res.status === 200) acknowledged.set(res.body.ticketId, name);
        else failures.push(`${name}: ${res.status} ${res.text}`);
      }
    };
    const before = acknowledged.size;
    const creating = Promise.all(Array.from({ length: concurrency }, worker));
    await waitUntil('a third of the burst answered', async () => answered >= burst / 3, 30_000);
    await kill9('projectors');
    const answeredAtKill = answered;
    // The operating system released DATA_DIR's projectors lock with the process: a new one takes it at once.
    await startComponent('projectors');
    await creating;
    expect(answeredAtKill, 'creates answered when the projectors died').to.be.below(burst);
    expect(failures).to.deep.equal([]);
    expect(acknowledged.size).to.equal(before + burst);
    const listed = await listAll();
    const missing = [...acknowledged].filter(([id]) => !listed.has(id)).map(([, name]) => name);
    expect(missing, 'acknowledged creates missing from the list').to.deep.equal([]);
    expect(listed.size).to.equal(acknowledged.size);
  });

  it('given an export in progress, when the workers process is killed -9 mid-upload and started again, then the export succeeds exactly once with every ticket', async () => {
    blobGate!.close();
    const started = await startExport(edge, {});
    expect(started.status, started.text).to.equal(202);
    expect(started.body.total).to.equal(acknowledged.size);
    const jobId: string = started.body.jobId;
    // The worker has written the file and is uploading it to Azurite: the gate holds its request.
    await waitUntil('the export upload reaching the blob gate', async () => blobGate!.held > 0, 20_000, () => procs.workers!.tail());
    const running = await api('GET', `/apis/task-runs/tickets/export/${jobId}`, { token: TOKENS.acmeAdmin });
    expect(running.body.job.status).to.not.equal('succeeded');
    await kill9('workers');
    blobGate!.open();
    await startComponent('workers');

    const done = await waitForExport(edge, jobId, ['succeeded', 'failed'], EXPORT_ACK_WAIT_MS + 25_000);
    expect(done.body.job.status, done.text).to.equal('succeeded');
    const csv = await downloadCsv(done.body.downloadUrl);
    expect(csv.status).to.equal(200);
    expect(csv.rows.map((r) => r['Customer Name']).sort()).to.deep.equal([...acknowledged.values()].sort());

    // Exactly once: two attempts started (the killed one and its redelivery), one succeeded, none failed.
    const feed = await fetch(`${edgeUrl}/admin/events?type=TicketExportStarted,TicketExportSucceeded,TicketExportFailed`, { headers: { Authorization: `Bearer ${TOKENS.acmeAdmin}` } });
    expect(feed.status).to.equal(200);
    const events = (await feed.text()).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { type: string; data: { jobId: string } })
      .filter((e) => e.data.jobId === jobId);
    expect(events.filter((e) => e.type === 'TicketExportSucceeded')).to.have.length(1);
    expect(events.filter((e) => e.type === 'TicketExportFailed')).to.have.length(0);
    expect(events.filter((e) => e.type === 'TicketExportStarted').length).to.be.at.least(2);
    // And a single export job in the account's list of them.
    const jobs = await api('POST', '/admin/read-models/ticket_export_jobs/count', { token: TOKENS.acmeAdmin, body: {} });
    expect(jobs.status, jobs.text).to.equal(200);
    expect(jobs.body.count).to.equal(1);
  });

  it('given a ticket of another account made at the start that nobody answers, when its one-minute target passes, then the workers process records the breach within seconds and the query API tells it', async function () {
    this.timeout(90_000);
    // when: the due moment passes (a minute after the create; the tests before may have taken longer)
    const dueMs = slaTicket.createdMs + 60_000;
    await new Promise((r) => setTimeout(r, Math.max(0, dueMs - Date.now())));
    // then: within seconds
    const until = Date.now() + 10_000;
    let breached: { type: string; data: { label: string; lateMs: number } } | undefined;
    while (breached === undefined && Date.now() < until) {
      const sla = await api('GET', `/apis/tickets/${slaTicket.id}/sla`, { token: TOKENS.globexAdmin });
      expect(sla.status, sla.text).to.equal(200);
      breached = (sla.body.events as { type: string; data: { label: string; lateMs: number } }[]).find((e) => e.type === 'SlaBreached' && e.data.label === 'Callback');
      if (breached === undefined) await new Promise((r) => setTimeout(r, 250));
    }
    expect(breached, 'SlaBreached of the Callback target').to.not.equal(undefined);
    expect(breached!.data.lateMs).to.be.at.most(5_000);
  });

  it('given a customer\'s ticket and a template sent to them, when erased through nginx, then the workers process erases them: the list and the message read placeholders in query-api, and no file of DATA_DIR holds their values', async () => {
    // given
    const name = 'Erasmus Vanishwell';
    const phone = '+14155550179';
    const created = await createTicket(name, phone);
    expect(created.status, created.text).to.equal(200);
    expect((await syncTemplates(edge)).status).to.equal(200);
    const sent = await sendTemplate(edge, { to: phone, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Quasimodo-Parcel-58', '#58') } });
    expect(sent.status, sent.text).to.equal(200);
    expect((await waitForOutcome(edge, sent.body.messageId, 20_000)).status).to.equal('sent');
    // when
    const customerId = created.body.customer.id as string;
    expect((await api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
    await eventually(async () => (await api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body.status === 'erased', 'the erasure is done', 40_000);
    // then
    await eventually(async () => (await api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'vanishwell' } })).body.total === 0, 'the list no longer finds the name', 10_000);
    expect((await api('GET', `/apis/chatapp/messages/${sent.body.messageId}`, { token: TOKENS.acmeAdmin })).body.to).to.equal('[erased]');
    const lookedFor = [name, phone.slice(1), 'Quasimodo-Parcel-58'].flatMap(storedForms);
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(env.DATA_DIR!, lookedFor)).length === 0, 'no file holds an erased value', 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
  });

  it('given the four processes, then each answers its health and metrics on its own port', async () => {
    for (const component of COMPONENTS) {
      expect((await fetch(`http://${HOST}:${ports[component]}/health/ready`)).status, component).to.equal(200);
      const metrics = await fetch(`http://${HOST}:${ports[component]}/metrics`);
      expect(metrics.status, component).to.equal(200);
      expect(await metrics.text(), component).to.match(/^# (HELP|TYPE) /m);
    }
  });
});
