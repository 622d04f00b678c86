import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { storedForms, valuesHeld } from './support/files-holding';

const CUSTOMER = { name: 'Quentin Zyxwvut', phone: '+14155550199', email: 'quentin.zyxwvut@example.org' };
const SUBJECT = 'Vorpal teapot';
const QUERY = 'The vorpal teapot went snicker-snack';
const SKU = 'VORPAL-SKU-77';
const LOOKED_FOR = [CUSTOMER.name, 'Zyxwvut', CUSTOMER.phone.slice(1), CUSTOMER.email, SUBJECT, QUERY, SKU].flatMap(storedForms);

describe('customer erasure (HTTP): after it, no file of DATA_DIR holds a byte sequence of the erased values', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  it('given a customer with two tickets and a record, and another customer, when erased, then none of their values is in any file (WAL and search index included), and the other\'s are', async () => {
    // given
    const created = await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: CUSTOMER, subject: SUBJECT, query: QUERY, orderName: '#VORPAL-1', fastResponse: true } });
    expect(created.status, created.text).to.equal(200);
    await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { phone: CUSTOMER.phone }, subject: SUBJECT, query: `${QUERY} again`, forceCreateTicket: true, fastResponse: true } });
    await svc.api('POST', '/apis/tickets/manual', { token: TOKENS.acmeAdmin, body: { customer: { name: 'Bartholomew Kept', phone: '+14155550198' }, subject: 'Kept subject', query: 'Kept query', fastResponse: true } });
    const record = await svc.api('POST', '/apis/resources/records/insert', { token: TOKENS.acmeAdmin, body: { objectId: 'obj-inventory', data: { sku: SKU, customerPhone: CUSTOMER.phone } } });
    expect(record.status, record.text).to.equal(200);
    const search = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'zyxwvut' } });
    expect(search.body.total, 'the search index holds the name before').to.equal(2);
    // when
    const customerId = created.body.customer.id as string;
    expect((await svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).status).to.equal(202);
    await eventually(async () => (await svc.api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body.status === 'erased', 'the erasure is done', 30_000);
    // then: once the read models applied it and cut their WAL
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(svc.dataDir, LOOKED_FOR)).length === 0, `no file holds an erased value (still: ${found.join('; ')})`, 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
    const kept = valuesHeld(svc.dataDir, ['bartholomew kept']).length > 0;
    expect(kept, 'the other customer\'s values are still there (the scan can find a value)').to.equal(true);
    expect((await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'zyxwvut' } })).body.total).to.equal(0);
  });
});
