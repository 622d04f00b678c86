import { expect } from 'chai';
import { ERASED_TEXT } from '@support/domain';
import { FakeCloudApi, startFakeCloudApi } from '../messaging/fake-cloud-api';
import { sendTemplate, startWithFake, syncTemplates, waitForOutcome } from '../messaging/messaging-service';
import { positionalBody, TEMPLATE_PAGES } from '../messaging/templates-fixture';
import { TOKENS } from '../support/example-config';
import { eventually } from '../support/eventually';
import { TestService } from '../support/test-service';
import { storedForms, valuesHeld } from './support/files-holding';

const PHONE = '+14155550161';
const NAME = 'Ermintrude Quillfeather';
const PARAMETER = 'Frabjous-Parcel-4471';
const KEPT_PHONE = '+14155550162';
const CREATE = { customer: { name: NAME, phone: PHONE }, subject: 'Slithy toves', query: 'Where are my toves?', fastResponse: true };

describe('customer erasure (HTTP): template messages sent to the customer and answers kept for Idempotency-Keys are erased too', function () {
  this.timeout(60_000);
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

  const send = async (to: string, parameter: string) => {
    const res = await sendTemplate(svc, { to, template: { name: 'order_update', language: { code: 'en_US' }, components: positionalBody(parameter, '#1') } });
    expect(res.body.status, res.text).to.equal('success');
    const messageId = res.body.messageId as string;
    await waitForOutcome(svc, messageId);
    return messageId;
  };

  it('given a ticket made with an Idempotency-Key and a template sent to the customer\'s phone, when the customer is erased, then the message keeps its status without the number, the key\'s repeat answers 410, and no file holds the number or the parameters', async () => {
    // given
    const headers = { 'Idempotency-Key': 'erasure-idempotent-create-1' };
    const created = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: CREATE, headers });
    expect(created.status, created.text).to.equal(200);
    const repeated = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: CREATE, headers });
    expect(repeated.headers.get('Idempotent-Replayed'), 'the answer is kept before').to.equal('true');
    const sent = await send(PHONE, PARAMETER);
    const kept = await send(KEPT_PHONE, 'Callooh');

    // when
    const customerId = created.body.customer.id as string;
    expect((await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
    await eventually(async () => (await svc.api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body.status === 'erased', 'the erasure is done', 30_000);

    // then
    // (the read models follow the log a moment after the status says erased)
    let message: any;
    await eventually(async () => (message = (await svc.api('GET', `/apis/chatapp/messages/${sent}`, { token: TOKENS.acmeAdmin }).then((r) => r.body))).to === ERASED_TEXT, 'the message reads to: [erased]', 10_000);
    expect(message).to.include({ status: 'sent', to: ERASED_TEXT });
    expect((await svc.api('GET', `/apis/chatapp/messages/${kept}`, { token: TOKENS.acmeAdmin })).body.to, 'another number is kept').to.equal(KEPT_PHONE);
    const again = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: CREATE, headers });
    expect(again.status, again.text).to.equal(410);
    expect(again.body.message).to.match(/erased/);
    const lookedFor = [PHONE.slice(1), PARAMETER, NAME].flatMap(storedForms);
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(svc.dataDir, lookedFor)).length === 0, 'no file holds an erased value', 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
    expect(valuesHeld(svc.dataDir, [KEPT_PHONE.slice(1)]), 'the other message\'s number is still there (the scan can find one)').to.not.deep.equal([]);
  });
});
