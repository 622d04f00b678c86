import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import canonicalize from 'canonicalize';
import { Webhook } from 'standardwebhooks';
import { EVENTS_FILE, findNginx } from '@support/app';
import {
  loadOrCreateLogSigningKey, LOG_SIGNING_KEY_FILE, READ_MODELS_FILE, SIGNING_KEY_FILE, TRANSPARENCY_FILE, WEBHOOK_SIGNING_KEY_FILE,
} from '@support/adapters';
import { webhookSecret } from '@support/domain';
import { verifierKey } from '@support/event-sourcing';
import { readFeed } from '../audit/audit-service';
import { downloadCsv, exportAndWait } from '../exports/support/export-api';
import { startAzurite } from '../support/azurite';
import { eventually } from '../support/eventually';
import { TOKENS } from '../support/example-config';
import { startGatedProxy, GatedProxy } from '../support/gated-tcp-proxy';
import { startNatsServer } from '../support/nats-server';
import { TestService } from '../support/test-service';
import { sigstoreAuthority, sigstoreVerifyInclusion } from '../transparency/tree-fixtures';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';
import { composeEnvironmentHere, composeServices, EnvironmentHere, REPO_ROOT } from './support/compose-here';
import { edgeApi } from './support/edge-api';
import { freePort, HOST, Proc, printOutputsIfFailed, startComponent, startEdge, stopAll, waitUntil } from './support/processes';

/**
 * docker-compose.yml's stack run on one machine (issue 62, point 5): the four components with each
 * one's `environment` exactly as the file writes it, on Debian's nats-server and npm's Azurite (the
 * distributed engines that run here), and nginx in front as the file has it. Only what must differ
 * here differs: the compose network's host names become the loopback ports of the servers started
 * here (the host's published ports too: Azurite's through a proxy, as Docker publishes it), the
 * container folders this machine's (one shared DATA_DIR), each component's PORT a free one; and
 * MONGODB_URL and EVENTSTORE_URL are dropped (no such servers here: the embedded log and read models
 * instead). WEBHOOK_ALLOWED_HOSTS is added for the test's receiver. The flow checks that what the file
 * sets is honoured: the engines, the public blob URL of the download link, the public base URL, the
 * webhook and log signing keys. Skipped without nats-server or nginx unless REQUIRE_NATS=1 or
 * REQUIRE_NGINX=1 (CI), which fail instead.
 */
const COMPONENTS = ['command-api', 'query-api', 'projectors', 'workers'] as const;
type Component = (typeof COMPONENTS)[number];

/** The line each process logs once it listens: its components and the engines it opened. */
interface Listening {
  readonly url: string;
  readonly components: readonly string[];
  readonly engines: Readonly<Record<string, string>>;
}
const listeningLine = (proc: Proc): Listening | undefined => proc.tail().split('\n').flatMap((line) => {
  try {
    const entry = JSON.parse(line) as Listening & { message?: string };
    return entry.message === 'listening' ? [entry] : [];
  } catch {
    return [];
  }
})[0];

