import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { messageStream } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';
import { allowedHostsOf, startWebhookReceiver, WebhookReceiver } from '../webhooks/webhook-receiver';
import { FakeCloudApi, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, sendTemplate, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES } from './templates-fixture';

const PATH = '/apis/chatapp/webhooks/whatsapp';
/** acme's chatApp in the demo configuration. */
const APP_SECRET = 'meta-app-secret-acme';
const VERIFY_TOKEN = 'acme-verify-token';
const PHONE_NUMBER_ID = 'pn-acme';

/** A status webhook body as Meta sends it. */
const statusBody = (statuses: readonly Record<string, unknown>[], phoneNumberId = PHONE_NUMBER_ID) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'waba-acme', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '919800000001', phone_number_id: phoneNumberId }, statuses } }] }],
});
const status = (id: string, s: string, extra: Record<string, unknown> = {}) => ({ id, status: s, timestamp: '1795000000', recipient_id: '14155550301', ...extra });
const signed = (body: unknown, secret = APP_SECRET) => {
  const rawBody = JSON.stringify(body);
  return { rawBody, headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}` } };
};

describe('the WhatsApp status webhook: delivery receipts of sent messages (an addition to the spec)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;
  let receiver: WebhookReceiver;

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    receiver = await startWebhookReceiver();
    svc = await startWithFake(fake, { env: { WEBHOOK_ALLOWED_HOSTS: allowedHostsOf(receiver.url) } });
    expect((await syncTemplates(svc)).status).to.equal(200);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
    await receiver?.stop();
  });

  const sent = async (platformId: string, to: string) => {
    fake.sendScript.push({ status: 200, body: { messages: [{ id: platformId }] } });
    const res = await sendTemplate(svc, { to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('A', 'B') } });
    return (await waitForOutcome(svc, res.body.messageId)).messageId as string;
  };

  it('given a sent message and a subscription to message.delivered, when Meta reports it delivered then read, then its status says so, each once, and the subscriber gets message.delivered', async () => {
    // given
    const hook = await svc.api('POST', '/apis/webhooks', { token: TOKENS.acmeAdmin, body: { url: receiver.url, eventTypes: ['message.delivered'] } });
    expect(hook.status).to.equal(201);
    const messageId = await sent('wamid.receipt-1', '+14155550301');
    // when
    const delivered = await svc.api('POST', PATH, signed(statusBody([status('wamid.receipt-1', 'delivered')])));
    const again = await svc.api('POST', PATH, signed(statusBody([status('wamid.receipt-1', 'delivered')])));
    const read = await svc.api('POST', PATH, signed(statusBody([status('wamid.receipt-1', 'read', { timestamp: '1795000060' })])));
    // then
    expect(delivered.body).to.deep.equal({ received: 1, recorded: 1, alreadyKnown: 0, unknown: 0 });
    expect(again.body).to.deep.equal({ received: 1, recorded: 0, alreadyKnown: 1, unknown: 0 });
    expect(read.body).to.deep.equal({ received: 1, recorded: 1, alreadyKnown: 0, unknown: 0 });
    await eventually(async () => (await svc.api('GET', `/apis/chatapp/messages/${messageId}`, { token: TOKENS.acmeAdmin })).body.status === 'read', 'read', 5_000);
    const view = await svc.api('GET', `/apis/chatapp/messages/${messageId}`, { token: TOKENS.acmeAdmin });
    expect(view.body).to.include({ status: 'read', deliveredAt: '2026-11-18T11:06:40.000Z', readAt: '2026-11-18T11:07:40.000Z', platformMessageId: 'wamid.receipt-1' });
    const events = (await readEvents(svc, messageStream(messageId))).filter((e) => e.type === 'MessageStatusReported').map((e) => e.data.status);
    expect(events).to.deep.equal(['delivered', 'read']);
    await eventually(() => receiver.received.length >= 1, 'message.delivered', 10_000);
    const payload = JSON.parse(receiver.received[0].body);
    expect(payload.type).to.equal('message.delivered');
    expect(payload.data).to.deep.equal({ messageId, platformMessageId: 'wamid.receipt-1', deliveredAt: '2026-11-18T11:06:40.000Z' });
    await svc.api('DELETE', `/apis/webhooks/${hook.body.id}`, { token: TOKENS.acmeAdmin });
  });

  it('given a sent message, when Meta reports it failed, then it is failed with the platform\'s reason; a status of a message the service did not send is counted as unknown', async () => {
    const messageId = await sent('wamid.receipt-2', '+14155550302');
    const failed = await svc.api('POST', PATH, signed(statusBody([
      status('wamid.receipt-2', 'failed', { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Receiver is incapable of receiving this message' } }] }),
      status('wamid.not-ours', 'delivered'),
      status('wamid.receipt-2', 'sent'),
    ])));
    expect(failed.body).to.deep.equal({ received: 2, recorded: 1, alreadyKnown: 0, unknown: 1 });
    await eventually(async () => (await svc.api('GET', `/apis/chatapp/messages/${messageId}`, { token: TOKENS.acmeAdmin })).body.status === 'failed', 'failed', 5_000);
    const view = await svc.api('GET', `/apis/chatapp/messages/${messageId}`, { token: TOKENS.acmeAdmin });
    expect(view.body.error).to.include({ code: '131026', message: 'Message undeliverable', details: 'Receiver is incapable of receiving this message' });
  });

  it('refuses a body without the app\'s signature or with another one (401), and a body that is not a status webhook (400)', async () => {
    const body = statusBody([status('wamid.receipt-1', 'delivered')]);
    expect((await svc.api('POST', PATH, { body })).status).to.equal(401);
    const forged = await svc.api('POST', PATH, signed(body, 'another-secret'));
    expect(forged.status).to.equal(401);
    expect(forged.body.message).to.contain('X-Hub-Signature-256');
    const notMeta = await svc.api('POST', PATH, signed({ hello: 'world' }));
    expect(notMeta.status).to.equal(400);
    expect(notMeta.body.message).to.contain('whatsapp_business_account');
  });

  it('answers Meta\'s registration check with the challenge when the verify token is an account\'s, 403 otherwise', async () => {
    const ok = await svc.api('GET', `${PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).to.equal(200);
    expect(ok.text).to.equal('1158201444');
    expect((await svc.api('GET', `${PATH}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).to.equal(403);
    expect((await svc.api('GET', `${PATH}?hub.mode=subscribe`)).status).to.equal(400);
  });
});
