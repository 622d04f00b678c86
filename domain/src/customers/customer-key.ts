import * as E from 'fp-ts/Either';
import { Decider } from '../shared/decider';
import { CustomerKeyClaimedData, CustomerKeyEvent } from './events';

/** Owner of one contact (phone or email) in the account: the first claim wins, later ones change nothing. */
export type CustomerKeyState = { readonly owner: string | null };

export type CustomerKeyCommand = { readonly type: 'ClaimCustomerKey'; readonly claim: CustomerKeyClaimedData };

export const customerKeyDecider: Decider<CustomerKeyCommand, CustomerKeyEvent, CustomerKeyState, never> = {
  initialState: () => ({ owner: null }),
  evolve: (state, event) => (state.owner === null ? { owner: event.data.customerId } : state),
  decide: (command, state) => (state.owner !== null ? E.right([]) : E.right([{ type: 'CustomerKeyClaimed', data: command.claim }])),
};
