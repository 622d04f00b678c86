import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Account, bodyParametersOf, fitTemplateParameters, MessageTemplate, templatesKnow, toSpecTemplate, validateTemplateSend } from '@support/domain';
import { NO_PARAMS_HI, ORDER_UPDATE, WELCOME_NAMED, namedBody, positionalBody } from './templates-fixture';

const acme: Account = {
  id: 'acme', name: 'Acme',
  chatApp: { apiBaseUrl: 'http://127.0.0.1:1', apiVersion: 'v21.0', accessToken: 'x', phoneNumberId: 'pn', senderPhone: '+919800000001' },
};
const synced = [ORDER_UPDATE, WELCOME_NAMED, NO_PARAMS_HI].map((t) => toSpecTemplate(t)!) as MessageTemplate[];

describe('template rules (docs/api/chat-app.md, Send)', () => {
  describe('toSpecTemplate', () => {
    it('keeps the keys docs/api/chat-app.md shows and every key of the components; drops platform-only keys', () => {
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

    it('reads named parameters in the order of the body text', () => {
      expect(bodyParametersOf(synced[1])).to.deep.equal({ kind: 'named', names: ['first_name', 'code'] });
      const reordered = { ...synced[1], components: [{ type: 'BODY', text: 'Code {{code}} for {{first_name}}', example: { body_text_named_params: [{ param_name: 'first_name' }, { param_name: 'code' }] } }] };
      expect(bodyParametersOf(reordered)).to.deep.equal({ kind: 'named', names: ['code', 'first_name'] });
    });

    it('reads named placeholders from the text when no example is given', () => {
      expect(bodyParametersOf({ name: 'x', components: [{ type: 'BODY', text: 'Hi {{ name }}' }] })).to.deep.equal({ kind: 'named', names: ['name'] });
    });
  });

  describe('fitTemplateParameters: the components the platform gets', () => {
    const body = (parameters: Record<string, unknown>[]) => [{ type: 'body', parameters }];
    const text = (t: string, name?: string) => ({ type: 'text', text: t, ...(name !== undefined ? { parameter_name: name } : {}) });

    it('given a named template and positional parameters, then each takes the next name in the template\'s order', () => {
      expect(fitTemplateParameters(synced[1], body([text('Asha'), text('X1')]))).to.deep.equal(E.right(body([text('Asha', 'first_name'), text('X1', 'code')])));
    });

    it('given named parameters in any order, then they are put in the template\'s order', () => {
      expect(fitTemplateParameters(synced[1], namedBody({ code: '1', first_name: 'A' }))).to.deep.equal(E.right(namedBody({ first_name: 'A', code: '1' })));
    });

    it('given some named and some not, then the unnamed fill the names left, in order', () => {
      expect(fitTemplateParameters(synced[1], body([text('X1', 'code'), text('Asha')]))).to.deep.equal(E.right(body([text('Asha', 'first_name'), text('X1', 'code')])));
    });

    it('keeps the other components and the other keys of a parameter as sent', () => {
      const header = { type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.example/a.png' } }] };
      const r = fitTemplateParameters(synced[1], [header, { type: 'BODY', parameters: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] }]);
      expect(r).to.deep.equal(E.right([header, { type: 'BODY', parameters: [text('A', 'first_name'), text('B', 'code')] }]));
    });

    it('given a positional template, then the parameters stay as sent; names "1".."n" put them in that order and are dropped', () => {
      expect(fitTemplateParameters(synced[0], positionalBody('a', 'b'))).to.deep.equal(E.right(positionalBody('a', 'b')));
      expect(fitTemplateParameters(synced[0], body([text('b', '2'), text('a', '1')]))).to.deep.equal(E.right(positionalBody('a', 'b')));
      expect(fitTemplateParameters(synced[2], undefined)).to.deep.equal(E.right([]));
    });

    it('refuses a wrong count, a missing, unknown or repeated name', () => {
      expect(fitTemplateParameters(synced[0], positionalBody('a', 'b', 'c'))).to.deep.equal(E.left('template "order_update" expects 2 body parameters, got 3'));
      expect(fitTemplateParameters(synced[2], positionalBody('a'))).to.deep.equal(E.left('template "plain_notice" expects 0 body parameters, got 1'));
      expect(fitTemplateParameters(synced[1], positionalBody('A'))).to.deep.equal(E.left('template "welcome_named" expects 2 body parameters ("first_name", "code", in this order), got 1'));
      expect(fitTemplateParameters(synced[1], namedBody({ first_name: 'A' }))).to.deep.equal(E.left('template "welcome_named" needs body parameter "code"'));
      expect(fitTemplateParameters(synced[1], namedBody({ first_name: 'A', coupon: 'C' }))).to.deep.equal(E.left('template "welcome_named" has no body parameter "coupon" (its parameters: "first_name", "code")'));
      expect(fitTemplateParameters(synced[1], body([text('1', 'code'), text('2', 'code')]))).to.deep.equal(E.left('body parameter "code" is given more than once'));
      expect(E.isLeft(fitTemplateParameters(synced[0], body([text('a', 'first'), text('b', '2')])))).to.equal(true);
    });
  });

  describe('fitTemplateParameters: a text header', () => {
    const withHeader = (format: string, text: string | undefined, parameterFormat: string): MessageTemplate => ({
      name: 'shipping_news', language: 'en_US', status: 'APPROVED', parameter_format: parameterFormat,
      components: [{ type: 'HEADER', format, ...(text !== undefined ? { text } : {}) }, { type: 'BODY', text: 'Your parcel is on its way.' }],
    });
    const header = (parameters: Record<string, unknown>[]) => [{ type: 'header', parameters }];

    it('given a named text header, then its parameters are named like the body\'s', () => {
      const r = fitTemplateParameters(withHeader('TEXT', 'News for {{first_name}}', 'NAMED'), header([{ type: 'text', text: 'Asha' }]));
      expect(r).to.deep.equal(E.right(header([{ type: 'text', text: 'Asha', parameter_name: 'first_name' }])));
    });

    it('given a positional text header, then the count must fit', () => {
      expect(fitTemplateParameters(withHeader('TEXT', 'News {{1}}', 'POSITIONAL'), [])).to.deep.equal(E.left('template "shipping_news" expects 1 header parameter, got 0'));
    });

    it('given a media header, then its parameter goes to the platform as sent', () => {
      const image = header([{ type: 'image', image: { link: 'https://x.example/p.png' } }]);
      expect(fitTemplateParameters(withHeader('IMAGE', undefined, 'NAMED'), image)).to.deep.equal(E.right(image));
    });
  });

  describe('templatesKnow', () => {
    it('knows a template by name, and by translation when a language is asked for', () => {
      expect(templatesKnow({ name: 'order_update', components: [] }, synced)).to.equal(true);
      expect(templatesKnow({ name: 'order_update', languageCode: 'en_US', components: [] }, synced)).to.equal(true);
      expect(templatesKnow({ name: 'order_update', languageCode: 'fr', components: [] }, synced)).to.equal(false);
      expect(templatesKnow({ name: 'brand_new', components: [] }, synced)).to.equal(false);
      expect(templatesKnow({ name: 'order_update', components: [] }, null)).to.equal(false);
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

    it('refuses a template the platform\'s set does not hold', () => {
      const r = validateTemplateSend({ to: ok.to, template: { name: 'brand_new' } }, acme, synced);
      expect(r).to.deep.equal(E.left({ code: '7001', message: 'Invalid template parameters', details: 'template "brand_new" does not exist on the messaging platform for this account' }));
    });

    it('takes the template\'s only language when the request names none', () => {
      const r = validateTemplateSend({ to: ok.to, template: { name: 'plain_notice' } }, acme, synced);
      expect(E.isRight(r) && r.right.template.language).to.deep.equal({ code: 'hi' });
    });

    it('refuses parameters given in a malformed shape', () => {
      const r = validateTemplateSend({ to: ok.to, template: { name: 'brand_new', components: [{ type: 'body', parameters: [{ text: 'no type' }] }] } }, acme, null);
      expect(E.isLeft(r) && r.left).to.include({ code: '7001', details: 'template.components[0].parameters[0] must be an object with a type' });
    });
  });
});
