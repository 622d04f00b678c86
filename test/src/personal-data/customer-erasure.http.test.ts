import { expect } from 'chai';
import { join } from 'node:path';
import { SqliteEventStore } from '@support/adapters';
import { ERASED_TEXT } from '@support/domain';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';

const CREATE = '/apis/tickets/manual';
const erasurePath = (customerId: string) => `/apis/customers/${customerId}/erasure`;

describe('customer erasure (HTTP): an account admin erases a customer\'s personal data, the log staying as it was stored', function () {
  this.timeout(60_000);
  let svc: TestService;

  const create = async (body: Record<string, unknown>) => {
    const res = await svc.api('POST', CREATE, { token: TOKENS.acmeAdmin, body: { fastResponse: true, ...body } });
    expect(res.status, res.text).to.equal(200);
    return res.body as { ticketId: string; customer: { id: string } };
  };
  const storedEvents = async (ticketId: string) => (await svc.api('GET', `/apis/tickets/${ticketId}/events?stored=true`, { token: TOKENS.acmeAdmin })).body.events;
  const erasedStatus = async (customerId: string) => {
    let body: Record<string, unknown> = {};
    await eventually(async () => {
      body = (await svc.api('GET', erasurePath(customerId), { token: TOKENS.acmeAdmin })).body;
      return body.status !== 'requested';
    }, 'the erasure is done', 30_000);
    return body;
  };

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  it('given a customer with two tickets, when erased, then their values are placeholders everywhere they are read, and the stored events are unchanged', async () => {
    // given
    const first = await create({ customer: { name: 'Zofia Wiśniewska', phone: '+48601234567', email: 'zofia@example.pl' }, subject: 'Broken kettle', query: 'My kettle leaks', orderName: '#7001' });
    const second = await create({ customer: { phone: '+48601234567' }, subject: 'Lost parcel', query: 'Where is it?', forceCreateTicket: true });
    const other = await create({ customer: { name: 'Omar Haddad', phone: '+14155550142' }, subject: 'Broken kettle', query: 'Mine leaks too' });
    const customerId = first.customer.id;
    const record = await svc.api('POST', '/apis/resources/records/insert', {
      token: TOKENS.acmeAdmin, body: { objectId: 'obj-inventory', data: { sku: 'ZOFIA-KETTLE-1', customerPhone: '+48 601 234 567', contact: 'zofia@example.pl' } },
    });
    expect(record.body.record.customerId, 'the record is linked to the customer').to.equal(customerId);
    const storedBefore = await storedEvents(first.ticketId);
    // when
    const asked = await svc.api('POST', erasurePath(customerId), { token: TOKENS.acmeAdmin });
    // then
    expect(asked.status, asked.text).to.equal(202);
    expect(asked.body).to.include({ status: 'requested', customerId, statusUrl: erasurePath(customerId) });
    const done = await erasedStatus(customerId);
    expect(done).to.deep.include({ status: 'erased', erasureId: asked.body.erasureId, reason: null, ticketIds: [first.ticketId, second.ticketId].sort() });
    expect(done.erased).to.include({ streams: 4 });
    // the read models follow the log: the erasure's event reaches them a moment after the status says erased
    let ticket: Record<string, unknown> = {};
    await eventually(async () => {
      ticket = (await svc.api('GET', `/apis/tickets/${first.ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket;
      return ticket.subject === ERASED_TEXT;
    }, 'the ticket read model has the erasure');
    expect(ticket).to.deep.include({ subject: ERASED_TEXT, query: ERASED_TEXT, orderName: ERASED_TEXT, customerName: null, customerPhones: [], customerEmails: [], status: 'open', ticketNumber: ticket.ticketNumber });
    const byName = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'Wiśniewska' } });
    expect(byName.body.total).to.equal(0);
    const byPhone = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: '+48601234567' } });
    expect(byPhone.body.total).to.equal(0);
    const kettles = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'kettle' } });
    expect(kettles.body.data.map((t: { id: string }) => t.id)).to.deep.equal([other.ticketId]);
    const history = (await svc.api('GET', `/apis/tickets/${first.ticketId}/events`, { token: TOKENS.acmeAdmin })).body.events;
    const created = history.find((e: { type: string }) => e.type === 'TicketCreated');
    expect(created.data).to.deep.include({ subject: ERASED_TEXT, query: ERASED_TEXT });
    expect(created.data.customer).to.deep.include({ name: ERASED_TEXT, phone: ERASED_TEXT });
    expect(await storedEvents(first.ticketId), 'the log as stored').to.deep.equal(storedBefore);
    const records = await svc.api('POST', '/admin/read-models/records/find', { token: TOKENS.acmeAdmin, body: { filter: { customerId } } });
    expect(records.body.documents.map((r: { _id: string; data: unknown; lookupKeys: unknown }) => [r._id, r.data, r.lookupKeys])).to.deep.equal([[record.body.record.id, {}, []]]);
    const untouched = (await svc.api('GET', `/apis/tickets/${other.ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket;
    expect(untouched).to.deep.include({ subject: 'Broken kettle', customerName: 'Omar Haddad' });
  });

  it('given an erasure asked, when asked again, then the same erasure answers; when the customer writes again meanwhile, the create is refused until it is done', async () => {
    const made = await create({ customer: { name: 'Kim Lee', phone: '+14155550143' }, query: 'Hello' });
    const firstAsk = await svc.api('POST', erasurePath(made.customer.id), { token: TOKENS.acmeAdmin });
    // when
    const again = await svc.api('POST', erasurePath(made.customer.id), { token: TOKENS.acmeAdmin });
    const during = await svc.api('POST', CREATE, { token: TOKENS.acmeAdmin, body: { customer: { phone: '+14155550143' }, query: 'Me again', fastResponse: true } });
    // then
    expect(again.status).to.equal(202);
    expect(again.body.erasureId).to.equal(firstAsk.body.erasureId);
    expect(during.status, during.text).to.equal(409);
    expect(during.headers.get('retry-after')).to.equal('10');
    expect(during.body.message).to.match(/being erased/);
    expect((await erasedStatus(made.customer.id)).status).to.equal('erased');
    const after = await create({ customer: { name: 'Kim Lee', phone: '+14155550143' }, query: 'Me again', forceCreateTicket: true });
    expect(after.customer.id, 'the customer came back: the same id, met anew').to.equal(made.customer.id);
    const ticket = (await svc.api('GET', `/apis/tickets/${after.ticketId}`, { token: TOKENS.acmeAdmin })).body.ticket;
    expect(ticket).to.deep.include({ query: 'Me again', customerName: 'Kim Lee', customerPhones: ['+14155550143'] });
  });

  it('given another account\'s admin, an agent or an unknown customer, then 404, 403 and 404, and nothing is asked', async () => {
    const made = await create({ customer: { phone: '+14155550144' }, query: 'Hi' });
    expect((await svc.api('POST', erasurePath(made.customer.id), { token: TOKENS.globexAdmin })).status).to.equal(404);
    const agent = await svc.api('POST', erasurePath(made.customer.id), { token: TOKENS.acmeAgent });
    expect(agent.status).to.equal(403);
    // an agent's token lacks the admin scope the erasure's routes need (docs/api/admin.md)
    expect(agent.body.message).to.match(/scope "admin"/);
    expect((await svc.api('POST', erasurePath('no-such-customer'), { token: TOKENS.acmeAdmin })).status).to.equal(404);
    expect((await svc.api('GET', erasurePath(made.customer.id), { token: TOKENS.acmeAdmin })).status).to.equal(404);
  });

  it('given a customer whose events were written before sealing (values in the clear), when erased, then it is refused with the reason, and nothing is erased', async () => {
    // given: the customer and a ticket appended as an older version wrote them
    const log = SqliteEventStore.open({ file: join(svc.dataDir, 'events.sqlite') });
    const at = new Date().toISOString();
    await log.appendToStream('customer-c-old', [{
      id: '0193a000-0000-7000-8000-00000000c0de', type: 'CustomerCreated', metadata: { version: 1, accountId: 'acme' },
      data: { customerId: 'c-old', accountId: 'acme', name: 'Olga Old', phone: '+14155550145', email: null, storefrontCustomerId: null, createdAt: at },
    }], { expectedRevision: 'no_stream' });
    await log.close();
    // when
    const asked = await svc.api('POST', erasurePath('c-old'), { token: TOKENS.acmeAdmin });
    // then
    expect(asked.status, asked.text).to.equal(202);
    const done = await erasedStatus('c-old');
    expect(done.status).to.equal('refused');
    expect(done.reason).to.match(/^1 event of this customer was written before personal values were sealed in the log/);
    expect(done.erased).to.equal(null);
  });
});
