import * as E from 'fp-ts/Either';
import { CustomerIdentifier, OrderDetails, OrderLookupError } from '../ports/order-lookup';
import { normalizeIdentifiers } from './identifier';
import { sameOrderNumber } from './order-number';
import { newestOrdersFirst } from './order-summary';
import { StoreCalls } from './store-calls';
import { StoreOrderListItem } from './store-contract';

const pick = (items: readonly StoreOrderListItem[], orderName: string | null): StoreOrderListItem | undefined =>
  orderName === null ? newestOrdersFirst(items)[0] : items.find((i) => sameOrderNumber(orderName, i.order_number));

/**
 * The order a ticket's `order` data points read. With an orderName: the customer's order whose
 * order_number is that name (sameOrderNumber); with none: the customer's newest order. Only the
 * customer's own orders are considered (phone first, then email); a named order that is not among
 * them gives null, never the newest one instead. null when the store has no such order.
 */
export const findOrderForTicket = async (
  calls: StoreCalls,
  who: CustomerIdentifier,
  orderName: string | null,
  defaultPhoneCountry?: string,
): Promise<E.Either<OrderLookupError, OrderDetails | null>> => {
  const ids = normalizeIdentifiers(who, defaultPhoneCountry);
  if (E.isLeft(ids)) return ids;
  const wanted = orderName !== null && orderName.trim() !== '' ? orderName : null;
  for (const id of ids.right) {
    // The newest order is on the first page (the store lists newest first); a named one may be further on.
    const listed = await calls.listOrders(id, wanted === null ? { maxPages: 1 } : {});
    if (E.isLeft(listed)) return listed;
    const chosen = pick(listed.right.value.orders, wanted);
    if (chosen) {
      const details = await calls.orderDetails(chosen.order_id);
      if (E.isLeft(details)) return details.left.kind === 'orderNotFound' ? E.right(null) : details;
      return E.right(details.right.value);
    }
  }
  return E.right(null);
};
