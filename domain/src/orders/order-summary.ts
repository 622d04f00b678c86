import { OrderSummary } from '../ports/order-lookup';
import { StoreOrderListItem } from './store-contract';

/** The safe summary fields offered for a choice (docs/api/orders.md): order number, date, status, total. */
export const toOrderSummary = (item: StoreOrderListItem): OrderSummary => ({
  orderId: item.order_id,
  orderNumber: typeof item.order_number === 'string' && item.order_number.trim() !== '' ? item.order_number : null,
  createdAt: item.created_at,
  orderStatus: item.order_status,
  total: { amount: item.total.amount, currency: item.total.currency },
});

const time = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/**
 * Newest first by created_at. The store already answers newest first; sorting again (stable, so
 * equal or unreadable dates keep the store's order) keeps "the newest order" true even when a store
 * gets it wrong.
 */
export const newestOrdersFirst = <A extends { readonly created_at: string }>(items: readonly A[]): A[] =>
  items
    .map((item, index) => ({ item, index, at: time(item.created_at) }))
    .sort((a, b) => (b.at === a.at ? a.index - b.index : b.at > a.at ? 1 : -1))
    .map((x) => x.item);
