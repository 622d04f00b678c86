import { expect } from 'chai';
import { exampleConfig, TOKENS, withoutRateLimits } from '../support/example-config';
import { eventually } from '../support/eventually';
import { startTestService, TestService } from '../support/test-service';
import { storedForms, valuesHeld } from './support/files-holding';

const PHONE = '+14155550173';
const CREATES = 24;
const queryOf = (i: number) => `Raced bandersnatch query number ${i}`;

describe('customer erasure (HTTP): creates for the customer racing the erasure are erased with it, or refused, and leave no value behind', function () {
  this.timeout(60_000);
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ config: withoutRateLimits(exampleConfig()) });
  });
  after(async () => svc?.stop());

  const create = (i: number) =>
    svc.api('POST', '/apis/tickets/manual', {
      token: TOKENS.acmeAdmin, body: { customer: { name: 'Raced Tumtum', phone: PHONE }, query: queryOf(i), forceCreateTicket: true, fastResponse: true },
    });

  it('given creates for a customer sent before, with and after the erasure\'s request, then each is answered 200 and its ticket erased, or 409 with Retry-After; no file holds any of their values', async () => {
    // given a customer, then creates in flight around the request
    const first = await create(0);
    expect(first.status, first.text).to.equal(200);
    const customerId = first.body.customer.id as string;
    const before = Array.from({ length: CREATES / 2 }, (_, i) => create(i + 1));
    // when the erasure is asked while they run, and more creates follow it
    const asked = svc.api('POST', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin });
    const after = Array.from({ length: CREATES / 2 }, (_, i) => create(i + 1 + CREATES / 2));
    expect((await asked).status).to.equal(202);
    const answers = await Promise.all([...before, ...after]);
    let erasure: any;
    await eventually(async () => (erasure = (await svc.api('GET', `/apis/customers/${customerId}/erasure`, { token: TOKENS.acmeAdmin })).body).status === 'erased', 'the erasure is done', 30_000);

    // then every create made a ticket the erasure reached, or was refused until it is done
    const made = [first, ...answers].filter((a) => a.status === 200).map((a) => a.body.ticketId as string);
    const refused = answers.filter((a) => a.status !== 200);
    for (const r of refused) {
      expect(r.status, r.text).to.equal(409);
      expect(r.headers.get('Retry-After')).to.match(/^\d+$/);
    }
    expect(made.length + refused.length).to.equal(CREATES + 1);
    expect(refused.length, 'the creates sent after the request are refused').to.be.greaterThan(0);
    expect([...erasure.ticketIds].sort()).to.include.members(made);
    // (the read models follow the log a moment after the status says erased)
    const queries = async () => Promise.all(made.map(async (id) => (await svc.api('GET', `/apis/tickets/${id}`, { token: TOKENS.acmeAdmin })).body.ticket.query));
    await eventually(async () => (await queries()).every((q) => q === '[erased]'), 'every raced ticket reads [erased]', 10_000);
    const lookedFor = [PHONE.slice(1), 'Raced Tumtum', ...Array.from({ length: CREATES + 1 }, (_, i) => queryOf(i))].flatMap(storedForms);
    let found: string[] = [];
    await eventually(() => (found = valuesHeld(svc.dataDir, lookedFor)).length === 0, 'no file holds a raced value', 15_000).catch(() => undefined);
    expect(found).to.deep.equal([]);
  });
});
