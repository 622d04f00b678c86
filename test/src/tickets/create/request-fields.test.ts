import { expect } from 'chai';
import { TOKENS } from '../../support/example-config';
import { createTicket, freshPhone, MANUAL, ticketEvents, useTicketService } from './support/ticket-service';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /apis/tickets/manual: request fields and defaults (docs/api/tickets.md)', () => {
  const env = useTicketService();

  it('given only customer and query, then a ticket is made with every default and the response shape of docs/api/tickets.md', async () => {
    // given / when
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'My parcel is late' });
    // then
    expect(res.status).to.equal(200);
    const b = res.body;
    expect(b.success).to.equal(true);
    expect(b.ticketId).to.match(UUID);
    expect(b).to.not.have.property('requestId');
    expect(b.existingTicket).to.equal(false);
    expect(b.customer).to.include.keys('id', 'name', 'phone', 'email');
    expect(b.customer.name).to.equal(null);
    expect(b.customer.email).to.equal(null);
    const t = b.ticket;
    expect(t.id).to.equal(b.ticketId);
    expect(t.ticketNumber).to.be.a('number');
    expect(t).to.include({
      status: 'open', source: 'manual', manualSourceLabel: null, customerId: b.customer.id, taskId: null, orderName: null, subject: null,
      query: 'My parcel is late', payload: null, payloadFormat: null, relatedTicketNumber: null, parentTicketId: null, createdByUserId: 'u-admin',
    });
    expect(t.createdAt).to.match(ISO);
    expect(t.images).to.deep.equal([]);
    expect(t.objectiveValues).to.deep.equal({});
    // defaults: fastResponse false (text processed before the answer), forceCreateTicket false, waitForTicket true
    expect(t.summary).to.be.a('string');
    expect(t.sentiment).to.be.oneOf(['positive', 'neutral', 'negative']);
    const created = (await ticketEvents(env.svc, b.ticketId))[0];
    expect(created.type).to.equal('TicketCreated');
    expect(created.data).to.include({ forced: false, textProcessing: 'done', accountId: 'acme', createdByTokenId: 'tok-admin' });
  });

  it('given every optional field, then each is kept on the ticket and in its TicketCreated event', async () => {
    // given
    const body = {
      customer: { phone: freshPhone(), email: 'Kim@Example.com ', name: 'Kim Lee', storefrontCustomerId: 'shop-77' },
      orderName: '#1001',
      subject: 'Damaged item',
      query: 'The mug arrived broken.',
      payload: JSON.stringify({ channel: 'kiosk', items: [1, 2] }),
      payloadFormat: 'kiosk-v1',
      relatedTicketNumber: '42',
      objectiveValues: { refund_reason: 'broken' },
      images: ['https://cdn.example.com/a.jpg', 'http://127.0.0.1/b.png'],
    };
    // when
    const res = await createTicket(env.svc, body);
    // then
    expect(res.status).to.equal(200);
    const t = res.body.ticket;
    expect(t).to.include({ orderName: '#1001', subject: 'Damaged item', query: 'The mug arrived broken.', payload: body.payload, payloadFormat: 'kiosk-v1', relatedTicketNumber: '42' });
    expect(t.objectiveValues).to.deep.equal({ refund_reason: 'broken' });
    expect(t.images).to.deep.equal(body.images);
    expect(res.body.customer).to.include({ name: 'Kim Lee', email: 'kim@example.com', storefrontCustomerId: 'shop-77' });
    const created = (await ticketEvents(env.svc, res.body.ticketId))[0].data as Record<string, unknown>;
    expect(created).to.include({ orderName: '#1001', payload: body.payload, payloadFormat: 'kiosk-v1', relatedTicketNumber: '42', parentTicketId: null });
    expect(created.customer).to.deep.equal({ name: 'Kim Lee', phone: body.customer.phone, email: 'kim@example.com' });
    expect(created.images).to.deep.equal(body.images);
  });

  it('given an unknown top-level key, then 400 naming it', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', priority: 'high' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.contain('priority');
  });

  it('given an unknown key inside customer, then 400 naming it', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone(), address: 'x' }, query: 'q' });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.contain('customer.address');
  });

  it('given a customer with neither phone nor email, then 400 "phone or email is required"', async () => {
    for (const customer of [{}, { name: 'Ann' }, { phone: ' ', email: '' }]) {
      const res = await createTicket(env.svc, { customer, query: 'q' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.equal('phone or email is required');
    }
  });

  it('given an unusable phone or email, then 400 saying which', async () => {
    const phone = await createTicket(env.svc, { customer: { phone: '12' }, query: 'q' });
    expect(phone.status).to.equal(400);
    expect(phone.body.message).to.match(/^customer\.phone /);
    const email = await createTicket(env.svc, { customer: { email: 'not-an-email' }, query: 'q' });
    expect(email.status).to.equal(400);
    expect(email.body.message).to.match(/^customer\.email /);
  });

  it('given an image that is not a URI, then 400 naming it', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', images: ['https://ok.example/a.png', 'just a name.png'] });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.contain('images[1]').and.contain('URI');
  });

  it('given a payload that is not a JSON string, then 400 saying it must be a JSON string', async () => {
    for (const payload of [{ a: 1 }, 'not json {', 12]) {
      const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q', payload });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.contain('payload must be a JSON string');
    }
  });

  it('given no body, then 400 saying the body is required', async () => {
    const res = await env.svc.api('POST', MANUAL, { token: TOKENS.acmeAdmin });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/Body is required/);
  });

  it('given a body that is not an object, or no query, or a wrong type, then 400 in the error shape of docs/api/README.md', async () => {
    const cases: unknown[] = [
      [],
      { customer: { phone: freshPhone() } },
      { customer: { phone: freshPhone() }, query: 'q', waitForTicket: 'yes' },
      { customer: { phone: freshPhone() }, query: 'q', objectiveValues: { a: 1 } },
    ];
    for (const body of cases) {
      const res = await createTicket(env.svc, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error).to.be.a('string');
      expect(res.body.message).to.be.a('string');
    }
  });

  it('given no credentials, then 401; given an invalid token, then 403 "Not authorized"', async () => {
    const body = { customer: { phone: freshPhone() }, query: 'q' };
    const none = await env.svc.api('POST', MANUAL, { body });
    expect(none.status).to.equal(401);
    const invalid = await env.svc.api('POST', MANUAL, { body, token: 'not-a-token' });
    expect(invalid.status).to.equal(403);
    expect(invalid.body.message).to.equal('Not authorized');
  });

  it('given an agent token, then the ticket records that user as its creator', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'q' }, TOKENS.acmeAgent);
    expect(res.status).to.equal(200);
    expect(res.body.ticket.createdByUserId).to.equal('u-agent');
  });

  it('given a created ticket, when listing at once, then the list already has it (read your writes)', async () => {
    const res = await createTicket(env.svc, { customer: { phone: freshPhone() }, query: 'read your writes' });
    const list = await env.svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { limit: 250 } });
    expect(list.status).to.equal(200);
    expect(list.body.data.map((t: { id: string }) => t.id)).to.include(res.body.ticketId);
  });
});