describe('docker-compose.yml\'s environment on one machine: the four components behind nginx on nats-server and Azurite (issue 62, point 5)', function () {
  this.timeout(60_000);
  const services = composeServices();
  const ports = {} as Record<Component | 'nginx', number>;
  const procs = {} as Partial<Record<Component | 'nginx', Proc>>;
  const listening = {} as Record<Component, Listening>;
  const here = {} as Record<Component, EnvironmentHere>;
  let workDir: string;
  let nats: Awaited<ReturnType<typeof startNatsServer>> = null;
  let azurite: Awaited<ReturnType<typeof startAzurite>> | undefined;
  /** Azurite's port as the host publishes it (10000:10000): another port than the network's, so a link naming the wrong one shows. */
  let published: GatedProxy | undefined;
  let receiver: WebhookReceiver | undefined;
  let edge: TestService;
  const tickets: { id: string; name: string }[] = [];

  /** What compose's x-service-env writes for a variable (every component has the same). */
  const composeValue = (name: string): string => String(services['command-api'].environment![name]);

  const createTicket = async (name: string, phone: string): Promise<string> => {
    const res = await edge.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { name, phone }, query: `Compose stack (${name})`, fastResponse: true } });
    expect(res.status, res.text).to.equal(200);
    tickets.push({ id: res.body.ticketId, name });
    return res.body.ticketId;
  };

  before(async function () {
    this.timeout(90_000);
    const nginx = await findNginx();
    nats = await startNatsServer();
    if (nginx === null || nats === null) {
      const missing = [nats === null ? 'nats-server is not on PATH' : '', nginx === null ? 'nginx is not installed (apt-get install nginx; or NGINX_BIN)' : ''].filter(Boolean).join('; ');
      if (process.env.REQUIRE_NATS === '1' || process.env.REQUIRE_NGINX === '1') throw new Error(`${missing}, but REQUIRE_NATS=1 or REQUIRE_NGINX=1`);
      // eslint-disable-next-line no-console
      console.log(`      skipped: ${missing}`);
      this.skip();
    }
    azurite = await startAzurite();
    published = await startGatedProxy(azurite.port);
    receiver = await startWebhookReceiver();
    workDir = mkdtempSync(path.join(os.tmpdir(), 'compose-environment-'));
    for (const name of [...COMPONENTS, 'nginx'] as const) ports[name] = await freePort();
    const machine = {
      services: {
        nats: { ports: { 4222: Number(new URL(nats.url).port) } },
        azurite: { ports: { 10000: azurite.port }, publishedPorts: { 10000: published.port } },
        nginx: { ports: { 8080: ports.nginx } },
        ...Object.fromEntries(COMPONENTS.map((c) => [c, { ports: { 8080: ports[c] } }])),
      },
      paths: { '/app': REPO_ROOT, '/data': path.join(workDir, 'data') },
    };
    for (const component of COMPONENTS) here[component] = composeEnvironmentHere(services, component, machine);
    // The test's receiver, and PUBLIC_BASE_URL's host and port (to see the service refuse itself as a target).
    const allowed = allowedHostsOf(receiver.url, here['command-api'].env.PUBLIC_BASE_URL);
    const start = async (component: Component) => {
      const proc = await startComponent(component, ports[component], { PATH: process.env.PATH, ...here[component].env, WEBHOOK_ALLOWED_HOSTS: allowed }, (p) => {
        procs[component] = p;
      });
      await waitUntil(`${component}'s listening line`, async () => listeningLine(proc) !== undefined, 5_000, () => proc.tail());
      listening[component] = listeningLine(proc)!;
    };
    // The projectors first (they make the read models' tables), then the others at once.
    await start('projectors');
    await Promise.all((['command-api', 'query-api', 'workers'] as const).map(start));
    procs.nginx = await startEdge(nginx!, workDir, { listen: `${HOST}:${ports.nginx}`, commandApi: `${HOST}:${ports['command-api']}`, queryApi: `${HOST}:${ports['query-api']}` });
    edge = { ...edgeApi(here['command-api'].env.PUBLIC_BASE_URL), url: here['command-api'].env.PUBLIC_BASE_URL } as TestService;
  });

  afterEach(function () {
    printOutputsIfFailed(this.currentTest, procs);
  });

  after(async function () {
    this.timeout(30_000);
    await stopAll(procs);
    await receiver?.stop();
    await published?.stop();
    await azurite?.stop();
    await nats?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('given each component\'s compose environment, then only the engines not run here are dropped, and each process runs on nats and Azure Blob with the embedded log and read models, logging at compose\'s level', () => {
    for (const component of COMPONENTS) {
      const written = Object.keys(services[component].environment ?? {});
      expect(Object.keys(here[component].dropped).sort(), component).to.deep.equal(['EVENTSTORE_URL', 'MONGODB_URL']);
      expect(Object.keys(here[component].env).sort(), component).to.deep.equal(written.filter((v) => !(v in here[component].dropped)).sort());
      // LOG_LEVEL info: the line is there at all; its engines are the ones the variables name.
      expect(listening[component].components, component).to.deep.equal([component]);
      expect(listening[component].url, component).to.equal(`http://${here[component].env.HOST}:${ports[component]}`);
      expect(listening[component].engines, component).to.deep.equal({ readModels: 'sqlite', eventStore: 'sqlite', jobQueue: 'nats', blobStore: 'azure' });
    }
  });

  it('given nginx at PUBLIC_BASE_URL, when tickets are created (command-api), then the list (query-api) answers each', async () => {
    for (let i = 0; i < 3; i++) await createTicket(`Compose Customer ${i}`, `+1415557${String(1000 + i)}`);
    const list = await edge.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 50 } });
    expect(list.status, list.text).to.equal(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).to.include.members(tickets.map((t) => t.id));
  });

  it('given an export (the workers over NATS, the file in Azurite), then its link names AZURE_BLOB_PUBLIC_URL (the host\'s published port, not the network\'s azurite:10000) and downloads from there', async () => {
    const { done } = await exportAndWait(edge, {});
    expect(done.body.job.status, done.text).to.equal('succeeded');
    const link: string = done.body.downloadUrl;
    const publicUrl = here.workers.env.AZURE_BLOB_PUBLIC_URL;
    expect(publicUrl).to.equal(composeValue('AZURE_BLOB_PUBLIC_URL').replace(':10000/', `:${published!.port}/`));
    expect(link.startsWith(`${publicUrl}/`), link).to.equal(true);
    const csv = await downloadCsv(link);
    expect(csv.status, csv.text).to.equal(200);
    expect(csv.rows.map((r) => r['Customer Name'])).to.include.members(tickets.map((t) => t.name));
  });

  it('given a webhook subscription, then its secret is the one WEBHOOK_SIGNING_KEY derives, the workers\' delivery verifies with it, and PUBLIC_BASE_URL is refused as the service itself', async () => {
    const made = await edge.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver!.url, eventTypes: ['ticket.created'] } });
    expect(made.status, made.text).to.equal(201);
    const secret = webhookSecret(Buffer.from(composeValue('WEBHOOK_SIGNING_KEY'), 'utf8'), made.body.id, 1);
    expect(made.body.secret, 'command-api\'s secret').to.equal(secret);
    const ticketId = await createTicket('Compose Hooked', '+14155571999');
    await eventually(() => receiver!.received.some((r) => r.json?.data?.ticketId === ticketId), 'the delivery of ticket.created', 20_000);
    const delivery = receiver!.received.find((r) => r.json?.data?.ticketId === ticketId)!;
    const payload = new Webhook(secret).verify(delivery.body, {
      'webhook-id': delivery.headers['webhook-id'], 'webhook-timestamp': delivery.headers['webhook-timestamp'], 'webhook-signature': delivery.headers['webhook-signature'],
    }) as { type: string };
    expect(payload.type).to.equal('ticket.created');
    const itself = await edge.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: `${here['command-api'].env.PUBLIC_BASE_URL}/hooks`, eventTypes: ['ticket.created'] } });
    expect(itself.status, itself.text).to.equal(400);
    expect(itself.body.message).to.match(/must not target this service itself/);
  });

  it('given a ticket\'s events, then query-api\'s inclusion proofs verify (sigstore) against a checkpoint the projectors signed with LOG_SIGNING_KEY\'s key, the verifier key query-api shows', async () => {
    const ticketId = tickets[0].id;
    const feed = await readFeed(edge, `stream=ticket-${ticketId}`, TOKENS.acmeAdmin);
    expect(feed.status).to.equal(200);
    let proofs: { treeSize: number; checkpoint: string; events: { position: string; leafIndex: number; hashes: string[] }[]; pending: string[] } | undefined;
    // The checkpoint signer runs every LOG_CHECKPOINT_MS (compose leaves the default, 5 s).
    await eventually(async () => {
      const res = await edge.api('GET', `/admin/log/tickets/${ticketId}/inclusion`, { token: TOKENS.acmeAdmin });
      proofs = res.body;
      return res.status === 200 && res.body.pending.length === 0 && res.body.checkpoint !== undefined;
    }, 'a signed checkpoint covering the ticket', 15_000);
    const key = createPublicKey(await loadOrCreateLogSigningKey(path.join(workDir, 'no-such-dir'), composeValue('LOG_SIGNING_KEY')));
    const origin = proofs!.checkpoint.split('\n')[0];
    const shown = await edge.api('GET', '/admin/log/checkpoint', { token: TOKENS.acmeAdmin });
    expect(shown.status, shown.text).to.equal(200);
    expect(shown.body.verifierKey, 'query-api\'s verifier key').to.equal(verifierKey(origin, key));
    expect(proofs!.events.map((e) => e.position)).to.deep.equal(feed.events.map((e) => e.position));
    proofs!.events.forEach((proof, i) => sigstoreVerifyInclusion(
      sigstoreAuthority(origin, key), Buffer.from(canonicalize(feed.events[i]) as string, 'utf8'), proof.leafIndex, proofs!.treeSize, proof.hashes.map((h) => Buffer.from(h, 'base64')), proofs!.checkpoint,
    ));
  });

  it('given the flow done, then DATA_DIR holds the embedded log, read models and tree, and no key of the service\'s own making: every key came from compose\'s variables', () => {
    const files = readdirSync(here.projectors.env.DATA_DIR);
    expect(files).to.include.members([EVENTS_FILE, READ_MODELS_FILE, TRANSPARENCY_FILE]);
    expect(files.filter((f) => [LOG_SIGNING_KEY_FILE, WEBHOOK_SIGNING_KEY_FILE, SIGNING_KEY_FILE].includes(f))).to.deep.equal([]);
  });
});
