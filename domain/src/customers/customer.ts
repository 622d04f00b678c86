import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { CustomerEvent, CustomerRequestReceivedData } from './events';
import { CustomerErasure, decideErasure, ErasureCommand, ErasureError, evolveErasure } from './erasure';

/** A customer folded from `customer-<customerId>`. */
export interface CustomerState {
  readonly customerId: string;
  readonly accountId: string;
  readonly name: string | null;
  /** The first phone number linked (E.164). */
  readonly phone: string | null;
  /** The first email linked. */
  readonly email: string | null;
  readonly storefrontCustomerId: string | null;
  /** Every phone number and email linked, in order. */
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  readonly createdAt: string;
  /** The latest erasure of its personal data (docs/api/erasure.md), or null. */
  readonly erasure: CustomerErasure | null;
  /** Contacts or details recorded since that erasure (false when there is none). */
  readonly personalDataSinceErasure: boolean;
}

type MaybeCustomer = CustomerState | null;

const evolveCustomer = (state: MaybeCustomer, event: CustomerEvent): MaybeCustomer => {
  switch (event.type) {
    case 'CustomerCreated': {
      const d = event.data;
      return {
        customerId: d.customerId, accountId: d.accountId, name: d.name, phone: d.phone, email: d.email,
        storefrontCustomerId: d.storefrontCustomerId, phones: d.phone ? [d.phone] : [], emails: d.email ? [d.email] : [], createdAt: d.createdAt,
        erasure: null, personalDataSinceErasure: false,
      };
    }
    case 'CustomerContactAdded': {
      if (state === null) return state;
      const { kind, value } = event.data;
      const since = { personalDataSinceErasure: state.erasure !== null };
      return kind === 'phone'
        ? { ...state, ...since, phone: state.phone ?? value, phones: state.phones.includes(value) ? state.phones : [...state.phones, value] }
        : { ...state, ...since, email: state.email ?? value, emails: state.emails.includes(value) ? state.emails : [...state.emails, value] };
    }
    case 'CustomerDetailsAdded':
      if (state === null) return state;
      return {
        ...state,
        personalDataSinceErasure: state.erasure !== null,
        name: state.name ?? event.data.name ?? null,
        storefrontCustomerId: state.storefrontCustomerId ?? event.data.storefrontCustomerId ?? null,
      };
    case 'CustomerRequestReceived':
      return state;
    case 'CustomerErased':
      // Its contacts and details are gone: a later request links them again, as for a customer met anew.
      if (state === null) return state;
      return {
        ...state, name: null, phone: null, email: null, storefrontCustomerId: null, phones: [], emails: [],
        erasure: evolveErasure(state.erasure, event), personalDataSinceErasure: false,
      };
    case 'CustomerErasureRequested':
    case 'CustomerErasureRefused':
      return state === null ? state : { ...state, erasure: evolveErasure(state.erasure, event) };
    default:
      return state;
  }
};

/** A contact of a customer: a phone number in E.164 or a normalized email. */
export interface Contact {
  readonly kind: 'phone' | 'email';
  readonly value: string;
}

type CustomerCommand =
  | {
      readonly type: 'CreateCustomer';
      readonly customerId: string;
      readonly accountId: string;
      readonly name: string | null;
      readonly phone: string | null;
      readonly email: string | null;
      readonly storefrontCustomerId: string | null;
      readonly at: Date;
    }
  /** Links contacts this request claimed for the customer and fills details it lacks. */
  | {
      readonly type: 'EnrichCustomer';
      readonly contacts: readonly Contact[];
      readonly name: string | null;
      readonly storefrontCustomerId: string | null;
      readonly at: Date;
    }
  /**
   * The customer a request found or made: created with these contacts when its stream does not
   * exist yet (the request won the claim that named it, or repairs a claim whose customer was never
   * written); otherwise as EnrichCustomer.
   */
  | {
      readonly type: 'RecordCustomer';
      readonly customerId: string;
      readonly accountId: string;
      readonly contacts: readonly Contact[];
      readonly name: string | null;
      readonly storefrontCustomerId: string | null;
      readonly at: Date;
    }
  | { readonly type: 'RecordRequest'; readonly request: Omit<CustomerRequestReceivedData, 'customerId' | 'accountId'> }
  | ErasureCommand;

type CustomerError = { readonly kind: 'CustomerNotFound' } | ErasureError;

export const customerDecider: Decider<CustomerCommand, CustomerEvent, MaybeCustomer, CustomerError> = {
  initialState: () => null,
  evolve: evolveCustomer,
  decide: (command, state) => {
    if (command.type === 'CreateCustomer') {
      if (state !== null) return E.right([]);
      const { type: _type, at, ...data } = command;
      return E.right([{ type: 'CustomerCreated', data: { ...data, createdAt: at.toISOString() } }]);
    }
    if (command.type === 'RecordCustomer' && state === null) {
      const { customerId, accountId, name, storefrontCustomerId, at, contacts } = command;
      const phone = contacts.find((c) => c.kind === 'phone')?.value ?? null;
      const email = contacts.find((c) => c.kind === 'email')?.value ?? null;
      return E.right([{ type: 'CustomerCreated', data: { customerId, accountId, name, phone, email, storefrontCustomerId, createdAt: at.toISOString() } }]);
    }
    if (state === null) return E.left({ kind: 'CustomerNotFound' });
    if (command.type === 'RequestErasure' || command.type === 'CompleteErasure' || command.type === 'RefuseErasure') return decideErasure(command, state);
    const ids = { customerId: state.customerId, accountId: state.accountId };
    if (command.type === 'RecordRequest') return E.right([{ type: 'CustomerRequestReceived', data: { ...ids, ...command.request } }]);

    const at = command.at.toISOString();
    const events: CustomerEvent[] = command.contacts
      .filter((c) => !(c.kind === 'phone' ? state.phones : state.emails).includes(c.value))
      .map((c) => ({ type: 'CustomerContactAdded', data: { ...ids, kind: c.kind, value: c.value, addedAt: at } }));
    const name = state.name === null && command.name !== null ? command.name : undefined;
    const storefrontCustomerId = state.storefrontCustomerId === null && command.storefrontCustomerId !== null ? command.storefrontCustomerId : undefined;
    if (name !== undefined || storefrontCustomerId !== undefined) {
      events.push({
        type: 'CustomerDetailsAdded',
        data: { ...ids, ...(name !== undefined ? { name } : {}), ...(storefrontCustomerId !== undefined ? { storefrontCustomerId } : {}), addedAt: at },
      });
    }
    return E.right(events);
  },
};

/** Customer of a response (docs/api/tickets.md), with extra keys. */
export const customerView = (c: CustomerState) => ({
  id: c.customerId,
  name: c.name,
  phone: c.phone,
  email: c.email,
  storefrontCustomerId: c.storefrontCustomerId,
  createdAt: c.createdAt,
});
