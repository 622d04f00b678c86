import { expect } from 'chai';
import { messageKeyStream, templateSyncStream } from '@support/domain';
import { TestService } from '../support/test-service';
import { FakeCloudApi, platformError, startFakeCloudApi } from './fake-cloud-api';
import { readEvents, sendTemplate, settle, startWithFake, waitForOutcome } from './messaging-service';
import { positionalBody, TEMPLATE_PAGES, WELCOME_NAMED } from './templates-fixture';

const orderUpdate = (to: string, extra: Record<string, unknown> = {}) => ({
  to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody('Asha', '#1234') }, ...extra,
});

describe('template send of a template the last sync does not know (spec 4.6)', () => {
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

  const syncEvents = () => readEvents(svc, templateSyncStream('acme'));

  it('given an account that never synced, when a send comes, then the platform is asked first and the send is checked against its answer', async () => {
    // when a send of an approved template comes before any sync
    const res = await sendTemplate(svc, orderUpdate('+14155550401'));
    // then the template list was read (both pages) and recorded as a sync, and the send accepted and delivered
    expect(res.body.status).to.equal('success');
    expect(fake.templateRequests).to.have.length(2);
    expect((await syncEvents()).map((e) => e.type)).to.deep.equal(['TemplatesSynced']);
    expect(await waitForOutcome(svc, res.body.messageId)).to.include({ status: 'sent' });
    // and a second send of a known template does not ask again
    const again = await sendTemplate(svc, orderUpdate('+14155550402'));
    expect(again.body.status).to.equal('success');
    expect(fake.templateRequests).to.have.length(2);
  });

  it('given a template the platform does not have, then 7001 and nothing is queued', async () => {
    const res = await sendTemplate(svc, { to: '+14155550403', template: { name: 'made_up_template' }, msg_id: 'lookup-1' });
    expect(res.body).to.deep.equal({
      status: 'failure',
      error: { code: '7001', message: 'Invalid template parameters', details: 'template "made_up_template" does not exist on the messaging platform for this account' },
    });
    expect(await readEvents(svc, messageKeyStream('acme', 'lookup-1'))).to.have.length(0);
  });

  it('given a template not approved on the platform, then 7001 before anything is queued', async () => {
    const res = await sendTemplate(svc, { to: '+14155550404', template: { name: 'pending_promo' } });
    expect(res.body.error.code).to.equal('7001');
    expect(res.body.error.details).to.match(/not approved: its status is PENDING/);
  });

  it('given a template added on the platform after the last sync, then it is found and its parameters checked', async () => {
    // given a sync (made by a send of another template) that did not have order_update yet
    fake.templatePages = [[WELCOME_NAMED]];
    const first = await sendTemplate(svc, { to: '+14155550405', template: { name: 'welcome_named', components: positionalBody('Asha', 'X1') } });
    expect(first.body.status).to.equal('success');
    // when the template appears on the platform and is sent with positional parameters
    fake.templatePages = TEMPLATE_PAGES;
    const res = await sendTemplate(svc, orderUpdate('+14155550405'));
    // then it is looked up, accepted and delivered
    expect(res.body.status).to.equal('success');
    expect((await syncEvents()).map((e) => e.type)).to.deep.equal(['TemplatesSynced', 'TemplatesSynced']);
    expect(await waitForOutcome(svc, res.body.messageId)).to.include({ status: 'sent' });
  });

  it('given the platform cannot be asked, then 7004 saying so, and nothing is queued unchecked', async () => {
    // given a platform that refuses the token when the template list is read
    fake.templateScript.push(platformError(401, 190, 'Invalid OAuth access token'));
    // when a send of a template the service never saw comes
    const res = await sendTemplate(svc, orderUpdate('+14155550406', { msg_id: 'lookup-2' }));
    // then it is refused as an internal error with the reason, nothing reserved, nothing sent
    expect(res.body.status).to.equal('failure');
    expect(res.body.error).to.include({ code: '7004', message: 'Internal server error' });
    expect(res.body.error.details).to.match(/^template "order_update" is not in the last template sync and the messaging platform could not be asked for it \(The messaging platform refused the account's access token/);
    expect(await readEvents(svc, messageKeyStream('acme', 'lookup-2'))).to.have.length(0);
    expect((await syncEvents()).map((e) => e.type)).to.deep.equal(['TemplateSyncFailed']);
    await settle(100);
    expect(fake.sends).to.have.length(0);
  });

  it('given sends of one unknown template arriving together, then the platform is asked once', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => sendTemplate(svc, orderUpdate(`+1415555041${i}`))));
    expect(answers.map((a) => a.body.status)).to.deep.equal(['success', 'success', 'success', 'success', 'success']);
    // one sync: one request per page
    expect(fake.templateRequests).to.have.length(TEMPLATE_PAGES.length);
  });
});
