import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../../support/example-config';
import { startTestService, TestService } from '../../support/test-service';

const LIST = '/apis/task-runs/tickets/list';
const CREATE = '/apis/tickets/manual';

describe('POST /apis/task-runs/tickets/list over created tickets (HTTP)', function () {
  this.timeout(30_000);
  let svc: TestService;
  const created: Record<string, string> = {};

  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await svc.api('POST', CREATE, { token, body: { fastResponse: true, forceCreateTicket: true, ...body } });
    if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
    return res.body.ticketId as string;
  };
  const list = async (body: unknown, token: string = TOKENS.acmeAdmin) => {
    const res = await svc.api('POST', LIST, { token, body });
    expect(res.status, res.text).to.equal(200);
    return res.body as { data: Record<string, unknown>[]; total: number; page: number; limit: number; totalPages: number };
  };
  const ids = async (body: unknown) => (await list({ limit: 250, ...(body as object) })).data.map((t) => t.id).sort();

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    created.priya = await create(TOKENS.acmeAdmin, {
      customer: { name: 'Priya Sharma', phone: '+91 98765 43210' }, subject: 'Broken kettle', query: 'My kettle leaks', orderName: '#A-1001', source: 'walk-in',
    });
    created.omar = await create(TOKENS.acmeAdmin, {
      customer: { name: 'Omar Haddad', email: 'omar@example.com' }, query: 'Where is my parcel?', orderName: '#A-1002', source: 'email',
    });
    created.lena = await create(TOKENS.acmeAdmin, {
      customer: { name: 'Lena Vogel', phone: '+49 1512 3456789' }, query: 'Cancel please', source: 'Phone Desk', currentTaskId: 'task-cancelled',
    });
    created.globex = await create(TOKENS.globexAdmin, { customer: { name: 'Priya Sharma', phone: '+91 98765 43210' }, query: 'Globex ticket' });
  });
  after(async () => svc?.stop());

  it('given a ticket created a moment ago, then the very next list has it (read your writes) in the docs/api/ticket-list.md shape', async () => {
    // given
    const id = await create(TOKENS.acmeAdmin, { customer: { name: 'Quick Quinn', phone: '+14155550123' }, query: 'Fast one', orderName: '#Q-1' });
    // when
    const page = await list({ orderName: '#Q-1' });
    // then
    expect(page.total).to.equal(1);
    const item = page.data[0];
    expect(item).to.include({ id, status: 'open', orderName: '#Q-1', source: 'manual' });
    expect(item).to.include.all.keys('id', 'ticketNumber', 'status', 'summary', 'orderName', 'source', 'manualSourceLabel', 'customerId', 'createdAt', 'updatedAt');
    expect(Number.isInteger(item.ticketNumber)).to.equal(true);
    expect(Number.isNaN(Date.parse(String(item.createdAt)))).to.equal(false);
    for (const internal of ['_id', '_appliedPosition', 'accountId', 'searchText', 'ticketKeys', 'customerPhones', 'customerEmails']) {
      expect(item).not.to.have.property(internal);
    }
  });

  it('never lists another account\'s tickets', async () => {
    const acme = await ids({});
    const globex = (await list({ limit: 250 }, TOKENS.globexAdmin)).data.map((t) => t.id);
    expect(acme).not.to.include(created.globex);
    expect(globex).to.deep.equal([created.globex]);
    expect(await ids({ search: 'globex' })).to.deep.equal([]);
  });

  it('search finds created tickets by customer name, subject, order name and phone', async () => {
    expect(await ids({ search: 'PRIYA' })).to.deep.equal([created.priya]);
    expect(await ids({ search: 'kettle' })).to.deep.equal([created.priya]);
    expect(await ids({ search: 'a-1002' })).to.deep.equal([created.omar]);
    expect(await ids({ search: 'omar@example' })).to.deep.equal([created.omar]);
    expect(await ids({ search: '98765 43210' })).to.deep.equal([created.priya]);
  });

  it('phoneNumber finds created tickets by any spelling of the customer phone', async () => {
    expect(await ids({ phoneNumber: '+919876543210' })).to.deep.equal([created.priya]);
    expect(await ids({ phoneNumber: '+91-98765-43210, +4915123456789' })).to.deep.equal([created.priya, created.lena].sort());
  });

  it('source and manualSourceLabel find created tickets by their normalized source', async () => {
    expect(await ids({ source: 'email' })).to.deep.equal([created.omar]);
    expect(await ids({ manualSourceLabel: 'Walk-In' })).to.deep.equal([created.priya]);
    expect(await ids({ source: 'phone desk' })).to.deep.equal([created.lena]);
  });

  it('taskIds and noTaskIds find created tickets by task', async () => {
    const page = await list({ taskIds: ['task-cancelled'] });
    expect(page.data.map((t) => t.id)).to.deep.equal([created.lena]);
    expect(page.data[0].taskId).to.equal('task-cancelled');
    expect(await ids({ noTaskIds: true, orderName: '#A-1001,#A-1002' })).to.deep.equal([created.priya, created.omar].sort());
  });

  it('statuses find created (open) tickets', async () => {
    const open = await ids({ statuses: ['open'] });
    expect(open).to.include.members([created.priya, created.omar, created.lena]);
    expect(await ids({ statuses: ['resolved'] })).to.deep.equal([]);
  });

  it('pages by page and limit, newest first, with total and totalPages', async () => {
    const all = await list({ limit: 250 });
    const first = await list({ limit: 2, page: 1 });
    const second = await list({ limit: 2, page: 2 });
    const beyond = await list({ limit: 2, page: 99 });
    expect(first).to.include({ total: all.total, page: 1, limit: 2, totalPages: Math.ceil(all.total / 2) });
    expect([...first.data, ...second.data].map((t) => t.id)).to.deep.equal(all.data.slice(0, 4).map((t) => t.id));
    expect(beyond.data).to.deep.equal([]);
    const stamps = all.data.map((t) => String(t.createdAt));
    expect(stamps).to.deep.equal([...stamps].sort().reverse());
  });
});
