import { expect } from 'chai';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import * as E from 'fp-ts/Either';
import { whatsAppCloudClient } from '@support/adapters';
import { ChatApp } from '@support/domain';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { TEMPLATE_PAGES } from './templates-fixture';

/** No real waiting between retries in these tests; the waits asked for are recorded. */
const fastRetries = (waits: number[]) => ({ sleep: async (ms: number) => void waits.push(ms), backoffMs: (call: number) => 100 * call });

describe('WhatsApp Cloud API client (against a local fake)', () => {
  let fake: FakeCloudApi;
  let chatApp: ChatApp;
  const message = { to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: [] } };

  before(async () => {
    fake = await startFakeCloudApi();
    chatApp = { apiBaseUrl: `${fake.url}/`, apiVersion: 'v21.0', businessAccountId: 'waba-1', phoneNumberId: 'pn-1', accessToken: 'tok-1', senderPhone: '+1' };
  });
  after(() => fake.stop());
  beforeEach(() => fake.reset());

  it('follows paging.next until it is absent', async () => {
    fake.templatePages = [...TEMPLATE_PAGES, [{ name: 'third_page' }]];
    const r = await whatsAppCloudClient(fetch).listTemplates(chatApp);
    expect(E.isRight(r) && r.right.pages).to.equal(3);
    expect(E.isRight(r) && r.right.items).to.have.length(5);
    expect(fake.templateRequests.map((q) => new URL(q.url).searchParams.get('after'))).to.deep.equal([null, 'page-1', 'page-2']);
    expect(fake.templateRequests.every((q) => q.authorization === 'Bearer tok-1')).to.equal(true);
  });

  it('never sends the token to another origin named in paging.next: it uses the after cursor on the configured platform', async () => {
    // given a first page whose next link points elsewhere
    fake.templateScript.push({ status: 200, body: { data: [{ name: 'a' }], paging: { cursors: { after: 'page-1' }, next: 'http://127.0.0.2:9/steal?after=page-1' } } });
    fake.templatePages = [[{ name: 'ignored' }], [{ name: 'b' }]];
    const r = await whatsAppCloudClient(fetch).listTemplates(chatApp);
    expect(E.isRight(r) && r.right.items).to.deep.equal([{ name: 'a' }, { name: 'b' }]);
    expect(fake.templateRequests).to.have.length(2);
  });

  it('stops a list whose paging never ends', async () => {
    for (let i = 0; i < 5; i++) fake.templateScript.push({ status: 200, body: { data: [], paging: { next: `${fake.url}/v21.0/waba-1/message_templates?after=same` } } });
    const r = await whatsAppCloudClient(fetch, { maxPages: 10 }).listTemplates(chatApp);
    expect(E.isLeft(r) && r.left).to.include({ kind: 'invalid_response', retryable: false });
  });

  it('sends the documented body and answers the platform message id', async () => {
    const r = await whatsAppCloudClient(fetch).sendTemplate(chatApp, message);
    expect(E.isRight(r) && r.right.platformMessageId).to.match(/^wamid\./);
    expect(fake.sends[0].path).to.equal('/v21.0/pn-1/messages');
    expect(fake.sends[0].body).to.deep.equal({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '+14155550123', type: 'template', template: { name: 'order_update', language: { code: 'en_US' } } });
  });

  it('retries 429 and 5xx with backoff, bounded, keeping the last error code and message', async () => {
    const waits: number[] = [];
    fake.sendScript.push(platformError(429, 130429, 'Rate limit hit'), platformError(502, 1, 'Bad gateway'), platformError(500, 131000, 'Something went wrong'));
    const r = await whatsAppCloudClient(fetch, { ...fastRetries(waits), maxCalls: 3 }).sendTemplate(chatApp, message);
    expect(fake.sends).to.have.length(3);
    expect(waits).to.deep.equal([100, 200]);
    expect(E.isLeft(r) && r.left).to.include({ kind: 'platform', code: '131000', message: 'Something went wrong', httpStatus: 500, retryable: true, calls: 3, traceId: 'trace-1' });
  });

  it('treats other 4xx as final at once', async () => {
    fake.sendScript.push(platformError(400, 100, 'Invalid parameter', { error_subcode: 2494010 }));
    const r = await whatsAppCloudClient(fetch, fastRetries([])).sendTemplate(chatApp, message);
    expect(fake.sends).to.have.length(1);
    expect(E.isLeft(r) && r.left).to.include({ code: '100', subcode: 2494010, httpStatus: 400, retryable: false });
  });

  it('waits as long as Retry-After says, when it says longer', async () => {
    const waits: number[] = [];
    fake.sendScript.push({ ...platformError(429, 4, 'Too many calls'), headers: { 'Retry-After': '2' } });
    const r = await whatsAppCloudClient(fetch, fastRetries(waits)).sendTemplate(chatApp, message);
    expect(E.isRight(r)).to.equal(true);
    expect(waits).to.deep.equal([2_000]);
  });

  it('gives a timed-out call up as retryable, without waiting for the answer', async () => {
    fake.sendScript.push({ status: 200, body: { messages: [{ id: 'late' }] }, delayMs: 1_000 });
    const started = Date.now();
    const r = await whatsAppCloudClient(fetch, { ...fastRetries([]), maxCalls: 1, timeoutMs: 100 }).sendTemplate(chatApp, message);
    expect(Date.now() - started).to.be.below(900);
    expect(E.isLeft(r) && r.left).to.include({ kind: 'timeout', retryable: true });
  });

  it('reports an unreachable platform as a retryable network failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await whatsAppCloudClient(fetch, { ...fastRetries([]), maxCalls: 2 }).sendTemplate({ ...chatApp, apiBaseUrl: `http://127.0.0.1:${port}` }, message);
    expect(E.isLeft(r) && r.left).to.include({ kind: 'network', retryable: true, calls: 2 });
    expect(E.isLeft(r) && r.left.message).not.to.contain('tok-1');
  });
});
