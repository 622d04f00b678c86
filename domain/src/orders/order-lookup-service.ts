import * as E from 'fp-ts/Either';
import { Account } from '../config/account-config';
import { OrderLookup } from '../ports/order-lookup';
import { findOrders } from './agent-sequence';
import { findOrderForTicket } from './order-for-ticket';
import { StoreCalls } from './store-calls';

/** The store calls of an account, or null when the account has no store system configured. */
export type StoreCallsFor = (account: Account) => StoreCalls | null;

/** The OrderLookup port over the agent sequence and an account's store calls. */
export const storeOrderLookup = (callsFor: StoreCallsFor): OrderLookup => ({
  listOrders: async (account, who) => {
    const calls = callsFor(account);
    if (calls === null) return E.left({ kind: 'notConfigured' });
    const found = await findOrders(calls, who, account.defaultPhoneCountry);
    return E.isLeft(found) ? found : E.right(found.right.summaries);
  },
  orderDetails: async (account, orderId) => {
    const calls = callsFor(account);
    if (calls === null) return E.left({ kind: 'notConfigured' });
    const details = await calls.orderDetails(orderId);
    return E.isLeft(details) ? details : E.right(details.right.value);
  },
  orderForTicket: async (account, who, orderName) => {
    const calls = callsFor(account);
    if (calls === null) return E.left({ kind: 'notConfigured' });
    return findOrderForTicket(calls, who, orderName, account.defaultPhoneCountry);
  },
});
