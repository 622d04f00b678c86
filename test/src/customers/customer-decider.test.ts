import { expect } from 'chai';
import { customerDecider, CustomerEvent } from '@support/domain';
import { deciderSpecification } from '../support/decider-specification';

const AT = new Date('2026-03-01T10:00:00Z');
const given = deciderSpecification(customerDecider);
const created: CustomerEvent = {
  type: 'CustomerCreated',
  data: { customerId: 'c1', accountId: 'acme', name: null, phone: '+14155552671', email: null, storefrontCustomerId: null, createdAt: AT.toISOString() },
};
const ids = { customerId: 'c1', accountId: 'acme' };

describe('customer decider', () => {
  it('given no customer, when created, then CustomerCreated', () => {
    given().when({ type: 'CreateCustomer', ...ids, name: 'Ann', phone: '+14155552671', email: null, storefrontCustomerId: null, at: AT })
      .then([{ type: 'CustomerCreated', data: { ...ids, name: 'Ann', phone: '+14155552671', email: null, storefrontCustomerId: null, createdAt: AT.toISOString() } }]);
  });

  it('given a customer, when created again, then nothing happens', () => {
    given(created).when({ type: 'CreateCustomer', ...ids, name: 'Ann', phone: null, email: 'a@b.co', storefrontCustomerId: null, at: AT }).thenNothing();
  });

  it('given a customer without email and name, when enriched, then the new contact and the missing details are added, known ones are not repeated', () => {
    given(created).when({
      type: 'EnrichCustomer', contacts: [{ kind: 'phone', value: '+14155552671' }, { kind: 'email', value: 'ann@example.com' }], name: 'Ann', storefrontCustomerId: null, at: AT,
    }).then([
      { type: 'CustomerContactAdded', data: { ...ids, kind: 'email', value: 'ann@example.com', addedAt: AT.toISOString() } },
      { type: 'CustomerDetailsAdded', data: { ...ids, name: 'Ann', addedAt: AT.toISOString() } },
    ]);
  });

  it('given no customer, when recorded with the contacts its request claimed, then it is created with them', () => {
    given().when({
      type: 'RecordCustomer', ...ids, contacts: [{ kind: 'phone', value: '+14155552671' }, { kind: 'email', value: 'ann@example.com' }], name: 'Ann', storefrontCustomerId: 's-1', at: AT,
    }).then([{ type: 'CustomerCreated', data: { ...ids, name: 'Ann', phone: '+14155552671', email: 'ann@example.com', storefrontCustomerId: 's-1', createdAt: AT.toISOString() } }]);
  });

  it('given a customer, when recorded again by a racing request, then it is enriched as EnrichCustomer would: the new contact and the missing name, never a second CustomerCreated', () => {
    given(created).when({
      type: 'RecordCustomer', ...ids, contacts: [{ kind: 'phone', value: '+14155552671' }, { kind: 'email', value: 'ann@example.com' }], name: 'Ann', storefrontCustomerId: null, at: AT,
    }).then([
      { type: 'CustomerContactAdded', data: { ...ids, kind: 'email', value: 'ann@example.com', addedAt: AT.toISOString() } },
      { type: 'CustomerDetailsAdded', data: { ...ids, name: 'Ann', addedAt: AT.toISOString() } },
    ]);
  });

  it('given a customer with a phone, when another phone is added, then the first stays the phone and both are kept', () => {
    const { state } = given(created, { type: 'CustomerContactAdded', data: { ...ids, kind: 'phone', value: '+14155550000', addedAt: AT.toISOString() } });
    expect(state).to.include({ phone: '+14155552671' });
    expect(state!.phones).to.deep.equal(['+14155552671', '+14155550000']);
  });

  it('given no customer, when enriched, then CustomerNotFound', () => {
    given().when({ type: 'EnrichCustomer', contacts: [], name: null, storefrontCustomerId: null, at: AT }).thenFails({ kind: 'CustomerNotFound' });
  });
});
