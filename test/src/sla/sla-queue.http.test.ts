import { expect } from 'chai';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { startSlaService } from './support/sla-api';

const MINUTE = 60_000;

/**
 * The agent's SLA queue (GET /apis/sla/queue): the tickets whose targets still wait, soonest due
 * first, narrowed to those due within N minutes; the breached and the met ones apart.
 */
describe('SLA: the agent\'s queue by next due moment (HTTP)', function () {
  this.timeout(60_000);
  let svc: TestService;
  const t0 = Date.parse('2027-02-02T10:00:00Z');
  let now = t0;
  let phone = 0;
  const ids: Record<string, string> = {};

  const create = async (name: string) => {
    const r = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { phone: `+1415555${String(1000 + phone++)}` }, query: `${name}: where is my parcel?`, fastResponse: false },
    });
    expect(r.status, r.text).to.equal(200);
    ids[name] = r.body.ticketId;
  };
  const reply = async (name: string) => {
    const r = await svc.api('POST', `/apis/tickets/${ids[name]}/emails`, {
      token: TOKENS.acmeAdmin,
      body: { messageId: `m-${name}`, threadId: `th-${name}`, emailClient: 'gmail', from: 'support@acme.example', to: ['kim@example.com'], sentAt: new Date(now).toISOString() },
    });
    expect(r.status, r.text).to.equal(200);
  };
  const queue = async (query = '') => svc.api('GET', `/apis/sla/queue${query}`, { token: TOKENS.acmeAdmin });
  const names = (tickets: { id: string }[]) => tickets.map((t) => Object.keys(ids).find((n) => ids[n] === t.id));
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 5_000;
    while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  };

  before(async () => {
    // given: acme without opening hours (first response 60 minutes, resolution one and two days); tickets made 20 minutes apart
    svc = await startSlaService(() => now);
    for (const [i, name] of ['A', 'B', 'C', 'D'].entries()) {
      now = t0 + i * 20 * MINUTE;
      await create(name);
    }
    // B is answered in time; A is never answered and its due moment passes
    now = t0 + 70 * MINUTE;
    await reply('B');
    await until(async () => (await queue('?state=breached')).body.total === 1);
  });
  after(async () => svc?.stop());

  it('given tickets waiting, when the queue is asked, then they come soonest due first, each with its targets\' due moments and states', async () => {
    const r = await queue();
    expect(r.status, r.text).to.equal(200);
    // C (due 11:40) and D (12:00) wait for a first response; B waits for its resolution (due a day after 10:20)
    expect(names(r.body.tickets)).to.deep.equal(['C', 'D', 'B']);
    expect(r.body).to.include({ state: 'pending', total: 3, page: 1, limit: 50 });
    expect(r.body.tickets[0].nextDueAt).to.equal(new Date(t0 + 100 * MINUTE).toISOString());
    expect(r.body.tickets[2].targets.map((t: { state: string }) => t.state)).to.deep.equal(['met', 'pending', 'pending']);
  });

  it('given a lead time, when the queue is asked for tickets due within it, then only those', async () => {
    expect(names((await queue('?dueWithinMinutes=40')).body.tickets)).to.deep.equal(['C']);
    expect(names((await queue('?dueWithinMinutes=50&limit=1&page=2')).body.tickets)).to.deep.equal(['D']);
  });

  it('given a breach, when the queue is asked for breached tickets, then the breached one', async () => {
    const r = await queue('?state=breached');
    expect(names(r.body.tickets)).to.deep.equal(['A']);
    expect(r.body.tickets[0].targets[0]).to.include({ label: 'First Response', state: 'breached', dueAt: new Date(t0 + 60 * MINUTE).toISOString() });
  });

  it('given a parameter the queue does not take or out of range, then 400 naming it', async () => {
    const unknown = await queue('?sort=asc');
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.match(/sort/);
    const wrong = await queue('?state=met&dueWithinMinutes=10');
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include({ field: 'dueWithinMinutes' });
    expect((await queue('?limit=251')).body).to.include({ field: 'limit' });
  });
});
