import {
  Contact, customerDecider, customerOwning, customerStream, EventStore, ManualTicketCommand, ManualTicketState, OpenTicketClaimed, openTicketStream, SlotRead, ticketDecider, ticketStream,
} from '@support/domain';
import { loadStream, readLastEvent } from '@support/event-sourcing';
import { contactOwners } from '../customers/contact-owners';

/** The slot's last claim and the state of the ticket it names. */
const readSlot = async (eventStore: EventStore, streamName: string): Promise<SlotRead> => {
  const last = await readLastEvent(eventStore, streamName);
  // An OpenTicketReleased (logs of earlier versions) leaves the slot free.
  const holder = last?.type === 'OpenTicketClaimed' ? (last.data as OpenTicketClaimed['data']).ticketId : null;
  const holderTicket = holder === null ? null : (await loadStream(eventStore, ticketStream(holder), ticketDecider)).state;
  return { revision: last?.revision ?? null, holderTicket };
};

/**
 * Reads what a manual-ticket create decides on (ManualTicketState): the owners of the request's
 * contacts, then the customer they name and, when the request makes a ticket, the slot of that
 * customer and task with the ticket it names. A new customer has neither stream yet, and a forced
 * create takes the slot whatever it names: those are not read. The account's numbers are not read
 * here: the decision takes them as they stand in its own turn (AccountTicketNumbers).
 */
export const loadManualTicketState = async (
  eventStore: EventStore,
  accountId: string,
  command: ManualTicketCommand,
): Promise<Omit<ManualTicketState, 'numbers'>> => {
  const wanted: Contact[] = [
    ...(command.customer.phone !== null ? [{ kind: 'phone' as const, value: command.customer.phone }] : []),
    ...(command.customer.email !== null ? [{ kind: 'email' as const, value: command.customer.email }] : []),
  ];
  const owners = contactOwners(eventStore);
  const contacts = await Promise.all(wanted.map(async (contact) => ({ contact, ...(await owners.of(accountId, contact)) })));
  const customerId = customerOwning(contacts.map((c) => c.owner));
  if (customerId === null) return { contacts, customer: null, slot: null };
  const slotWanted = command.waitForTicket && !command.forceCreateTicket;
  const [customer, slot] = await Promise.all([
    loadStream(eventStore, customerStream(customerId), customerDecider),
    slotWanted ? readSlot(eventStore, openTicketStream(accountId, customerId, command.task?.id ?? null)) : null,
  ]);
  return { contacts, customer: { id: customerId, state: customer.state, revision: customer.revision }, slot };
};

