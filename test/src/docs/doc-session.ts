import path from 'node:path';
import { loadReferenceCatalog, ReferenceStore, startReferenceStore } from '@support/store-reference';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';
import { exampleConfig } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import {
  ActualAnswer,
  Captures,
  compareAnswer,
  CurlRequest,
  DocumentExamples,
  DOC_STORE_URL,
  Endpoints,
  Example,
  readBlock,
  REPO_ROOT,
  rewriteUrl,
  Variables,
  variablesOf,
} from './doc-examples';

const DEMO_CATALOG = path.join(REPO_ROOT, 'app', 'config', 'store-catalog.json');
/** Where the demo configuration's chat app expects the WhatsApp Cloud API. */
const DEMO_CHAT_APP_URL = 'http://127.0.0.1:4020';
const POLL_FOR_MS = 20_000;
const POLL_EVERY_MS = 100;

/** An example whose answer is not the one its document shows. */
export class ExampleMismatch extends Error {
  constructor(
    readonly example: Example,
    readonly problems: readonly string[],
    actual: ActualAnswer,
  ) {
    super(
      `${example.file}:${example.line}: the answer is not the one the document shows (line ${example.answer?.line}):\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\n  the command:\n${example.source.replace(/^/gm, '    ')}\n  the answer (${actual.status}):\n    ${actual.text.length > 3000 ? `${actual.text.slice(0, 3000)}…` : actual.text}`,
    );
  }
}

/**
 * One document's examples against one fresh service: the app started with the demo configuration
 * on a free port and an empty data directory (plus the reference store system when the document
 * asks for it). Examples run in order and share their captures and variables, as a reader's shell does.
 */
export class DocumentSession {
  private readonly captures: Captures = new Map();
  private readonly assigned: Variables = new Map();

  private constructor(
    readonly doc: DocumentExamples,
    private readonly svc: TestService,
    private readonly store: ReferenceStore | null,
    private readonly platform: FakeCloudApi | null,
    private readonly receiver: WebhookReceiver | null,
  ) {}

  static async start(doc: DocumentExamples): Promise<DocumentSession> {
    let store: ReferenceStore | null = null;
    let platform: FakeCloudApi | null = null;
    let config = JSON.stringify(exampleConfig());
    if (doc.setup.includes('store-reference')) {
      store = await startReferenceStore({ catalog: loadReferenceCatalog(DEMO_CATALOG), audit: () => undefined });
      config = config.split(DOC_STORE_URL).join(store.url);
    }
    if (doc.setup.includes('chat-app-platform')) {
      platform = await startFakeCloudApi();
      platform.templatePages = TEMPLATE_PAGES;
      config = config.split(DEMO_CHAT_APP_URL).join(platform.url);
    }
    let receiver: WebhookReceiver | null = null;
    const env: NodeJS.ProcessEnv = {};
    if (doc.setup.includes('webhook-receiver')) {
      receiver = await startWebhookReceiver();
      env.WEBHOOK_ALLOWED_HOSTS = allowedHostsOf(receiver.url);
    }
    const svc = await startTestService({ config: JSON.parse(config), env });
    return new DocumentSession(doc, svc, store, platform, receiver);
  }

  get endpoints(): Endpoints {
    return { base: this.svc.url, store: this.store?.url ?? null, receiver: this.receiver === null ? null : new URL(this.receiver.url).origin };
  }

  async stop(): Promise<void> {
    await this.svc.stop();
    await this.store?.close();
    await this.platform?.stop();
    await this.receiver?.stop();
  }

  /** Sends the request the document shows; throws ExampleMismatch when the answer differs. */
  async run(example: Example): Promise<void> {
    if (example.skip !== null) return;
    const vars = variablesOf(this.captures, this.assigned);
    let request: CurlRequest;
    try {
      request = readBlock(example.source, vars);
    } catch (e) {
      throw new Error(`${example.file}:${example.line}: ${(e as Error).message}`);
    }
    for (const [k, v] of vars) if (!this.captures.has(k)) this.assigned.set(k, v);
    const answer = example.answer!;
    const deadline = Date.now() + (example.poll ? POLL_FOR_MS : 0);
    for (;;) {
      const actual = await this.send(request);
      // DOC_EXAMPLES_SHOW=1 prints every real answer: what a writer pastes (and shortens) into a document.
      if (process.env.DOC_EXAMPLES_SHOW === '1') process.stdout.write(`\n--- ${example.file}:${example.line} → ${actual.status} ${actual.headers.get('content-type') ?? ''}\n${actual.text}\n`);
      const problems = compareAnswer(answer, request, actual, this.captures, this.endpoints);
      if (problems.length === 0) return;
      if (Date.now() >= deadline) throw new ExampleMismatch(example, problems, actual);
      await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
    }
  }

  private async send(request: CurlRequest): Promise<ActualAnswer> {
    const url = rewriteUrl(request.url, this.endpoints);
    // Addresses in a body (a webhook's target) go where the answers say they went.
    const body = request.body === undefined ? undefined : rewriteUrl(request.body, this.endpoints);
    if (url.startsWith(`${this.svc.url}/`)) {
      // Through the test client, so the answer is also checked against /openapi.json.
      const res = await this.svc.api(request.method, url.slice(this.svc.url.length), { rawBody: body, headers: { ...request.headers } });
      return { status: res.status, headers: res.headers, text: res.text };
    }
    const res = await fetch(url, { method: request.method, headers: request.headers, body });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
}
