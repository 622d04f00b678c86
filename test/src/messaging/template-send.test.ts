import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { messageKeyStream } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, sendTemplate, settle, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { namedBody, positionalBody, TEMPLATE_PAGES } from './templates-fixture';

/** The recipient of requests that must be refused (no send may ever reach it). */
const REFUSED_RECIPIENT = '+14155550177';

const failure = (code: string, message: string) => ({ status: 'failure', error: { code, message } });

/** HTTP 200, status failure, error with this code and message (and maybe details). */
const expectFailure = (res: { status: number; body: any }, code: string, message: string) => {
  expect(res.status).to.equal(200);
  expect(res.body.status).to.equal('failure');
  expect(res.body.error).to.include({ code, message });
};

describe('POST /apis/chatapp/template-send (docs/api/chat-app.md)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;
  let failIds = false;

  before(async () => {
    fake = await startFakeCloudApi();
    svc = await startWithFake(fake, {
      overrides: {
        newId: () => {
          if (failIds) throw new Error('id source broken (test fault)');
          return randomUUID();
        },
      },
    });
    fake.templatePages = TEMPLATE_PAGES;
    expect((await syncTemplates(svc)).status).to.equal(200);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });
  beforeEach(() => {
    fake.sends.length = 0;
    fake.sendScript.length = 0;
  });

  /** Nothing was queued under this msg_id: no reservation, no status, nothing sent to this recipient. */
  const expectNothingQueued = async (msgId: string, to = REFUSED_RECIPIENT) => {
    expect(await readEvents(svc, messageKeyStream('acme', msgId))).to.have.length(0);
    expect((await svc.api('GET', `/apis/chatapp/messages?msg_id=${msgId}`, { token: TOKENS.acmeAdmin })).status).to.equal(404);
    await settle(100);
    expect(fake.sends.filter((s) => s.body?.to === to)).to.have.length(0);
  };

  describe('success', () => {
    it('answers success with a message id once the message is queued, then delivers it in the background', async () => {
      // given an approved template with two positional body parameters
      const body = { to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1234') }, campaign: 'oct', msg_id: 'ok-1' };
      // when it is sent
      const res = await sendTemplate(svc, body);
      // then success, recorded as queued (the status reads it at once)
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: 'success', msg_id: 'ok-1', duplicate: false });
      expect(res.body.messageId).to.be.a('string');
      const status = await svc.api('GET', `/apis/chatapp/messages/${res.body.messageId}`, { token: TOKENS.acmeAdmin });
      expect(status.body.status).to.be.oneOf(['queued', 'sending', 'sent']);
      // and the platform gets the documented body with the Bearer token
      const outcome = await waitForOutcome(svc, res.body.messageId);
      expect(outcome.status).to.equal('sent');
      expect(fake.sends).to.have.length(1);
      expect(fake.sends[0].path).to.equal('/v21.0/pn-acme/messages');
      expect(fake.sends[0].authorization).to.equal('Bearer wa-secret');
      expect(fake.sends[0].body).to.deep.include({ messaging_product: 'whatsapp', to: '+14155550123', type: 'template' });
      expect(fake.sends[0].body.template).to.deep.equal({ name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1234') });
    });

    it('accepts named parameters by parameter_name, in any order, and delivers them named', async () => {
      const named = await sendTemplate(svc, { to: '+14155550125', template: { name: 'welcome_named', language: { code: 'en_US' }, components: namedBody({ code: 'X1', first_name: 'Asha' }) } });
      expect(named.body.status).to.equal('success');
      expect((await waitForOutcome(svc, named.body.messageId)).status).to.equal('sent');
      const sent = fake.sends.find((s) => s.body.to === '+14155550125');
      expect(sent?.body.template.components).to.deep.equal(namedBody({ first_name: 'Asha', code: 'X1' }));
    });

    it('takes the language of the synced template when the request names none', async () => {
      const res = await sendTemplate(svc, { to: '+14155550124', template: { name: 'plain_notice' } });
      expect(res.body.status).to.equal('success');
      await waitForOutcome(svc, res.body.messageId);
      const sent = fake.sends.find((s) => s.body.to === '+14155550124');
      expect(sent?.body.template).to.deep.equal({ name: 'plain_notice', language: { code: 'hi' } });
    });
  });

  describe('7001 Invalid template parameters', () => {
    it('when template.name is missing', async () => {
      const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { language: { code: 'en_US' } }, msg_id: 'f-1' });
      expect(res.status).to.equal(200);
      expectFailure(res, '7001', 'Invalid template parameters');
      expect(res.body.error).to.deep.include({ code: '7001', message: 'Invalid template parameters' });
      await expectNothingQueued('f-1');
    });

    it('when template.name is malformed, or template is not an object', async () => {
      expect((await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'Order Update!' } })).body.error.code).to.equal('7001');
      expect((await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: 'order_update' })).body.error.code).to.equal('7001');
      expect((await sendTemplate(svc, { to: REFUSED_RECIPIENT })).body.error.code).to.equal('7001');
    });

    it('when the synced template is not APPROVED, before anything is queued', async () => {
      const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'pending_promo', language: { code: 'en_US' } }, msg_id: 'f-2' });
      expect(res.body.error).to.deep.include({ code: '7001', message: 'Invalid template parameters' });
      expect(res.body.error.details).to.match(/not approved: its status is PENDING/);
      await expectNothingQueued('f-2');
    });

    it('when the positional parameter count does not match the body, before anything is queued', async () => {
      const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha') }, msg_id: 'f-3' });
      expect(res.body.error).to.deep.include({ code: '7001', message: 'Invalid template parameters' });
      expect(res.body.error.details).to.equal('template "order_update" expects 2 body parameters, got 1');
      await expectNothingQueued('f-3');
    });

    it('when named parameters miss one or name an unknown one, before anything is queued', async () => {
      const missing = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'welcome_named', language: { code: 'en_US' }, components: namedBody({ first_name: 'Asha' }) }, msg_id: 'f-4' });
      expect(missing.body.error.code).to.equal('7001');
      expect(missing.body.error.details).to.match(/needs body parameter "code"/);
      const extra = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'welcome_named', language: { code: 'en_US' }, components: namedBody({ first_name: 'A', code: 'B', coupon: 'C' }) }, msg_id: 'f-4' });
      expect(extra.body.error.details).to.match(/has no body parameter "coupon"/);
      await expectNothingQueued('f-4');
    });

    it('when the template is not in the last sync, at once, before anything is queued', async () => {
      const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'not_on_the_platform', language: { code: 'en_US' } }, msg_id: 'f-7' });
      expect(res.body.error).to.deep.include({ code: '7001', message: 'Invalid template parameters' });
      expect(res.body.error.details).to.match(/^template "not_on_the_platform" is not in the last template sync \(synced at \d{4}-.*\); a template sync has been started/);
      await expectNothingQueued('f-7');
    });

    it('when the synced template has no translation in the requested language', async () => {
      const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'order_update', language: { code: 'fr' }, components: positionalBody('a', 'b') } });
      expect(res.body.error.code).to.equal('7001');
      expect(res.body.error.details).to.match(/^template "order_update" has no fr translation in the last template sync \(available: en_US\)/);
    });
  });

  describe('7002 Invalid phone number', () => {
    it('when to is not a valid phone number, missing, or not a string', async () => {
      const template = { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('a', 'b') };
      for (const to of ['12', 'not a phone', '+1415555', undefined, 14155550123]) {
        const res = await sendTemplate(svc, { ...(to !== undefined ? { to } : {}), template, msg_id: 'f-5' });
        expect(res.status).to.equal(200);
        expectFailure(res, '7002', 'Invalid phone number');
      }
      await expectNothingQueued('f-5');
    });
  });

  describe('7004', () => {
    it('"No WhatsApp phone number configured for this account" for an account without a chat app', async () => {
      const res = await sendTemplate(svc, { to: '+14155550123', template: { name: 'order_update' } }, TOKENS.globexAdmin);
      expect(res.status).to.equal(200);
      expectFailure(res, '7004', 'No WhatsApp phone number configured for this account');
    });

    it('"No WhatsApp phone number configured for this account" when "from" is not the configured sender', async () => {
      const res = await sendTemplate(svc, { to: '+14155550123', template: { name: 'plain_notice' }, from: '+14155550999' });
      expectFailure(res, '7004', 'No WhatsApp phone number configured for this account');
      const same = await sendTemplate(svc, { to: '+14155550123', template: { name: 'plain_notice' }, from: '+919800000001' });
      expect(same.body.status).to.equal('success');
    });

    it('"Internal server error" on an unexpected failure, with nothing queued', async () => {
      failIds = true;
      try {
        const res = await sendTemplate(svc, { to: REFUSED_RECIPIENT, template: { name: 'plain_notice' }, msg_id: 'f-6' });
        expect(res.status).to.equal(200);
        expect(res.body).to.deep.equal(failure('7004', 'Internal server error'));
      } finally {
        failIds = false;
      }
      await expectNothingQueued('f-6');
    });
  });

  describe('a chat app without a sender phone', () => {
    let other: TestService;
    before(async () => {
      other = await startWithFake(fake, { edit: (chatApp) => { delete chatApp.phoneNumberId; } });
    });
    after(() => other?.stop());

    it('answers 7004 "No WhatsApp phone number configured for this account"', async () => {
      const res = await sendTemplate(other, { to: '+14155550123', template: { name: 'plain_notice' } });
      expectFailure(res, '7004', 'No WhatsApp phone number configured for this account');
    });
  });

  describe('bad request bodies (400, never a failure code)', () => {
    it('names an unknown top-level key', async () => {
      const res = await sendTemplate(svc, { to: '+14155550123', template: { name: 'plain_notice' }, priority: 'high' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.match(/Unknown field "priority"/);
    });

    it('refuses a wrongly typed optional field and a missing body', async () => {
      const typed = await sendTemplate(svc, { to: '+14155550123', template: { name: 'plain_notice' }, msg_id: 42 });
      expect(typed.status).to.equal(400);
      expect(typed.body.message).to.match(/msg_id/);
      const empty = await svc.api('POST', '/apis/chatapp/template-send', { token: TOKENS.acmeAdmin });
      expect(empty.status).to.equal(400);
    });

    it('answers 401 without a token and 403 for an unknown token', async () => {
      expect((await svc.api('POST', '/apis/chatapp/template-send', { body: {} })).status).to.equal(401);
      expect((await sendTemplate(svc, { to: '+14155550123', template: { name: 'x' } }, 'nope')).status).to.equal(403);
    });
  });
});
