import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, bodyParametersOf, checkBodyParameters, MessageTemplate, toSpecTemplate, validateTemplateSend } from '@support/domain';
import { NO_PARAMS_HI, ORDER_UPDATE, WELCOME_NAMED, namedBody, positionalBody } from './templates-fixture';

const acme: Account = {
  id: 'acme', name: 'Acme',
  chatApp: { apiBaseUrl: 'http://127.0.0.1:1', apiVersion: 'v21.0', accessToken: 'x', phoneNumberId: 'pn', senderPhone: '+919800000001' },
};
const synced = [ORDER_UPDATE, WELCOME_NAMED, NO_PARAMS_HI].map((t) => toSpecTemplate(t)!) as MessageTemplate[];

describe('template rules (spec 2.6, 4.6)', () => {
  describe('toSpecTemplate', () => {
    it('keeps the keys of 2.6 and every key of the components; drops platform-only keys', () => {
      const t = toSpecTemplate({ ...ORDER_UPDATE, quality_score: { score: 'GREEN' }, namespace: 'ns_1' });
      expect(t).to.deep.equal({
        name: 'order_update', language: 'en_US', namespace: 'ns_1', category: 'UTILITY', status: 'APPROVED', parameter_format: 'POSITIONAL', components: ORDER_UPDATE.components,
      });
    });

    it('leaves out an item without a name', () => {
      expect(toSpecTemplate({ language: 'en_US' })).to.equal(null);
    });
  });

  describe('body parameters', () => {
    it('counts positional {{n}} in the body text', () => {
      expect(bodyParametersOf(synced[0])).to.deep.equal({ kind: 'positional', count: 2 });
    });

    it('reads named parameters from body_text_named_params', () => {
      expect(bodyParametersOf(synced[1])).to.deep.equal({ kind: 'named', names: ['first_name', 'code'] });
    });

    it('reads named placeholders from the text when no example is given', () => {
      expect(bodyParametersOf({ name: 'x', components: [{ type: 'BODY', text: 'Hi {{ name }}' }] })).to.deep.equal({ kind: 'named', names: ['name'] });
    });

    it('accepts exactly the expected parameters, in any order for named ones', () => {
      expect(E.isRight(checkBodyParameters(synced[0], positionalBody('a', 'b')))).to.equal(true);
      expect(E.isRight(checkBodyParameters(synced[1], namedBody({ code: '1', first_name: 'A' })))).to.equal(true);
      expect(E.isRight(checkBodyParameters(synced[2], undefined))).to.equal(true);
    });

    it('refuses a wrong count, a missing or unknown name, a repeated name, or positional values for named parameters', () => {
      expect(checkBodyParameters(synced[0], positionalBody('a', 'b', 'c'))).to.deep.equal(E.left('template "order_update" expects 2 body parameters, got 3'));
      expect(checkBodyParameters(synced[2], positionalBody('a'))).to.deep.equal(E.left('template "plain_notice" expects 0 body parameters, got 1'));
      expect(E.isLeft(checkBodyParameters(synced[1], namedBody({ first_name: 'A' })))).to.equal(true);
      expect(E.isLeft(checkBodyParameters(synced[1], [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'code', text: '1' }, { type: 'text', parameter_name: 'code', text: '2' }] }]))).to.equal(true);
      expect(E.isLeft(checkBodyParameters(synced[1], positionalBody('A', '1')))).to.equal(true);
    });
  });

  describe('validateTemplateSend', () => {
    const ok = { to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('a', 'b') } };

    it('answers the message to queue, the phone in E.164', () => {
      const r = validateTemplateSend({ ...ok, to: '+1 (415) 555-0123', msg_id: 'm1', campaign: 'c' }, acme, synced);
      expect(r).to.deep.equal(E.right({ to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('a', 'b') }, campaign: 'c', msgId: 'm1' }));
    });

    it('checks the template (7001) before the phone (7002) before the sender (7004)', () => {
      const noSender: Account = { id: 'g', name: 'G' };
      const template = validateTemplateSend({ to: 'bad', template: {} }, noSender, null);
      expect(E.isLeft(template) && template.left.code).to.equal('7001');
      const phone = validateTemplateSend({ ...ok, to: 'bad' }, noSender, null);
      expect(E.isLeft(phone) && phone.left.code).to.equal('7002');
      const sender = validateTemplateSend(ok, noSender, null);
      expect(E.isLeft(sender) && sender.left).to.include({ code: '7004', message: 'No WhatsApp phone number configured for this account' });
    });

    it('reads numbers without + in the account\'s default country', () => {
      const r = validateTemplateSend({ ...ok, to: '98765 43210' }, { ...acme, defaultPhoneCountry: 'IN' }, synced);
      expect(E.isRight(r) && r.right.to).to.equal('+919876543210');
    });

    it('accepts a template the last sync does not know, defaulting its language to en_US', () => {
      const r = validateTemplateSend({ to: ok.to, template: { name: 'brand_new' } }, acme, synced);
      expect(E.isRight(r) && r.right.template.language).to.deep.equal({ code: 'en_US' });
    });

    it('refuses parameters given in a malformed shape', () => {
      const r = validateTemplateSend({ to: ok.to, template: { name: 'brand_new', components: [{ type: 'body', parameters: [{ text: 'no type' }] }] } }, acme, null);
      expect(E.isLeft(r) && r.left).to.include({ code: '7001', details: 'template.components[0].parameters[0] must be an object with a type' });
    });
  });
});
