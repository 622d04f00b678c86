import { expect } from 'chai';
import { customerKeyStream, normalizeEmail, PhoneE164 } from '@support/domain';
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/Either';
import { TOKENS } from '../support/example-config';
import { TestService } from '../support/test-service';
import { FakeExternal, startFakeExternal } from '../tickets/create/support/fake-external';
import { configWithFakes, createTicket, customerEvents, freshPhone, readStream, startTicketService } from '../tickets/create/support/ticket-service';

const email = (s: string) => (normalizeEmail(s) as E.Right<never>).right;

describe('customers: find-or-create within the account (docs/api/tickets.md)', () => {
  let fake: FakeExternal;
  let svc: TestService;
  before(async () => {
    fake = await startFakeExternal();
    svc = await startTicketService(configWithFakes(fake, (acme) => {
      acme.defaultPhoneCountry = 'IN';
    }));
  });
  after(async () => {
    await svc.stop();
    await fake.stop();
  });

  const customerOf = async (customer: Record<string, string>, token: string = TOKENS.acmeAdmin) => {
    const res = await createTicket(svc, { customer, query: 'q', forceCreateTicket: true }, token);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.customer as { id: string; name: string | null; phone: string | null; email: string | null; storefrontCustomerId: string | null };
  };

  it('given a new customer, then CustomerCreated holds name, E.164 phone, normalized email and storefront id', async () => {
    const c = await customerOf({ name: 'Ravi', phone: '098765 43210', email: ' Ravi@Example.COM', storefrontCustomerId: 'sf-1' });
    expect(c).to.include({ name: 'Ravi', phone: '+919876543210', email: 'ravi@example.com', storefrontCustomerId: 'sf-1' });
    const events = await customerEvents(svc, c.id);
    expect(events[0].type).to.equal('CustomerCreated');
    expect(events[0].data).to.include({ customerId: c.id, accountId: 'acme', name: 'Ravi', phone: '+919876543210', email: 'ravi@example.com', storefrontCustomerId: 'sf-1' });
  });

  it('given the same phone in other formats (account default country IN), then it is the same customer', async () => {
    const a = await customerOf({ phone: '98111 22334' });
    const b = await customerOf({ phone: '+91-98111-22334' });
    const c = await customerOf({ phone: '0091 9811122334' });
    expect(b.id).to.equal(a.id);
    expect(c.id).to.equal(a.id);
    expect(a.phone).to.equal('+919811122334');
  });

  it('given the same email with other case and spaces, then it is the same customer', async () => {
    const a = await customerOf({ email: 'Mia.Wong@Example.org' });
    const b = await customerOf({ email: '  mia.wong@EXAMPLE.org ' });
    expect(b.id).to.equal(a.id);
  });

  it('given ten racing requests for the same new customer, then exactly one customer exists', async () => {
    // given
    const phone = freshPhone();
    // when
    const results = await Promise.all(Array.from({ length: 10 }, () => createTicket(svc, { customer: { phone, name: 'Racer' }, query: 'race', forceCreateTicket: true })));
    // then
    expect(results.map((r) => r.status)).to.deep.equal(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.customer.id)).size).to.equal(1);
    const claims = await readStream(svc, customerKeyStream('acme', { kind: 'phone', value: phone as PhoneE164 }));
    expect(claims).to.have.length(1);
    const created = (await customerEvents(svc, results[0].body.customer.id)).filter((e) => e.type === 'CustomerCreated');
    expect(created).to.have.length(1);
  });

  it('given ten racing requests with phone and email of a new customer, then one customer owns both', async () => {
    const phone = freshPhone();
    const mail = `race-${phone.slice(-4)}@example.com`;
    const results = await Promise.all(Array.from({ length: 10 }, () => createTicket(svc, { customer: { phone, email: mail }, query: 'race', forceCreateTicket: true })));
    const ids = new Set(results.map((r) => r.body.customer.id));
    expect(ids.size).to.equal(1);
    expect(results[0].body.customer).to.include({ phone, email: mail });
  });

  it('given a known phone and an unclaimed email, then the email is linked to that customer (CustomerContactAdded)', async () => {
    // given
    const phone = freshPhone();
    const first = await customerOf({ phone });
    // when
    const second = await customerOf({ phone, email: `linked-${phone.slice(-4)}@example.com` });
    // then
    expect(second.id).to.equal(first.id);
    expect(second.email).to.equal(`linked-${phone.slice(-4)}@example.com`);
    const added = (await customerEvents(svc, first.id)).filter((e) => e.type === 'CustomerContactAdded');
    expect(added.map((e) => e.data)).to.have.length(1);
    expect(added[0].data).to.include({ customerId: first.id, accountId: 'acme', kind: 'email', value: `linked-${phone.slice(-4)}@example.com` });
    // and an email-only request now finds the same customer
    const third = await customerOf({ email: `LINKED-${phone.slice(-4)}@example.com` });
    expect(third.id).to.equal(first.id);
  });

  it('given a known email and an unclaimed phone, then the phone is linked to the email owner', async () => {
    const mail = `owner-${freshPhone().slice(-4)}@example.com`;
    const first = await customerOf({ email: mail });
    const phone = freshPhone();
    const second = await customerOf({ phone, email: mail });
    expect(second.id).to.equal(first.id);
    expect(second.phone).to.equal(phone);
    expect((await customerOf({ phone })).id).to.equal(first.id);
  });

  it('given phone and email of two different customers, then the phone wins and the email stays with its owner', async () => {
    // given
    const phone = freshPhone();
    const mail = `other-${phone.slice(-4)}@example.com`;
    const byPhone = await customerOf({ phone });
    const byEmail = await customerOf({ email: mail });
    expect(byPhone.id).to.not.equal(byEmail.id);
    // when
    const both = await customerOf({ phone, email: mail });
    // then
    expect(both.id).to.equal(byPhone.id);
    expect(both.email).to.equal(null);
    expect((await customerOf({ email: mail })).id).to.equal(byEmail.id);
  });

  it('given a customer without a name, when a later request names them, then the name is filled (CustomerDetailsAdded) but never replaced', async () => {
    const phone = freshPhone();
    const first = await customerOf({ phone });
    expect(first.name).to.equal(null);
    const named = await customerOf({ phone, name: 'Noor' });
    expect(named.name).to.equal('Noor');
    const renamed = await customerOf({ phone, name: 'Someone Else' });
    expect(renamed.name).to.equal('Noor');
    expect((await customerEvents(svc, first.id)).map((e) => e.type)).to.include('CustomerDetailsAdded');
  });

  it('given the same phone in another account, then that account has its own customer', async () => {
    const phone = freshPhone();
    const acme = await customerOf({ phone });
    const globex = await customerOf({ phone }, TOKENS.globexAdmin);
    expect(globex.id).to.not.equal(acme.id);
  });

  /** The claim of a phone for a customer whose stream never came: what a log of an earlier version (claim and customer in two appends) holds after a crash between them. */
  const claimOnly = async (phone: string, customerId: string) => {
    const claimed = await svc.deps.eventStore.appendToStream(customerKeyStream('acme', { kind: 'phone', value: phone as PhoneE164 }), [{
      id: randomUUID(), type: 'CustomerKeyClaimed', data: { customerId, accountId: 'acme', kind: 'phone' }, metadata: { version: 1, accountId: 'acme' },
    }], { expectedRevision: 'no_stream' });
    expect(E.isRight(claimed)).to.equal(true);
  };

  it('given a phone claimed for a customer whose stream never came (a log of an earlier version, crashed between its two appends), when a request comes with that phone, then the customer is made with that phone at once and the request carries on', async () => {
    // given
    const phone = freshPhone();
    const customerId = `lost-${phone.slice(-6)}`;
    await claimOnly(phone, customerId);
    // when
    const found = await customerOf({ phone, name: 'Repaired' });
    // then
    expect(found).to.include({ id: customerId, name: 'Repaired', phone });
    const events = await customerEvents(svc, customerId);
    expect(events.map((e) => e.type)).to.deep.equal(['CustomerCreated']);
    expect((await customerOf({ phone })).id).to.equal(customerId);
  });

  it('given contacts, then no phone number or email appears in the uniqueness stream names', () => {
    const name = customerKeyStream('acme', { kind: 'email', value: email('a@b.co') });
    expect(name).to.match(/^customer_key-[0-9a-f]{40}$/);
  });
});
