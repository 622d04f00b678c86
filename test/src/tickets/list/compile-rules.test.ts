import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { decodeTicketListRequest, ticketCriteria } from '@support/domain';
import { ACME_SCOPE, queryStoreWith } from './query-store';

const refusal = (body: unknown): string => {
  const r = decodeTicketListRequest(body);
  if (E.isRight(r)) throw new Error('expected the request to be refused');
  return r.left.message;
};

describe('ticket list request rules (pure)', () => {
  it('an absent body means page 1, limit 10 and no filters', () => {
    expect(decodeTicketListRequest(undefined)).to.deep.equal(E.right({ filters: {}, page: 1, limit: 10 }));
  });

  it('a limit above 250 is refused with "Limit cannot be greater than 250"', () => {
    expect(refusal({ limit: 251 })).to.equal('Limit cannot be greater than 250');
  });

  it('a limit below 1, a page below 1 and non-integers are refused', () => {
    expect(refusal({ limit: 0 })).to.match(/^limit must be at least 1/);
    expect(refusal({ page: 0 })).to.match(/^page must be at least 1/);
    expect(refusal({ page: 1.5 })).to.match(/^page must be an integer/);
    expect(refusal({ limit: '10' })).to.match(/^limit must be an integer/);
  });

  it('an unknown key is refused naming it', () => {
    expect(refusal({ statuses: ['open'], colour: 'red' })).to.match(/^Unknown field "colour"/);
  });

  it('a wrongly typed filter is refused naming the field', () => {
    expect(refusal({ statuses: 'open' })).to.match(/^statuses must be an array of strings/);
    expect(refusal({ sortOrder: 'up' })).to.match(/^sortOrder must be "asc" or "desc"/);
    expect(refusal({ timestampKey: 'closedAt' })).to.match(/^timestampKey must be one of/);
    expect(refusal({ agentInvolvement: 'some' })).to.match(/^agentInvolvement must be "only_ai" or "agents_involved"/);
  });

  it('a ticketNumber sent as a JSON integer reads as its text', () => {
    expect(decodeTicketListRequest({ ticketNumber: 5001 })).to.deep.equal(E.right({ filters: { ticketNumber: '5001' }, page: 1, limit: 10 }));
    expect(refusal({ ticketNumber: 5.5 })).to.match(/^ticketNumber must be a string/);
  });

  it('known filters sent as null read as absent', () => {
    expect(decodeTicketListRequest({ agentId: null, page: null, statuses: null })).to.deep.equal(E.right({ filters: {}, page: 1, limit: 10 }));
  });

  it('an invalid startDate or endDate is refused naming the field', async () => {
    const store = await queryStoreWith([]);
    expect(store.problem({ startDate: 'yesterday' })).to.include({ field: 'startDate' });
    expect(store.problem({ startDate: 'yesterday' }).message).to.match(/^startDate must be an ISO 8601 date-time/);
    expect(store.problem({ endDate: '2026-02-30T00:00:00Z' }).message).to.match(/^endDate must be an ISO 8601 date-time/);
    expect(store.problem({ startDate: '+010000-01-01T00:00:00Z' })).to.include({ field: 'startDate' });
  });

  it('endDate before startDate is refused with "endDate must be after startDate"', async () => {
    const store = await queryStoreWith([]);
    expect(store.problem({ startDate: '2026-03-02T00:00:00Z', endDate: '2026-03-01T00:00:00Z' })).to.deep.equal({
      kind: 'InvalidTicketFilter', field: 'endDate', message: 'endDate must be after startDate',
    });
  });

  it('ignoreDateRange is refused unless every status filtered is assigned or queued', async () => {
    const store = await queryStoreWith([]);
    for (const filters of [{ ignoreDateRange: true }, { ignoreDateRange: true, statuses: [] }, { ignoreDateRange: true, statuses: ['assigned', 'open'] }]) {
      expect(store.problem(filters).message).to.match(/^Invalid date range or status combination: /);
    }
    expect(E.isRight(ticketCriteria(ACME_SCOPE, { ignoreDateRange: true, statuses: ['queued'] }))).to.equal(true);
    expect(E.isRight(ticketCriteria(ACME_SCOPE, { ignoreDateRange: false, startDate: '2026-01-01T00:00:00Z' }))).to.equal(true);
  });

  it('an invalid phoneNumber is refused naming the field', async () => {
    const store = await queryStoreWith([]);
    expect(store.problem({ phoneNumber: '+91 98765 43210, not-a-phone' })).to.include({ field: 'phoneNumber' });
    expect(store.problem({ phoneNumber: '+91 98765 43210, not-a-phone' }).message).to.match(/^phoneNumber \(value 2 of 2\) is not a valid phone number/);
  });

  it('makes criteria scoped by account, with the sort column and order', () => {
    const c = ticketCriteria(ACME_SCOPE, { timestampKey: 'updatedAt', sortOrder: 'asc', statuses: ['open'] });
    expect(c).to.deep.equal(E.right({ accountId: 'acme', timestampKey: 'updatedAt', sortOrder: 'asc', statuses: ['open'] }));
  });
});
