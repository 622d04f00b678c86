import { expect } from 'chai';
import { messageKeyStream, TEMPLATES_COLLECTION, templateSyncStream } from '@support/domain';
import { TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, sendTemplate, settle, startWithFake, syncTemplates, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES, WELCOME_NAMED } from './templates-fixture';

const orderUpdate = (to: string, extra: Record<string, unknown> = {}) => ({
  to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1234') }, ...extra,
});

/** Polls the account's sync stream until it holds `count` events. */
const syncRecorded = async (svc: TestService, count: number, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await readEvents(svc, templateSyncStream('acme'));
    if (events.length >= count) return events;
    if (Date.now() > deadline) throw new Error(`expected ${count} template sync events, have ${events.length}`);
    await settle(20);
  }
};

/** Waits until the account's templates read model (what sends are checked against) lists the template. */
const synced = async (svc: TestService, name: string, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const doc = await svc.deps.readModels.get<{ _id: string; templates?: { name: string }[] }>(TEMPLATES_COLLECTION, 'acme');
    if (doc?.templates?.some((t) => t.name === name)) return;
    if (Date.now() > deadline) throw new Error(`template ${name} not in the read model after ${timeoutMs} ms`);
    await settle(20);
  }
};

describe('template send of a template the last sync does not know (docs/api/chat-app.md, Send): refused at once, a sync started', () => {
  let fake: FakeCloudApi;
  let svc: TestService;

  beforeEach(async () => {
    fake = await startFakeCloudApi();
    fake.templatePages = TEMPLATE_PAGES;
    svc = await startWithFake(fake);
  });
  afterEach(async () => {
    await svc?.stop();
    await fake?.stop();
  });

  it('given an account that never synced, when a send comes, then 7001 names the template, nothing is queued, and the same send succeeds once the started sync is in', async () => {
    // when a send of an approved template comes before any sync
    const res = await sendTemplate(svc, orderUpdate('+14155550401', { msg_id: 'lookup-0' }));
    // then it is refused at once, saying why and what to do
    expect(res.body).to.deep.equal({
      status: 'failure',
      error: {
        code: '7001',
        message: 'Invalid template parameters',
        details: 'template "order_update" is not in the last template sync (this account never synced its templates); '
          + 'a template sync has been started: send again once POST /apis/chatapp/template-sync lists it. Nothing was queued',
      },
    });
    expect(await readEvents(svc, messageKeyStream('acme', 'lookup-0'))).to.have.length(0);
    // and the sync it started reads both pages and is recorded
    expect((await syncRecorded(svc, 1)).map((e) => e.type)).to.deep.equal(['TemplatesSynced']);
    expect(fake.templateRequests).to.have.length(2);
    await synced(svc, 'order_update');
    // when the same send comes again
    const again = await sendTemplate(svc, orderUpdate('+14155550401', { msg_id: 'lookup-0' }));
    // then it is accepted and delivered, without asking the platform for templates again
    expect(again.body.status).to.equal('success');
    expect(await waitForOutcome(svc, again.body.messageId)).to.include({ status: 'sent' });
    expect(fake.templateRequests).to.have.length(2);
  });

  it('given a platform slow to list templates, then the send still answers at once', async () => {
    // given a template list that takes 3 s
    fake.templateScript.push({ status: 200, body: { data: TEMPLATE_PAGES[0] }, delayMs: 3_000 });
    // when a send comes
    const started = Date.now();
    const res = await sendTemplate(svc, orderUpdate('+14155550402'));
    // then the answer does not wait for the platform
    expect(Date.now() - started).to.be.below(1_000);
    expect(res.body.error.code).to.equal('7001');
  });

  it('given a template not approved in the last sync, then 7001 naming its status', async () => {
    expect((await syncTemplates(svc)).status).to.equal(200);
    const res = await sendTemplate(svc, { to: '+14155550404', template: { name: 'pending_promo' } });
    expect(res.body.error.code).to.equal('7001');
    expect(res.body.error.details).to.match(/not approved: its status is PENDING/);
  });

  it('given a template added on the platform after the last sync, then 7001 at once naming the sync, and accepted after the sync it started', async () => {
    // given a sync that did not have order_update yet
    fake.templatePages = [[WELCOME_NAMED]];
    expect((await syncTemplates(svc)).status).to.equal(200);
    // when the template appears on the platform and is sent
    fake.templatePages = TEMPLATE_PAGES;
    const res = await sendTemplate(svc, orderUpdate('+14155550405'));
    // then it is refused, naming the time of the sync that did not have it
    expect(res.body.error.details).to.match(/^template "order_update" is not in the last template sync \(synced at \d{4}-\d\d-\d\dT[^)]+\); a template sync has been started/);
    // and once the started sync is in, the send is accepted and delivered
    expect((await syncRecorded(svc, 2)).map((e) => e.type)).to.deep.equal(['TemplatesSynced', 'TemplatesSynced']);
    await synced(svc, 'order_update');
    const again = await sendTemplate(svc, orderUpdate('+14155550405'));
    expect(again.body.status).to.equal('success');
    expect(await waitForOutcome(svc, again.body.messageId)).to.include({ status: 'sent' });
  });

  it('given the platform cannot be asked, then 7001 all the same, the failed sync recorded, nothing queued', async () => {
    // given a platform that refuses the token when the template list is read
    fake.templateScript.push(platformError(401, 190, 'Invalid OAuth access token'));
    // when a send of a template the service never saw comes
    const res = await sendTemplate(svc, orderUpdate('+14155550406', { msg_id: 'lookup-2' }));
    // then it is refused, nothing reserved, nothing sent, and the failed sync is on record
    expect(res.body.error.code).to.equal('7001');
    expect(await readEvents(svc, messageKeyStream('acme', 'lookup-2'))).to.have.length(0);
    expect((await syncRecorded(svc, 1)).map((e) => e.type)).to.deep.equal(['TemplateSyncFailed']);
    await settle(100);
    expect(fake.sends).to.have.length(0);
  });

  it('given sends of one unknown template arriving together, then one sync is started for all of them', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => sendTemplate(svc, orderUpdate(`+1415555041${i}`))));
    expect(answers.map((a) => a.body.error?.code)).to.deep.equal(['7001', '7001', '7001', '7001', '7001']);
    await syncRecorded(svc, 1);
    await settle(100);
    // one sync: one request per page
    expect(fake.templateRequests).to.have.length(TEMPLATE_PAGES.length);
  });
});
