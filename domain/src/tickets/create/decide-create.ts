import { Account } from '../../config/account-config';
import * as E from 'fp-ts/Either';
import { CustomerEvent, CustomerKeyClaimed } from '../../customers/events';
import { customerDecider, CustomerState } from '../../customers/customer';
import { ExpectedRevision } from '../../ports/event-store';
import { DecidedAppend } from '../../shared/decider';
import { accountSlaTargets } from '../../sla';
import { customerStream } from '../../customers/contact';
import { OpenTicketClaimed, openTicketStream, TicketCreatedData } from '../events';
import { ManualTicketCommand } from '../manual-ticket-command';
import { ProcessedTicketText } from '../text-processor';
import { isOpenTicket, TicketState } from '../ticket';
import { ManualTicketState } from './create-state';
import { numberedTicket } from './numbered-ticket';

/** What the create decided; `appends` are written together, all or none. */
export type ManualTicketDecision =
  | { readonly kind: 'requestRecorded'; readonly customer: CustomerState; readonly requestId: string; readonly appends: readonly DecidedAppend[] }
  | { readonly kind: 'existing'; readonly customer: CustomerState; readonly ticket: TicketState; readonly appends: readonly DecidedAppend[] }
  | { readonly kind: 'created'; readonly customer: CustomerState; readonly ticket: TicketState; readonly appends: readonly DecidedAppend[] }
  /** The customer's personal data is being erased: nothing is written until the erasure is done (docs/api/erasure.md). */
  | { readonly kind: 'customerBeingErased'; readonly customer: CustomerState; readonly appends: readonly DecidedAppend[] };

/** What a create knows besides the log: who asks, when, the ids it made, the text it processed. */
export interface ManualTicketContext {
  readonly account: Account;
  readonly accountId: string;
  readonly now: Date;
  readonly createdByUserId: string | null;
  readonly createdByTokenId: string;
  /** Ids made for this request: used only when the decision makes that customer, ticket or request. */
  readonly newCustomerId: string;
  readonly newTicketId: string;
  readonly newRequestId: string;
  /** The processed subject and query, or null: processed afterwards (fastResponse, or the processor failed). */
  readonly text: ProcessedTicketText | null;
}

const expected = (revision: bigint | null): ExpectedRevision => revision ?? 'no_stream';

/**
 * The customer's part: every contact nobody owns is claimed for the customer (its key stream must
 * still not exist), and the customer is created with them, or they are linked to it with the
 * details it lacks. Contacts owned by another customer are never moved.
 */
const decideCustomer = (command: ManualTicketCommand, state: ManualTicketState, ctx: ManualTicketContext): { customer: CustomerState; appends: DecidedAppend[] } => {
  const customerId = state.customer?.id ?? ctx.newCustomerId;
  const free = state.contacts.filter((c) => c.owner === null);
  const claims: DecidedAppend[] = free.map((c) => ({
    streamName: c.streamName,
    events: [{ type: 'CustomerKeyClaimed', data: { customerId, accountId: ctx.accountId, kind: c.contact.kind } } satisfies CustomerKeyClaimed],
    expectedRevision: 'no_stream',
  }));
  // The contacts the customer is known by after this request: the one that found it, and the ones it claims.
  const linked = state.contacts.filter((c) => c.owner === customerId || c.owner === null).map((c) => c.contact);
  const before = state.customer?.state ?? null;
  const decided = customerDecider.decide({
    type: 'RecordCustomer', customerId, accountId: ctx.accountId, contacts: linked, name: command.customer.name, storefrontCustomerId: command.customer.storefrontCustomerId, at: ctx.now,
  }, before);
  // RecordCustomer is refused only for a missing customer, which it creates instead.
  const events: readonly CustomerEvent[] = E.isRight(decided) ? decided.right : [];
  const customer = events.reduce(customerDecider.evolve, before);
  if (customer === null) throw new Error(`customer ${customerId} has no state after its decision`);
  const own: DecidedAppend[] = events.length === 0 ? [] : [{ streamName: customerStream(customerId), events, expectedRevision: expected(state.customer?.revision ?? null) }];
  return { customer, appends: [...claims, ...own] };
};

/** `appends` with `events` added to the customer's own stream (in its append when the decision already writes it). */
const withCustomerEvents = (customer: CustomerState, appends: readonly DecidedAppend[], events: readonly CustomerEvent[], revision: bigint | null): DecidedAppend[] => {
  const stream = customerStream(customer.customerId);
  const own = appends.find((a) => a.streamName === stream);
  if (own === undefined) return [...appends, { streamName: stream, events, expectedRevision: expected(revision) }];
  return appends.map((a) => (a === own ? { ...a, events: [...a.events, ...events] } : a));
};

