import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import {
  Account, Contact, customerKeyStream, customerStream, CustomerState, decideManualTicket, decodeAccountConfig, ManualTicketCommand, ManualTicketContext, ManualTicketState, NormalizedEmail,
  openTicketStream, PhoneE164, TicketState, ticketNumberStream, ticketStream, toManualTicketCommand,
} from '@support/domain';
import { exampleConfig } from '../../support/example-config';

/**
 * decideManualTicket: the create's one decision over every stream it touches, given what was read
 * (ManualTicketState), as docs/architecture.md ("A create") states it.
 */
const account = (): Account => {
  const directory = decodeAccountConfig(exampleConfig());
  if (E.isLeft(directory)) throw new Error('the example configuration does not decode');
  return directory.right.account('acme') as Account;
};

const PHONE = '+14155552671' as PhoneE164;
const EMAIL = 'kim@example.com' as NormalizedEmail;
const phone: Contact = { kind: 'phone', value: PHONE };
const email: Contact = { kind: 'email', value: EMAIL };
const keyOf = (c: Contact) => customerKeyStream('acme', c.kind === 'phone' ? { kind: 'phone', value: c.value as PhoneE164 } : { kind: 'email', value: c.value as NormalizedEmail });

const command = (body: Record<string, unknown> = {}): ManualTicketCommand => {
  const made = toManualTicketCommand({ customer: { name: 'Kim Lee', phone: PHONE, email: EMAIL }, query: 'The mug arrived broken.', ...body } as never, account());
  if (E.isLeft(made)) throw new Error(made.left);
  return made.right;
};

const ctx: ManualTicketContext = {
  account: account(), accountId: 'acme', now: new Date('2026-12-07T10:00:00Z'), createdByUserId: 'u-admin', createdByTokenId: 'tok-admin',
  newCustomerId: 'c-new', newTicketId: 't-new', newRequestId: 'r-new', text: null,
};

const numbers = { streamName: ticketNumberStream('acme'), lastNumber: 41, revision: 40n };

const nobody = (): ManualTicketState => ({
  contacts: [phone, email].map((contact) => ({ contact, streamName: keyOf(contact), owner: null })),
  customer: null, slot: null, numbers,
});

const kim: CustomerState = {
  customerId: 'c-kim', accountId: 'acme', name: 'Kim Lee', phone: PHONE, email: null, storefrontCustomerId: null, phones: [PHONE], emails: [], createdAt: '2026-12-01T00:00:00Z',
  erasure: null, personalDataSinceErasure: false,
};

/** The phone owned by Kim (customer stream at revision 3), the email nobody's. */
const kimByPhone = (slot: ManualTicketState['slot'] = null): ManualTicketState => ({
  contacts: [{ contact: phone, streamName: keyOf(phone), owner: 'c-kim' }, { contact: email, streamName: keyOf(email), owner: null }],
  customer: { id: 'c-kim', state: kim, revision: 3n }, slot, numbers,
});

const openTicket = { ticketId: 't-open', status: 'open' } as TicketState;

