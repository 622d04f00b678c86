import { STORE_CUSTOMER_FIELDS, StoreCustomer, StoreOrderListItem } from './store-contract';

/** The customer context passed on: the contract's customer fields only, as the store masked them. */
export type StoreCustomerContext = Readonly<Partial<Record<(typeof STORE_CUSTOMER_FIELDS)[number], unknown>>>;

const filled = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/** Keeps the contract's customer fields (whitelist); drops anything else a store may add. */
export const storeCustomerContext = (customer: StoreCustomer): StoreCustomerContext =>
  Object.fromEntries(STORE_CUSTOMER_FIELDS.filter((k) => customer[k] !== undefined).map((k) => [k, customer[k]]));

/**
 * Whether an order-list item carries enough customer context to skip the customer-details call:
 * a customer object with a name (a "must" of customer details) and something that identifies the
 * customer (customer_id, email or phone).
 */
export const carriesCustomerContext = (item: StoreOrderListItem): boolean => {
  const c = item.customer;
  return c !== null && c !== undefined && filled(c.name) && (filled(c.customer_id) || filled(c.email) || filled(c.phone));
};

/** The customer context the list carries: that of the newest order carrying one, or null. */
export const listCustomerContext = (items: readonly StoreOrderListItem[]): StoreCustomerContext | null => {
  const carrier = items.find(carriesCustomerContext);
  return carrier?.customer ? storeCustomerContext(carrier.customer) : null;
};
