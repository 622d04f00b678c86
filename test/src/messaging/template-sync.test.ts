import { expect } from 'chai';
import { templateSyncStream } from '@support/domain';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, startWithFake, syncTemplates } from './messaging-service';
import { TEMPLATE_PAGES, WELCOME_NAMED } from './templates-fixture';

describe('POST /apis/chatapp/template-sync (docs/api/chat-app.md, Sync)', () => {
  let fake: FakeCloudApi;
  let svc: TestService;

  before(async () => {
    fake = await startFakeCloudApi();
    svc = await startWithFake(fake);
  });
  after(async () => {
    await svc?.stop();
    await fake?.stop();
  });
  beforeEach(() => fake.reset());

  it('fetches every page and answers each template in the form docs/api/chat-app.md shows, components whole', async () => {
    // given two pages of templates on the platform
    fake.templatePages = TEMPLATE_PAGES;
    // when the account syncs
    const res = await syncTemplates(svc);
    // then both pages were fetched and every template is answered
    expect(res.status).to.equal(200);
    expect(fake.templateRequests).to.have.length(2);
    expect(res.body.data.map((t: { name: string }) => t.name)).to.deep.equal(['order_update', 'welcome_named', 'pending_promo', 'plain_notice']);
    const named = res.body.data[1];
    expect(named).to.deep.equal({
      name: 'welcome_named', language: 'en_US', status: 'APPROVED', category: 'MARKETING', parameter_format: 'NAMED',
      components: WELCOME_NAMED.components,
    });
    expect(res.body.data[3].language).to.deep.equal({ code: 'hi' });
  });

  it('calls the configured business account with the Bearer access token', async () => {
    fake.templatePages = [[]];
    await syncTemplates(svc);
    expect(fake.templateRequests[0].url).to.match(/\/v21\.0\/waba-acme\/message_templates\?/);
    expect(fake.templateRequests[0].authorization).to.equal('Bearer wa-secret');
  });

  it('records each sync as an event with its time', async () => {
    fake.templatePages = TEMPLATE_PAGES;
    const res = await syncTemplates(svc);
    const events = await readEvents(svc, templateSyncStream('acme'));
    const last = events[events.length - 1];
    expect(last.type).to.equal('TemplatesSynced');
    expect(last.data.syncedAt).to.equal(res.body.syncedAt);
    expect(last.data.templates).to.have.length(4);
    expect(last.metadata).to.include({ accountId: 'acme', userId: 'tok-admin' });
  });

  it('answers 500 "failed to fetch the chat-app templates" when the platform fails, and records the failure', async () => {
    // given a platform that refuses the token
    fake.templateScript.push(platformError(401, 190, 'Invalid OAuth access token - Cannot parse access token'));
    // when the account syncs
    const res = await syncTemplates(svc);
    // then 500 in the error body of docs/api/README.md, with a safe cause and no token
    expect(res.status).to.equal(500);
    expect(res.body.error).to.equal('failed to fetch the chat-app templates');
    expect(res.body.message).to.match(/refused the account's access token \(HTTP 401, platform error code 190\)/);
    expect(res.text).not.to.contain('wa-secret');
    const events = await readEvents(svc, templateSyncStream('acme'));
    expect(events[events.length - 1]).to.deep.include({ type: 'TemplateSyncFailed' });
    expect(events[events.length - 1].data).to.include({ kind: 'platform', httpStatus: 401, platformCode: '190' });
  });

  it('retries a 5xx page and still gets every page', async () => {
    fake.templatePages = TEMPLATE_PAGES;
    fake.templateScript.push(platformError(503, 2, 'Service temporarily unavailable'));
    const res = await syncTemplates(svc);
    expect(res.status).to.equal(200);
    expect(res.body.data).to.have.length(4);
    expect(fake.templateRequests).to.have.length(3);
  });

  it('answers 500 when platform errors outlast the retries', async () => {
    fake.templateScript.push(platformError(500, 1, 'An unknown error occurred'), platformError(500, 1, 'x'), platformError(500, 1, 'x'));
    const res = await syncTemplates(svc);
    expect(res.status).to.equal(500);
    expect(res.body.error).to.equal('failed to fetch the chat-app templates');
    expect(res.body.message).to.match(/unavailable or busy/);
  });

  it('answers 500 for an account without a chat app', async () => {
    const res = await syncTemplates(svc, TOKENS.globexAdmin);
    expect(res.status).to.equal(500);
    expect(res.body).to.include({ error: 'failed to fetch the chat-app templates' });
    expect(res.body.message).to.match(/not configured for this account/);
    expect(fake.templateRequests).to.have.length(0);
  });

  it('answers 401 without a token and 403 for an unknown token', async () => {
    expect((await svc.api('POST', '/apis/chatapp/template-sync')).status).to.equal(401);
    expect((await syncTemplates(svc, 'not-a-token')).status).to.equal(403);
  });

  describe('a chat app without a business account id', () => {
    let other: TestService;
    before(async () => {
      other = await startWithFake(fake, { edit: (chatApp) => { delete chatApp.businessAccountId; } });
    });
    after(() => other?.stop());

    it('answers 500 "failed to fetch the chat-app templates" naming the missing key, without calling the platform', async () => {
      const res = await syncTemplates(other);
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({ error: 'failed to fetch the chat-app templates', message: 'The chat app (WhatsApp) of this account has no businessAccountId: add chatApp.businessAccountId to its configuration' });
      expect(fake.templateRequests).to.have.length(0);
    });
  });
});
