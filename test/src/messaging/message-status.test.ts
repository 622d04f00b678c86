import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { sendTemplate, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES } from './templates-fixture';

const order = (to: string, extra: Record<string, unknown> = {}) => ({
  to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('A', 'B') }, ...extra,
});

describe('GET /apis/chatapp/messages (message status, an addition to the spec)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    svc = await startWithFake(fake, { globexChatApp: true });
    expect((await syncTemplates(svc)).status).to.equal(200);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });

  it('answers queued right after the send, then sent with its timestamps and the platform message id', async () => {
    // given a platform that takes a moment
    fake.sendScript.push({ status: 200, body: { messages: [{ id: 'wamid.slow' }] }, delayMs: 300 });
    // when a message is sent and its status read at once
    const res = await sendTemplate(svc, order('+14155550201', { msg_id: 'st-1', campaign: 'autumn' }));
    const early = await svc.api('GET', `/apis/chatapp/messages/${res.body.messageId}`, { token: TOKENS.acmeAdmin });
    // then it is known at once, and later sent
    expect(early.status).to.equal(200);
    expect(early.body.status).to.be.oneOf(['queued', 'sending']);
    expect(early.body).to.include({ messageId: res.body.messageId, msg_id: 'st-1', campaign: 'autumn', to: '+14155550201', sentAt: null });
    const done = await waitForOutcome(svc, res.body.messageId);
    expect(done).to.include({ status: 'sent', platformMessageId: 'wamid.slow', attempts: 1, error: null });
    for (const k of ['queuedAt', 'sendingAt', 'sentAt', 'updatedAt']) expect(Date.parse(done[k]), k).to.be.a('number').and.not.NaN;
    expect(Date.parse(done.sentAt)).to.be.at.least(Date.parse(done.queuedAt));
    expect(done.template).to.deep.equal({ name: 'order_update', language: { code: 'en_US' } });
  });

  it('answers failed with the failure reason', async () => {
    fake.sendScript.push(platformError(400, 131026, 'Message undeliverable'));
    const res = await sendTemplate(svc, order('+14155550202'));
    const done = await waitForOutcome(svc, res.body.messageId);
    expect(done.status).to.equal('failed');
    expect(done.error).to.include({ code: '131026', message: 'Message undeliverable' });
    expect(done.failedAt).to.be.a('string');
  });

  it('finds a message by the caller\'s msg_id', async () => {
    const res = await sendTemplate(svc, order('+14155550203', { msg_id: 'st-by-id' }));
    const found = await svc.api('GET', '/apis/chatapp/messages?msg_id=st-by-id', { token: TOKENS.acmeAdmin });
    expect(found.status).to.equal(200);
    expect(found.body.messageId).to.equal(res.body.messageId);
  });

  it('answers 404 for another account\'s message, by id and by msg_id', async () => {
    // given a message of acme
    const res = await sendTemplate(svc, order('+14155550204', { msg_id: 'st-acme-only' }));
    // when globex asks for it
    const byId = await svc.api('GET', `/apis/chatapp/messages/${res.body.messageId}`, { token: TOKENS.globexAdmin });
    const byMsgId = await svc.api('GET', '/apis/chatapp/messages?msg_id=st-acme-only', { token: TOKENS.globexAdmin });
    // then not found, as for a message that does not exist
    expect(byId.status).to.equal(404);
    expect(byMsgId.status).to.equal(404);
    expect((await svc.api('GET', '/apis/chatapp/messages/no-such-message', { token: TOKENS.acmeAdmin })).status).to.equal(404);
  });

  it('answers 400 without msg_id or with another query parameter, 401/403 without a valid token', async () => {
    expect((await svc.api('GET', '/apis/chatapp/messages', { token: TOKENS.acmeAdmin })).status).to.equal(400);
    const other = await svc.api('GET', '/apis/chatapp/messages?msg_id=a&status=sent', { token: TOKENS.acmeAdmin });
    expect(other.status).to.equal(400);
    expect(other.body.message).to.match(/"status"/);
    expect((await svc.api('GET', '/apis/chatapp/messages/x')).status).to.equal(401);
    expect((await svc.api('GET', '/apis/chatapp/messages/x', { token: 'nope' })).status).to.equal(403);
  });
});