describe('decideManualTicket: one decision over every stream of a create', () => {
  it('given contacts nobody owns, when a ticket is asked for, then the contacts are claimed, the customer made, the slot names the ticket, the number is the next, all in one append expecting each stream as read', () => {
    const decided = decideManualTicket(command(), nobody(), ctx);
    expect(decided.kind).to.equal('created');
    expect(decided.appends.map((a) => [a.streamName, a.events.map((e) => e.type), a.expectedRevision])).to.deep.equal([
      [keyOf(phone), ['CustomerKeyClaimed'], 'no_stream'],
      [keyOf(email), ['CustomerKeyClaimed'], 'no_stream'],
      [customerStream('c-new'), ['CustomerCreated'], 'no_stream'],
      [openTicketStream('acme', 'c-new', null), ['OpenTicketClaimed'], 'no_stream'],
      [ticketNumberStream('acme'), ['TicketNumberAssigned'], 40n],
      [ticketStream('t-new'), ['TicketCreated'], 'no_stream'],
    ]);
    if (decided.kind !== 'created') return;
    expect(decided.ticket).to.include({ ticketId: 't-new', ticketNumber: 42, customerId: 'c-new', status: 'open', textProcessing: 'pending' });
    expect(decided.customer).to.include({ customerId: 'c-new', name: 'Kim Lee', phone: PHONE, email: EMAIL });
  });

  it('given the phone owned by a customer and the email by nobody, then the email is claimed for that customer and linked to it, expecting its stream at the revision read', () => {
    const decided = decideManualTicket(command(), kimByPhone(), ctx);
    const byStream = new Map(decided.appends.map((a) => [a.streamName, a]));
    expect(byStream.has(keyOf(phone)), 'an owned contact is not claimed again').to.equal(false);
    expect(byStream.get(keyOf(email))?.events).to.deep.equal([{ type: 'CustomerKeyClaimed', data: { customerId: 'c-kim', accountId: 'acme', kind: 'email' } }]);
    expect(byStream.get(customerStream('c-kim'))?.events.map((e) => e.type)).to.deep.equal(['CustomerContactAdded']);
    expect(byStream.get(customerStream('c-kim'))?.expectedRevision).to.equal(3n);
    expect(decided.customer).to.include({ customerId: 'c-kim', email: EMAIL });
  });

  it('given an open ticket in the slot of the customer and task, then that ticket is the answer, and nothing but what the customer gained is written', () => {
    const decided = decideManualTicket(command(), kimByPhone({ revision: 0n, holderTicket: openTicket }), ctx);
    expect(decided.kind).to.equal('existing');
    expect(decided.appends.map((a) => a.streamName)).to.deep.equal([keyOf(email), customerStream('c-kim')]);
  });

  it('given a resolved ticket in the slot, then a new ticket takes the slot, expected at the revision it was read at', () => {
    const decided = decideManualTicket(command(), kimByPhone({ revision: 2n, holderTicket: { ...openTicket, status: 'resolved' } }), ctx);
    expect(decided.kind).to.equal('created');
    expect(decided.appends.find((a) => a.streamName === openTicketStream('acme', 'c-kim', null))?.expectedRevision).to.equal(2n);
  });

  it('given forceCreateTicket, then a new ticket takes the slot whatever names it (any revision)', () => {
    const decided = decideManualTicket(command({ forceCreateTicket: true }), kimByPhone({ revision: 0n, holderTicket: openTicket }), ctx);
    expect(decided.kind).to.equal('created');
    expect(decided.appends.find((a) => a.streamName === openTicketStream('acme', 'c-kim', null))?.expectedRevision).to.equal('any');
  });

  it('given waitForTicket false, then the request is recorded on the customer with the customer\'s own events, and no slot, number or ticket is written', () => {
    const decided = decideManualTicket(command({ waitForTicket: false }), kimByPhone(), ctx);
    expect(decided.kind).to.equal('requestRecorded');
    expect(decided.appends.map((a) => [a.streamName, a.events.map((e) => e.type)])).to.deep.equal([
      [keyOf(email), ['CustomerKeyClaimed']],
      [customerStream('c-kim'), ['CustomerContactAdded', 'CustomerRequestReceived']],
    ]);
  });

  it('given a task asked for, then the ticket is made on that task, its team from the task (its evaluation follows once it exists)', () => {
    const decided = decideManualTicket(command({ taskName: 'Refund Request' }), nobody(), ctx);
    if (decided.kind !== 'created') throw new Error('expected a created ticket');
    expect(decided.ticket).to.include({ taskId: 'task-refund', requestedTaskId: 'task-refund', teamId: 'team-care' });
    expect(decided.appends.find((a) => a.streamName.startsWith('open_ticket-'))?.streamName).to.equal(openTicketStream('acme', 'c-new', 'task-refund'));
  });
});
