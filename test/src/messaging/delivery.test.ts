import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EVENT_SCHEMA_VERSION, messageStream } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, sendTemplate, settle, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES } from './templates-fixture';

const orderUpdate = (to: string, extra: Record<string, unknown> = {}) => ({
  to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1234') }, ...extra,
});

describe('template delivery (worker, docs/api/chat-app.md (Delivery))', () => {
  let fake: FakeCloudApi;
  let svc: TestService;

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    svc = await startWithFake(fake, { globexChatApp: true });
    // sends are checked against each account's last template sync
    expect((await syncTemplates(svc)).status).to.equal(200);
    expect((await syncTemplates(svc, TOKENS.globexAdmin)).status).to.equal(200);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });
  beforeEach(() => {
    fake.reset();
    fake.templatePages = TEMPLATE_PAGES;
  });

  const sendsTo = (to: string) => fake.sends.filter((s) => s.body?.to === to);
  const deliveredTo = (to: string) => fake.delivered().filter((s) => s.body?.to === to);

  it('delivers once a send that meets two 500s and then succeeds', async () => {
    // given a platform that fails twice with 500
    fake.sendScript.push(platformError(500, 2, 'Service temporarily unavailable'), platformError(500, 2, 'Service temporarily unavailable'));
    // when a message is sent
    const res = await sendTemplate(svc, orderUpdate('+14155550101'));
    // then it is sent once, with the platform's message id
    const outcome = await waitForOutcome(svc, res.body.messageId);
    await settle();
    expect(outcome.status).to.equal('sent');
    expect(outcome.platformMessageId).to.match(/^wamid\.fake-/);
    expect(sendsTo('+14155550101')).to.have.length(3);
    expect(deliveredTo('+14155550101')).to.have.length(1);
    const events = await readEvents(svc, messageStream(res.body.messageId));
    expect(events.map((e) => e.type)).to.deep.equal(['MessageQueued', 'MessageSendingStarted', 'MessageSent']);
    expect(events[2].data.platformMessageId).to.equal(outcome.platformMessageId);
  });

  it('retries from the queue with backoff when failures outlast one attempt, recording each attempt', async () => {
    // given a platform down for more calls than one attempt makes (3)
    for (let i = 0; i < 3; i++) fake.sendScript.push(platformError(503, 2, 'Service temporarily unavailable'));
    // when a message is sent
    const res = await sendTemplate(svc, orderUpdate('+14155550102'));
    // then the first attempt fails (recorded with the platform's code), the second delivers
    const outcome = await waitForOutcome(svc, res.body.messageId);
    expect(outcome).to.include({ status: 'sent', attempts: 2 });
    expect(outcome.lastError).to.include({ code: '2', message: 'Service temporarily unavailable', httpStatus: 503 });
    expect(deliveredTo('+14155550102')).to.have.length(1);
    const events = await readEvents(svc, messageStream(res.body.messageId));
    expect(events.map((e) => e.type)).to.deep.equal(['MessageQueued', 'MessageSendingStarted', 'MessageSendAttemptFailed', 'MessageSendingStarted', 'MessageSent']);
    const failed = events[2].data;
    expect(Date.parse(failed.retryAt) - Date.parse(failed.failedAt)).to.be.at.least(1_000);
  });

  it('fails for good on a final 4xx, keeping the platform code and message, without retrying', async () => {
    // given a platform that refuses the template
    fake.sendScript.push(platformError(400, 132001, 'Template name does not exist in the translation', { error_data: { messaging_product: 'whatsapp', details: 'template name (order_update) does not exist in en_US' } }));
    // when a message is sent
    const res = await sendTemplate(svc, orderUpdate('+14155550103'));
    // then it failed with the platform's reason, after one call
    const outcome = await waitForOutcome(svc, res.body.messageId);
    await settle();
    expect(outcome.status).to.equal('failed');
    expect(outcome.failedAt).to.be.a('string');
    expect(outcome.error).to.deep.equal({ code: '132001', message: 'Template name does not exist in the translation', httpStatus: 400, details: 'template name (order_update) does not exist in en_US' });
    expect(sendsTo('+14155550103')).to.have.length(1);
    const events = await readEvents(svc, messageStream(res.body.messageId));
    expect(events[events.length - 1].type).to.equal('MessageFailed');
    expect(events[events.length - 1].data.error).to.include({ code: '132001', traceId: 'trace-1' });
  });

  it('queues and delivers the same msg_id once, answering the same message id', async () => {
    // given a message sent with a msg_id
    const first = await sendTemplate(svc, orderUpdate('+14155550104', { msg_id: 'dup-1' }));
    // when the same msg_id is sent again (also several at once)
    const again = await Promise.all([1, 2, 3].map(() => sendTemplate(svc, orderUpdate('+14155550104', { msg_id: 'dup-1' }))));
    // then one message, delivered once
    expect(first.body).to.include({ status: 'success', duplicate: false });
    for (const r of again) expect(r.body).to.include({ status: 'success', messageId: first.body.messageId, duplicate: true });
    await waitForOutcome(svc, first.body.messageId);
    await settle();
    expect(sendsTo('+14155550104')).to.have.length(1);
  });

  it('queues one message for a msg_id sent concurrently for the first time', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => sendTemplate(svc, orderUpdate('+14155550105', { msg_id: 'race-1' }))));
    const ids = new Set(answers.map((a) => a.body.messageId));
    expect(ids.size).to.equal(1);
    expect(answers.filter((a) => a.body.duplicate === false)).to.have.length(1);
    await waitForOutcome(svc, answers[0].body.messageId);
    await settle();
    expect(sendsTo('+14155550105')).to.have.length(1);
  });

  it('keeps msg_ids apart per account: the same msg_id in another account is another message, sent with that account\'s number', async () => {
    // given acme sent a msg_id
    const acme = await sendTemplate(svc, orderUpdate('+14155550106', { msg_id: 'shared-1' }));
    // when globex sends the same msg_id
    const globex = await sendTemplate(svc, orderUpdate('+14155550106', { msg_id: 'shared-1' }), TOKENS.globexAdmin);
    // then two messages, each delivered through its own account's phone number
    expect(globex.body).to.include({ status: 'success', duplicate: false });
    expect(globex.body.messageId).not.to.equal(acme.body.messageId);
    await waitForOutcome(svc, acme.body.messageId);
    await waitForOutcome(svc, globex.body.messageId, 10_000, TOKENS.globexAdmin);
    expect(sendsTo('+14155550106').map((s) => [s.path, s.authorization]).sort()).to.deep.equal([
      ['/v21.0/pn-acme/messages', 'Bearer wa-secret'],
      ['/v21.0/pn-globex/messages', 'Bearer wa-globex'],
    ]);
  });
});

