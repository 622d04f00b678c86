import { expect } from 'chai';
import Router from '@koa/router';
import { features, Feature } from '@support/app';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { sendTemplate, syncTemplates, startWithFake, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { capturedLogger, CapturedLogger } from './captured-logger';

/** What must never be in a log line: tokens, phone numbers (any spelling), emails, bodies. */
const FORBIDDEN = [
  TOKENS.acmeAdmin, 'stolen-token-0042', 'wa-secret',
  '4155552671', '415 555 2671', '4155550123', '9876543210',
  'kim.lee@example.com', 'KIM.LEE@EXAMPLE.COM',
  'The mug arrived broken',
];

/**
 * Call sites that break the rule (log a whole request, put a contact in a message, throw with
 * one): what the redaction declared in one place must still catch.
 */
const carelessFeature: Feature = {
  name: 'careless',
  commandRoutes: (deps) => {
    const router = new Router();
    router.post('/careless/:what', (ctx) => {
      const body = ctx.request.body as { customer: { email: string; phone: string } };
      deps.logger.warn('incoming', { headers: ctx.headers, body, customer: body.customer });
      deps.logger.info(`no customer for ${body.customer.email} / ${body.customer.phone}`);
      throw new Error(`lookup failed for ${body.customer.phone}`);
    });
    return router;
  },
};

describe('the logs of a running service hold no token, phone number, email or body', () => {
  let fake: FakeCloudApi;
  let svc: TestService;
  let captured: CapturedLogger;

  before(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    captured = capturedLogger('info');
    svc = await startWithFake(fake, { logger: captured.logger, features: [...features, carelessFeature] });
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });

  it('given tickets, lists, template sends, refused requests and careless call sites carrying them, then no line holds any of them', async () => {
    // given requests full of personal data and credentials
    const created = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin,
      body: { customer: { name: 'Kim Lee', phone: '+1 415 555 2671', email: 'KIM.LEE@EXAMPLE.COM' }, subject: 'Damaged', query: 'The mug arrived broken. Please refund.' },
    });
    expect(created.status).to.equal(200);
    await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: '+14155552671', search: 'kim.lee@example.com' } });
    await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: 'not a phone 9876543210' } });
    expect((await syncTemplates(svc)).status).to.equal(200);
    const sent = await sendTemplate(svc, { to: '+14155550123', template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Kim', '#1') } });
    await waitForOutcome(svc, sent.body.messageId);
    await sendTemplate(svc, { to: '+1415', template: { name: 'order_update' } });
    await svc.api('POST', '/apis/tickets/manual', { token: 'stolen-token-0042', body: { customer: { email: 'kim.lee@example.com' }, query: 'x' } });
    await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, rawBody: '{"customer": {"phone": "+14155552671"' });
    const careless = await svc.api('POST', '/careless/log', { token: TOKENS.acmeAdmin, body: { customer: { email: 'kim.lee@example.com', phone: '+1 415 555 2671' }, query: 'The mug arrived broken' } });
    expect(careless.status).to.equal(500);
    // then the service did log (access lines with request ids and statuses, the delivery) ...
    const entries = captured.entries();
    expect(entries.filter((e) => e.message === 'request').length).to.be.at.least(7);
    expect(entries.some((e) => e.message === 'request' && e.status === 403)).to.equal(true);
    expect(entries.some((e) => e.message === 'message sent')).to.equal(true);
    expect(entries.filter((e) => ['incoming', 'unhandled error'].includes(String(e.message))).map((e) => e.level)).to.deep.equal(['warn', 'error']);
    expect(entries.some((e) => e.message === 'no customer for [email] / [phone]')).to.equal(true);
    // ... and no line holds a token, a phone number, an email or a body
    for (const line of captured.lines) {
      for (const forbidden of FORBIDDEN) expect(line.toLowerCase(), line).to.not.include(forbidden.toLowerCase());
    }
  });
});
