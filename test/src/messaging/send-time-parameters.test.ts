import { expect } from 'chai';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from './fake-cloud-api';
import { sendTemplate, settle, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES } from './templates-fixture';

/** welcome_named: "Welcome {{first_name}}, your code is {{code}}." (parameter_format NAMED). */
const welcome = (to: string, parameters: Record<string, unknown>[]) => ({
  to, template: { name: 'welcome_named', language: { code: 'en_US' }, components: [{ type: 'body', parameters }] },
});

describe('template send with the spec\'s send-time shape (docs/api/chat-app.md, Send)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    svc = await startWithFake(fake);
    expect((await syncTemplates(svc)).status).to.equal(200);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });

  const sentTo = (to: string) => fake.sends.filter((s) => s.body?.to === to);

  it('given a named template and positional { type, text } parameters in its order, then the platform gets them with the names filled in', async () => {
    // when the send uses the spec's shape: no parameter_name
    const res = await sendTemplate(svc, welcome('+14155550301', [{ type: 'text', text: 'Asha' }, { type: 'text', text: 'X1' }]));
    // then it is accepted and delivered, each parameter named as the Cloud API requires
    expect(res.body).to.include({ status: 'success' });
    expect(await waitForOutcome(svc, res.body.messageId)).to.include({ status: 'sent' });
    expect(sentTo('+14155550301')).to.have.length(1);
    expect(sentTo('+14155550301')[0].body.template).to.deep.equal({
      name: 'welcome_named',
      language: { code: 'en_US' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha', parameter_name: 'first_name' }, { type: 'text', text: 'X1', parameter_name: 'code' }] }],
    });
  });

  it('given some parameters named and the others not, then the unnamed ones fill the remaining names in order', async () => {
    const res = await sendTemplate(svc, welcome('+14155550302', [{ type: 'text', parameter_name: 'code', text: 'X2' }, { type: 'text', text: 'Ben' }]));
    expect(res.body.status).to.equal('success');
    await waitForOutcome(svc, res.body.messageId);
    expect(sentTo('+14155550302')[0].body.template.components[0].parameters).to.deep.equal([
      { type: 'text', text: 'Ben', parameter_name: 'first_name' },
      { type: 'text', parameter_name: 'code', text: 'X2' },
    ]);
  });

  it('given a positional template, then its parameters go to the platform as sent, without names', async () => {
    const res = await sendTemplate(svc, { to: '+14155550303', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Kim', '#9') } });
    await waitForOutcome(svc, res.body.messageId);
    expect(sentTo('+14155550303')[0].body.template.components).to.deep.equal(positionalBody('Kim', '#9'));
  });

  describe('7001 only for real mismatches, before anything is queued', () => {
    it('given one parameter too few or too many, then 7001 saying how many and which, in order', async () => {
      for (const texts of [['Asha'], ['Asha', 'X1', 'extra']]) {
        const res = await sendTemplate(svc, welcome('+14155550304', texts.map((text) => ({ type: 'text', text }))));
        expect(res.body.status).to.equal('failure');
        expect(res.body.error).to.include({ code: '7001', message: 'Invalid template parameters' });
        expect(res.body.error.details).to.equal(`template "welcome_named" expects 2 body parameters ("first_name", "code", in this order), got ${texts.length}`);
      }
    });

    it('given a name the template does not have, then 7001 naming it', async () => {
      const res = await sendTemplate(svc, welcome('+14155550304', [{ type: 'text', parameter_name: 'coupon', text: 'C' }, { type: 'text', text: 'Asha' }]));
      expect(res.body.error.code).to.equal('7001');
      expect(res.body.error.details).to.equal('template "welcome_named" has no body parameter "coupon" (its parameters: "first_name", "code")');
    });

    it('given no body parameters at all, then 7001 naming the ones it needs', async () => {
      const res = await sendTemplate(svc, { to: '+14155550304', template: { name: 'welcome_named', language: { code: 'en_US' } } });
      expect(res.body.error.details).to.equal('template "welcome_named" needs body parameters "first_name", "code"');
      await settle(100);
      expect(sentTo('+14155550304')).to.have.length(0);
    });
  });
});