describe('template delivery across restarts', () => {
  let fake: FakeCloudApi;
  let dataDir: string;

  beforeEach(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'messaging-restart-'));
  });
  afterEach(async () => {
    await fake?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers once a message queued by a service that stopped before its worker ran', async () => {
    // given a service without workers that queues a message, then stops
    const first = await startWithFake(fake, { components: ['command-api', 'query-api', 'projectors'], dataDir });
    expect((await syncTemplates(first)).status).to.equal(200);
    const res = await sendTemplate(first, orderUpdate('+14155550111', { msg_id: 'restart-1' }));
    expect(res.body.status).to.equal('success');
    await settle(200);
    await first.stop({ remove: false });
    expect(fake.sends).to.have.length(0);
    // when a full service starts on the same data
    const second = await startWithFake(fake, { dataDir });
    try {
      // then the message is delivered, exactly once
      const outcome = await waitForOutcome(second, res.body.messageId);
      await settle(500);
      expect(outcome.status).to.equal('sent');
      expect(fake.sends).to.have.length(1);
      // and a repeat of the msg_id after the restart still answers the same message
      const again = await sendTemplate(second, orderUpdate('+14155550111', { msg_id: 'restart-1' }));
      expect(again.body).to.include({ messageId: res.body.messageId, duplicate: true });
      await settle(200);
      expect(fake.sends).to.have.length(1);
    } finally {
      await second.stop({ remove: false });
    }
  });

  it('after a worker died mid-attempt (attempt recorded, no outcome), sends once more when the lease is over, marked as such', async () => {
    // given a queued message whose first attempt was recorded by a worker that then died (lease over)
    const first = await startWithFake(fake, { components: ['command-api', 'query-api', 'projectors'], dataDir });
    expect((await syncTemplates(first)).status).to.equal(200);
    const res = await sendTemplate(first, orderUpdate('+14155550112'));
    const messageId = res.body.messageId;
    const queued = await readEvents(first, messageStream(messageId));
    const started = new Date(Date.now() - 60_000);
    await first.deps.eventStore.appendToStream(messageStream(messageId), [{
      id: `attempt-${messageId}`,
      type: 'MessageSendingStarted',
      data: { messageId, attempt: 1, startedAt: started.toISOString(), leaseUntil: new Date(started.getTime() + 45_000).toISOString(), afterUnconfirmedAttempt: false },
      metadata: { version: EVENT_SCHEMA_VERSION, accountId: 'acme', userId: 'chatapp-delivery' },
    }], { expectedRevision: BigInt(queued.length - 1) });
    await settle(200);
    await first.stop({ remove: false });
    // when the workers start again
    const second = await startWithFake(fake, { dataDir });
    try {
      // then one more send is made (at-least-once), recorded as following an unconfirmed attempt
      const outcome = await waitForOutcome(second, messageId);
      await settle(300);
      expect(outcome).to.include({ status: 'sent', attempts: 2 });
      expect(fake.sends).to.have.length(1);
      const events = await readEvents(second, messageStream(messageId));
      expect(events.map((e) => e.type)).to.deep.equal(['MessageQueued', 'MessageSendingStarted', 'MessageSendingStarted', 'MessageSent']);
      expect(events[2].data).to.include({ attempt: 2, afterUnconfirmedAttempt: true });
    } finally {
      await second.stop({ remove: false });
    }
  });
});
