import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { startTestService, TestService } from '../support/test-service';
import { storedForms, valuesHeld } from './support/files-holding';

/** Distinctive values, each written as a byte sequence the files are searched for: as written, lower-cased, JSON-escaped. */
const CUSTOMER = { name: 'Ximena Quetzalcóatl', phone: '+14155550187', email: 'ximena.quetzal@example.org' };
const SUBJECT = 'Zephyrine kettle';
const QUERY = 'My zephyrine kettle leaks “badly”';
const LOOKED_FOR = [CUSTOMER.name, CUSTOMER.phone.slice(1), CUSTOMER.email, SUBJECT, QUERY].flatMap(storedForms);

describe('personal data in the log (HTTP): a ticket\'s customer and texts are written to the log only sealed', function () {
  this.timeout(30_000);
  let svc: TestService;
  let ticketId: string;

  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
    const res = await svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: CUSTOMER, subject: SUBJECT, query: QUERY, fastResponse: true, forceCreateTicket: true },
    });
    expect(res.status, res.text).to.equal(200);
    ticketId = res.body.ticketId;
  });
  after(async () => svc?.stop());

  it('given a ticket created, then no byte sequence of its personal values is in the log\'s files, WAL included', async () => {
    const ofLog = (file: string) => file.startsWith('events.sqlite');
    expect(readdirSync(svc.dataDir).filter(ofLog)).to.include('events.sqlite');
    expect(valuesHeld(svc.dataDir, LOOKED_FOR, ofLog)).to.deep.equal([]);
  });

  it('given a ticket created, then the list, the ticket and its history show its values as they were sent', async () => {
    const listed = await svc.api('POST', '/apis/task-runs/tickets/list', { token: TOKENS.acmeAdmin, body: { search: 'Zephyrine' } });
    expect(listed.body.data.map((t: { id: string }) => t.id)).to.deep.equal([ticketId]);
    const ticket = await svc.api('GET', `/apis/tickets/${ticketId}`, { token: TOKENS.acmeAdmin });
    expect(ticket.body.ticket).to.deep.include({ subject: SUBJECT, query: QUERY });
    const history = await svc.api('GET', `/apis/tickets/${ticketId}/events`, { token: TOKENS.acmeAdmin });
    const created = history.body.events.find((e: { type: string }) => e.type === 'TicketCreated');
    expect(created.data).to.deep.include({ subject: SUBJECT, query: QUERY });
    expect(created.data.customer).to.deep.include({ name: CUSTOMER.name, phone: CUSTOMER.phone, email: CUSTOMER.email });
  });

  it('given ?stored=true, then the history shows each event as the log stores it: which fields are sealed, none of their values', async () => {
    const history = await svc.api('GET', `/apis/tickets/${ticketId}/events?stored=true`, { token: TOKENS.acmeAdmin });
    expect(history.status, history.text).to.equal(200);
    const created = history.body.events.find((e: { type: string }) => e.type === 'TicketCreated');
    expect(created.data.$personal.f.map(([field]: [string]) => field)).to.include.members(['subject', 'query', 'customer.name', 'customer.phone', 'customer.email']);
    for (const value of LOOKED_FOR) expect(history.text).to.not.include(value);
    const bad = await svc.api('GET', `/apis/tickets/${ticketId}/events?stored=yes`, { token: TOKENS.acmeAdmin });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.equal("stored must be true or false, got 'yes'");
  });
});