const newTicketData = (command: ManualTicketCommand, customer: CustomerState, ticketNumber: number, ctx: ManualTicketContext): TicketCreatedData => ({
  ticketId: ctx.newTicketId, accountId: ctx.accountId, ticketNumber, status: 'open',
  subject: command.subject, query: command.query, summary: ctx.text?.summary ?? null, sentiment: ctx.text?.sentiment ?? null,
  textProcessing: ctx.text === null ? 'pending' : 'done',
  orderName: command.orderName, source: command.source, manualSourceLabel: command.manualSourceLabel,
  customerId: customer.customerId, customer: { name: customer.name, phone: customer.phone, email: customer.email },
  // The task's evaluation (its transitions may move the ticket) follows as TaskEvaluated, once the ticket exists.
  taskId: command.task?.id ?? null, teamId: command.task?.teamId ?? null, requestedTaskId: command.task?.id ?? null,
  createdByUserId: ctx.createdByUserId, createdByTokenId: ctx.createdByTokenId, createdAt: ctx.now.toISOString(),
  payload: command.payload, payloadFormat: command.payloadFormat, relatedTicketNumber: command.relatedTicketNumber,
  objectiveValues: command.objectiveValues, images: command.images, parentTicketId: null, ticketType: 'ticket', rootTicketId: ctx.newTicketId,
  forced: command.forceCreateTicket, slaTargets: accountSlaTargets(ctx.account, ctx.now.getTime()),
});

/**
 * The decision of POST /apis/tickets/manual (docs/api/tickets.md), on every stream it touches at
 * once: the customer (found by a contact, or new with its contacts claimed), then
 * - waitForTicket false: the request recorded on the customer;
 * - an open ticket of the customer and requested task (rule Reuse): that ticket, nothing more
 *   written than what the customer gained;
 * - else a new ticket: the slot names it, it takes the account's next number, and it is created.
 * A customer whose erasure is under way gets nothing: the erasure job erases what was written before
 * it was asked, and what comes after waits for it to finish.
 * Each stream is expected at the revision it was read at (a missing one must still be missing; a
 * forced create takes the slot whatever names it), so the append that writes the decision holds only
 * if nothing it read has changed: a lost race is decided again on what the other writer wrote.
 */
export const decideManualTicket = (command: ManualTicketCommand, state: ManualTicketState, ctx: ManualTicketContext): ManualTicketDecision => {
  const found = state.customer?.state ?? null;
  if (found !== null && found.erasure?.status === 'requested') return { kind: 'customerBeingErased', customer: found, appends: [] };
  const { customer, appends } = decideCustomer(command, state, ctx);
  const customerRevision = state.customer?.revision ?? null;
  if (!command.waitForTicket) {
    const received = customerDecider.decide({
      type: 'RecordRequest',
      request: {
        requestId: ctx.newRequestId, receivedAt: ctx.now.toISOString(), subject: command.subject, query: command.query, orderName: command.orderName,
        source: command.source, manualSourceLabel: command.manualSourceLabel, taskId: command.task?.id ?? null,
      },
    }, customer);
    // RecordRequest is refused only for a missing customer; this one was just decided.
    const events: readonly CustomerEvent[] = E.isRight(received) ? received.right : [];
    return { kind: 'requestRecorded', customer, requestId: ctx.newRequestId, appends: withCustomerEvents(customer, appends, events, customerRevision) };
  }
  const slot = state.slot;
  if (!command.forceCreateTicket && slot !== null && slot.holderTicket !== null && isOpenTicket(slot.holderTicket)) {
    return { kind: 'existing', customer, ticket: slot.holderTicket, appends };
  }
  const { ticket, appends: numbered } = numberedTicket(state.numbers, (ticketNumber) => newTicketData(command, customer, ticketNumber, ctx));
  const claimed: OpenTicketClaimed = {
    type: 'OpenTicketClaimed', data: { ticketId: ticket.ticketId, accountId: ctx.accountId, customerId: customer.customerId, taskId: command.task?.id ?? null, forced: command.forceCreateTicket },
  };
  return {
    kind: 'created',
    customer,
    ticket,
    appends: [
      ...appends,
      // A forced create takes the slot whatever names it: nothing it read of the slot matters.
      {
        streamName: openTicketStream(ctx.accountId, customer.customerId, command.task?.id ?? null),
        events: [claimed],
        expectedRevision: command.forceCreateTicket ? 'any' : expected(slot?.revision ?? null),
      },
      ...numbered,
    ],
  };
};
