import { Contact, CustomerState } from '../../customers';
import { TicketState } from '../ticket';
import { NumbersRead } from './numbered-ticket';

/**
 * What a manual-ticket create decides on, read from the log: every stream its decision writes,
 * each with the revision read, which the one append expects (docs/architecture.md, "A create").
 */

/** One contact of the request and its key stream (`customer_key-…`): the customer it names, if any. */
export interface ContactRead {
  readonly contact: Contact;
  readonly streamName: string;
  /** The customer that owns the contact in the account, or null: nobody yet (its claim expects no stream). */
  readonly owner: string | null;
}

/** The open-ticket slot of (account, customer, requested task): the ticket it names and that ticket's state. */
export interface SlotRead {
  readonly revision: bigint | null;
  /**
   * The state of the ticket the slot's last claim names; null when it names none (free, or released
   * in a log of earlier versions) or one that never appeared (a claim of a log of earlier versions
   * whose request died).
   */
  readonly holderTicket: TicketState | null;
}

export interface ManualTicketState {
  /** The request's contacts in the order phone, email. */
  readonly contacts: readonly ContactRead[];
  /** The customer the contacts name (see customerOwning), with its stream's revision; null when they name nobody. */
  readonly customer: { readonly id: string; readonly state: CustomerState | null; readonly revision: bigint | null } | null;
  /**
   * The slot of that customer and the requested task; null when nothing names a ticket in it without
   * reading it (a new customer's slot cannot exist), or its content does not matter (a forced create,
   * or a request that makes no ticket).
   */
  readonly slot: SlotRead | null;
  /** The account's ticket numbers (`ticket_number-<accountId>`): the last one handed out. */
  readonly numbers: NumbersRead;
}

/**
 * The customer the request is for, by the contacts' owners (in the order phone, email): the owner of
 * the first contact that has one; null when none has (a new customer). The phone wins when phone and
 * email belong to different customers; the email stays with its owner.
 */
export const customerOwning = (owners: readonly (string | null)[]): string | null => owners.find((o) => o !== null) ?? null;
