import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { createTicket, OPERATOR_TOKEN, startAuditedService } from '../audit/audit-service';

const find = (svc: TestService, collection: string, body: unknown, token: string = TOKENS.acmeAdmin) =>
  svc.api('POST', `/admin/read-models/${collection}/find`, { token, body });

describe('analysts query the live read models (POST /admin/read-models/{collection}/find|count)', function () {
  this.timeout(20_000);
  let svc: TestService;
  const acme: string[] = [];
  let globexTicket: string;

  before(async () => {
    svc = await startAuditedService();
    acme.push(await createTicket(svc, '+14155550801'), await createTicket(svc, '+14155550802'), await createTicket(svc, '+14155550803'));
    globexTicket = await createTicket(svc, '+14155550801', TOKENS.globexAdmin);
  });
  after(() => svc?.stop());

  it('lists the read models with their collections, fields and indexes', async () => {
    const res = await svc.api('GET', '/admin/read-models', { token: TOKENS.acmeAdmin });
    expect(res.status).to.equal(200);
    const names = res.body.readModels.map((m: any) => m.name);
    expect(names).to.include.members(['tickets', 'records', 'templates', 'messages']);
    const tickets = res.body.readModels.find((m: any) => m.name === 'tickets');
    expect(tickets.collections.map((c: any) => c.name)).to.deep.equal(['tickets', 'tickets_customers']);
    expect(tickets.collections[0].indexes).to.deep.include({ name: 'account_customerPhones', fields: ['accountId', 'customerPhones'] });
    expect(tickets.collections[0]).to.include({ search: 'searchText' });
    expect(tickets.collections[0].lists).to.include('customerPhones');
  });

  it('given a filter on a list field and a sort, then the matching documents of the live read model, as the list sees them', async () => {
    // given a phone: the tickets whose customer has it (a list field)
    const res = await find(svc, 'tickets', { filter: { customerPhones: '+14155550801' }, sort: { createdAt: -1 } });
    expect(res.status).to.equal(200);
    expect(res.body.documents.map((d: any) => d._id)).to.deep.equal([acme[0]]);
    expect(res.body.documents[0]).to.include({ status: 'open' });
    // and the list route answers the same ticket
    const list = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { phoneNumber: '+14155550801' } });
    expect(list.body.data.map((t: any) => t.id)).to.deep.equal(res.body.documents.map((d: any) => d._id));
  });

  it('pages with skip and limit, saying whether there are more', async () => {
    const first = await find(svc, 'tickets', { filter: {}, sort: { createdAt: 1, _id: 1 }, limit: 2 });
    expect(first.body).to.include({ skip: 0, limit: 2, hasMore: true });
    const rest = await find(svc, 'tickets', { filter: {}, sort: { createdAt: 1, _id: 1 }, skip: 2, limit: 2 });
    expect(rest.body.hasMore).to.equal(false);
    expect([...first.body.documents, ...rest.body.documents].map((d: any) => d._id)).to.have.members(acme);
  });

  it('counts', async () => {
    const res = await svc.api('POST', '/admin/read-models/tickets/count', { token: TOKENS.acmeAdmin, body: { filter: { status: 'open', createdAt: { gte: '2000-01-01T00:00:00.000Z' } } } });
    expect(res.body).to.deep.equal({ collection: 'tickets', count: 3 });
  });

  describe('scope', () => {
    it('given an account admin, then only the account\'s documents, whatever the filter asks', async () => {
      expect((await find(svc, 'tickets', { filter: { accountId: 'globex' } })).body.documents).to.deep.equal([]);
      expect((await find(svc, 'tickets_customers', {})).body.documents.every((d: any) => d.accountId === 'acme')).to.equal(true);
    });

    it('given the operator token, then every account', async () => {
      const res = await find(svc, 'tickets', { filter: { accountId: 'globex' } }, OPERATOR_TOKEN);
      expect(res.body.documents.map((d: any) => d._id)).to.deep.equal([globexTicket]);
    });

    it('answers 401 without a token, 403 for an agent or an unknown token', async () => {
      expect((await svc.api('POST', '/admin/read-models/tickets/find', { body: {} })).status).to.equal(401);
      expect((await find(svc, 'tickets', {}, TOKENS.acmeAgent)).status).to.equal(403);
      expect((await find(svc, 'tickets', {}, 'nope')).status).to.equal(403);
    });
  });

  describe('read only, and only queries', () => {
    it('answers 400 for operators, a condition it does not take, or a write', async () => {
      const where = await find(svc, 'tickets', { filter: { $where: 'true' } });
      expect(where.status).to.equal(400);
      expect(where.body.message).to.match(/"\$where" is not one/);
      const unknown = await find(svc, 'tickets', { filter: { status: { $near: 1, $fancy: 2 } } });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.message).to.match(/^filter.status takes "ne" alone/);
      expect((await find(svc, 'tickets', { filter: { summary: { regex: '(' } } })).status).to.equal(400);
      expect((await find(svc, 'tickets', { filter: {}, update: { $set: { status: 'closed' } } })).status).to.equal(400);
      expect((await svc.api('POST', '/admin/read-models/tickets/updateMany', { token: TOKENS.acmeAdmin, body: {} })).status).to.equal(404);
      const after = await svc.api('POST', '/admin/read-models/tickets/count', { token: TOKENS.acmeAdmin, body: { filter: { status: 'open' } } });
      expect(after.body.count).to.equal(3);
    });

    it('answers 404 for a collection no read model owns', async () => {
      const res = await find(svc, 'checkpoints', {});
      expect(res.status).to.equal(404);
      expect(res.body.message).to.match(/GET \/admin\/read-models lists them/);
    });
  });
});
