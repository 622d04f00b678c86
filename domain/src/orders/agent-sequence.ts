import * as E from 'fp-ts/Either';
import { CustomerIdentifier, OrderDetails, OrderLookupError, OrderSummary } from '../ports/order-lookup';
import { carriesCustomerContext, storeCustomerContext, StoreCustomerContext, listCustomerContext } from './customer-context';
import { normalizeIdentifiers, StoreIdentifier } from './identifier';
import { newestOrdersFirst, toOrderSummary } from './order-summary';
import { StoreCalls } from './store-calls';
import { StoreOrderListItem } from './store-contract';

/**
 * The agent sequence of docs/api/orders.md, as plain functions over the store's I/O:
 *   identifier → normalize → order list → (several orders: the customer chooses from safe summaries)
 *   → details of the chosen order → customer details only when the list did not carry them.
 * Nothing missing is ever filled in: absent values stay null or absent.
 */

type OrderChoice = 'none' | 'single' | 'several';

export interface OrdersFound {
  /** The identifier whose orders these are (phone first, then email); null when none had orders. */
  readonly identifier: StoreIdentifier | null;
  /** Safe summaries, newest first: what the customer chooses from. */
  readonly summaries: readonly OrderSummary[];
  /** none: nothing to open; single: open it; several: offer the summaries and let the customer choose. */
  readonly choice: OrderChoice;
  /** The customer context the list carried (masked by the store), or null. */
  readonly customer: StoreCustomerContext | null;
  readonly truncated: boolean;
  readonly requestIds: readonly string[];
  /** The list items, kept to decide later whether the customer call is needed. */
  readonly items: readonly StoreOrderListItem[];
}

const choiceOf = (n: number): OrderChoice => (n === 0 ? 'none' : n === 1 ? 'single' : 'several');

/** Steps 1 to 3: normalize the identifier(s) and list the orders of the first one that has any. */
export const findOrders = async (calls: StoreCalls, who: CustomerIdentifier, defaultPhoneCountry?: string): Promise<E.Either<OrderLookupError, OrdersFound>> => {
  const ids = normalizeIdentifiers(who, defaultPhoneCountry);
  if (E.isLeft(ids)) return ids;
  const requestIds: string[] = [];
  for (const id of ids.right) {
    const listed = await calls.listOrders(id);
    if (E.isLeft(listed)) return listed;
    requestIds.push(...listed.right.requestIds);
    const items = newestOrdersFirst(listed.right.value.orders);
    if (items.length > 0) {
      return E.right({
        identifier: id,
        summaries: items.map(toOrderSummary),
        choice: choiceOf(items.length),
        customer: listCustomerContext(items),
        truncated: listed.right.value.truncated,
        requestIds,
        items,
      });
    }
  }
  return E.right({ identifier: null, summaries: [], choice: 'none', customer: null, truncated: false, requestIds, items: [] });
};

/** Where the customer context of an opened order comes from. */
type CustomerOutcome =
  /** The list item carried it: the customer-details call was skipped. */
  | { readonly kind: 'fromOrderList'; readonly customer: StoreCustomerContext }
  | { readonly kind: 'fromCustomerLookup'; readonly customer: StoreCustomerContext }
  /** The store knows no customer record (for example a guest order): nothing is made up. */
  | { readonly kind: 'notFound' }
  /** Customer details failed; the order details are still good. */
  | { readonly kind: 'failed'; readonly error: OrderLookupError };

interface OpenedOrder {
  readonly order: OrderDetails;
  readonly customer: CustomerOutcome;
  readonly requestIds: readonly string[];
}

export type OpenOrderError = OrderLookupError | { readonly kind: 'notOffered'; readonly orderId: string };

/**
 * Steps 4 to 6: details of the order the customer chose (it must be one of the offered orders),
 * then the customer context: from its list item when it carries one, else from customer details.
 */
export const openOrder = async (calls: StoreCalls, found: OrdersFound, orderId: string): Promise<E.Either<OpenOrderError, OpenedOrder>> => {
  const item = found.items.find((i) => i.order_id === orderId);
  if (!item || found.identifier === null) return E.left({ kind: 'notOffered', orderId });
  const details = await calls.orderDetails(item.order_id);
  if (E.isLeft(details)) return details;
  const requestIds = [...details.right.requestIds];
  if (carriesCustomerContext(item) && item.customer) {
    return E.right({ order: details.right.value, customer: { kind: 'fromOrderList', customer: storeCustomerContext(item.customer) }, requestIds });
  }
  const looked = await calls.customerLookup(found.identifier);
  if (E.isLeft(looked)) return E.right({ order: details.right.value, customer: { kind: 'failed', error: looked.left }, requestIds });
  requestIds.push(...looked.right.requestIds);
  const customer: CustomerOutcome = looked.right.value === null ? { kind: 'notFound' } : { kind: 'fromCustomerLookup', customer: storeCustomerContext(looked.right.value) };
  return E.right({ order: details.right.value, customer, requestIds });
};
