import { expect } from 'chai';
import { useTicketService } from '../tickets/create/support/ticket-service';
import { createTicket, freshPhone } from '../tickets/create/support/ticket-service';
import { newTicket, work } from '../tickets/lifecycle/support';
import { TOKENS } from '../support/example-config';

const long = (n: number): string => 'x'.repeat(n);
const email = (messageId: string, to: string[]) => ({ messageId, threadId: `th-${messageId}`, emailClient: 'gmail', from: 'kim@example.com', to, sentAt: '2030-01-07T09:00:00Z' });

/** A 400 naming the field and its limit. */
const expectRefused = (r: { status: number; text: string; body: any }, field: string, max: number): void => {
  expect(r.status, r.text).to.equal(400);
  expect(r.body.message).to.contain(`${field} must`);
  expect(r.body.message).to.contain(`at most ${max}`);
  expect(r.body.fields).to.include(field);
};

describe('every text field has a maximum length and every list a maximum count (issue 57, point 3)', () => {
  const env = useTicketService();
  const manual = (over: Record<string, unknown>) => createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'My order is late', ...over });

  for (const [field, body, max] of [
    ['subject', { subject: long(100_000) }, 4_000],
    ['query', { query: long(100_000) }, 32_000],
    ['orderName', { orderName: long(100_000) }, 256],
    ['source', { source: long(100_000) }, 256],
    ['payloadFormat', { payloadFormat: long(100_000) }, 256],
    ['payload', { payload: JSON.stringify({ note: long(100_001) }) }, 100_000],
  ] as const) {
    it(`given a manual ticket whose ${field} is past ${max} characters, when created, then 400 naming ${field} and its limit, and no ticket is made`, async () => {
      const r = await manual(body);
      expectRefused(r, field, max);
    });
  }

  it('given a customer name of 100,000 characters, when a ticket is created, then 400 naming customer.name', async () => {
    expectRefused(await manual({ customer: { phone: freshPhone(), name: long(100_000) } }), 'customer.name', 256);
  });

  it('given a subject of exactly 4,000 characters, emoji counted as one each, when created, then it is taken', async () => {
    const r = await manual({ subject: '😀'.repeat(4_000) });
    expect(r.status, r.text).to.equal(200);
  });

  it('given a ticket, when a child is made with a query of 100,000 characters, then 400 naming query', async () => {
    const ticketId = await newTicket(env.svc);
    expectRefused(await work(env.svc, ticketId, 'children', { kind: 'child', query: long(100_000) }), 'query', 32_000);
  });

  it('given a ticket with an email, when it is split with a query of 100,000 characters, then 400 naming query', async () => {
    const ticketId = await newTicket(env.svc);
    expect((await work(env.svc, ticketId, 'emails', email('lim-e1', ['help@acme.example']))).status).to.equal(200);
    expectRefused(await work(env.svc, ticketId, 'split', { interactionIds: ['lim-e1'], query: long(100_000) }), 'query', 32_000);
  });

  it('given a ticket, when an email to 5,000 addresses is recorded, then 400 naming to and its 100 at most', async () => {
    const ticketId = await newTicket(env.svc);
    const to = Array.from({ length: 5_000 }, (_, i) => `r${i}@example.com`);
    expectRefused(await work(env.svc, ticketId, 'emails', email('lim-e2', to)), 'to', 100);
  });

  it('given record data with a text of 10,001 characters deep inside, when inserted, then 400 naming the place', async () => {
    const r = await env.svc.api('POST', '/apis/resources/records/insert', { token: TOKENS.acmeAdmin, body: { objectId: 'obj-inventory', data: { sku: 'lim-1', attributes: { notes: [long(10_001)] } } } });
    expectRefused(r, 'data.attributes.notes[0]', 10_000);
  });

  it('given record data of 1,001 keys, when inserted, then 400 naming data and its 1,000 keys at most', async () => {
    const data = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`k${i}`, i]));
    const r = await env.svc.api('POST', '/apis/resources/records/insert', { token: TOKENS.acmeAdmin, body: { objectId: 'obj-inventory', data } });
    expectRefused(r, 'data', 1_000);
    expect(r.body.message).to.contain('keys, got 1001');
  });
});

describe('the children and split routes share the manual ticket route\'s limits (issue 57, point 3)', () => {
  const env = useTicketService((acme) => {
    acme.rateLimits = { ...acme.rateLimits, manualTicket: { perMinute: 3, perHour: 1_000, perDay: 1_000 } };
  });

  it('given 3 tickets a minute, when a ticket, a child and a split are made, then the next ticket of any of the three routes is a 429', async () => {
    // given: one ticket with an email to split off
    const ticketId = await newTicket(env.svc);
    expect((await work(env.svc, ticketId, 'emails', email('rl-e1', ['help@acme.example']))).status).to.equal(200);
    // when
    const child = await work(env.svc, ticketId, 'children', { kind: 'child', query: 'One more thing' });
    const split = await work(env.svc, ticketId, 'split', { interactionIds: ['rl-e1'] });
    // then
    expect([child.status, split.status]).to.deep.equal([200, 200]);
    expect(child.headers.get('x-ratelimit-remaining')).to.equal('1');
    for (const refused of [
      await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'a fourth' }),
      await work(env.svc, ticketId, 'children', { kind: 'child', query: 'a fifth' }),
      await work(env.svc, ticketId, 'split', { interactionIds: ['rl-e1'] }),
    ]) {
      expect(refused.status, refused.text).to.equal(429);
      expect(refused.body.message).to.match(/Rate limit exceeded/);
    }
  });
});
