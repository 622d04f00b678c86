import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { customerDecider, CustomerEvent, MaybeCustomer } from '@support/domain';

const AT = new Date('2026-03-01T10:00:00Z');
const given = (events: CustomerEvent[]): MaybeCustomer => events.reduce(customerDecider.evolve, customerDecider.initialState());
const created: CustomerEvent = {
  type: 'CustomerCreated',
  data: { customerId: 'c1', accountId: 'acme', name: null, phone: '+14155552671', email: null, storefrontCustomerId: null, createdAt: AT.toISOString() },
};

describe('customer decider', () => {
  it('given no customer, when created, then CustomerCreated', () => {
    const r = customerDecider.decide({ type: 'CreateCustomer', customerId: 'c1', accountId: 'acme', name: 'Ann', phone: '+14155552671', email: null, storefrontCustomerId: null, at: AT }, given([]));
    expect(r).to.deep.equal(E.right([{ type: 'CustomerCreated', data: { customerId: 'c1', accountId: 'acme', name: 'Ann', phone: '+14155552671', email: null, storefrontCustomerId: null, createdAt: AT.toISOString() } }]));
  });

  it('given a customer, when created again, then nothing happens', () => {
    const r = customerDecider.decide({ type: 'CreateCustomer', customerId: 'c1', accountId: 'acme', name: 'Ann', phone: null, email: 'a@b.co', storefrontCustomerId: null, at: AT }, given([created]));
    expect(r).to.deep.equal(E.right([]));
  });

  it('given a customer without email and name, when enriched, then the new contact and the missing details are added, known ones are not repeated', () => {
    const r = customerDecider.decide({
      type: 'EnrichCustomer', contacts: [{ kind: 'phone', value: '+14155552671' }, { kind: 'email', value: 'ann@example.com' }], name: 'Ann', storefrontCustomerId: null, at: AT,
    }, given([created]));
    expect(r).to.deep.equal(E.right([
      { type: 'CustomerContactAdded', data: { customerId: 'c1', accountId: 'acme', kind: 'email', value: 'ann@example.com', addedAt: AT.toISOString() } },
      { type: 'CustomerDetailsAdded', data: { customerId: 'c1', accountId: 'acme', name: 'Ann', addedAt: AT.toISOString() } },
    ]));
  });

  it('given a customer with a phone, when another phone is added, then the first stays the phone and both are kept', () => {
    const state = given([created, { type: 'CustomerContactAdded', data: { customerId: 'c1', accountId: 'acme', kind: 'phone', value: '+14155550000', addedAt: AT.toISOString() } }]);
    expect(state).to.include({ phone: '+14155552671' });
    expect(state!.phones).to.deep.equal(['+14155552671', '+14155550000']);
  });

  it('given no customer, when enriched, then CustomerNotFound', () => {
    const r = customerDecider.decide({ type: 'EnrichCustomer', contacts: [], name: null, storefrontCustomerId: null, at: AT }, given([]));
    expect(r).to.deep.equal(E.left({ kind: 'CustomerNotFound' }));
  });
});
