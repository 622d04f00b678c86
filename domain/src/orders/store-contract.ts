import * as t from 'io-ts';

/**
 * The wire shapes of the store system's answers (docs/api/orders.md), as the client decodes them. Only the
 * fields the support agent relies on are checked; extra keys are kept (details) or ignored (list).
 * A "must" field that is missing makes the answer unusable: the agent never fills it with a guess.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;

const StoreDecimalString = new t.Type<string, string, unknown>(
  'StoreDecimalString',
  (u): u is string => typeof u === 'string' && DECIMAL.test(u),
  (u, c) => (typeof u === 'string' && DECIMAL.test(u) ? t.success(u) : t.failure(u, c, 'must be a decimal string such as "12.50"')),
  t.identity,
);

const NonEmpty = new t.Type<string, string, unknown>(
  'NonEmptyString',
  (u): u is string => typeof u === 'string' && u.trim() !== '',
  (u, c) => (typeof u === 'string' && u.trim() !== '' ? t.success(u) : t.failure(u, c, 'must be a non-empty string')),
  t.identity,
);

const optionalString = t.union([t.string, t.null, t.undefined]);

const StoreMoney = t.type({ amount: StoreDecimalString, currency: NonEmpty }, 'StoreMoney');
type StoreMoney = t.TypeOf<typeof StoreMoney>;

/** The customer context an order-list item may carry, and the answer of customer details. */
export const StoreCustomer = t.intersection(
  [
    t.type({}),
    t.partial({
      customer_id: optionalString,
      name: optionalString,
      email: optionalString,
      phone: optionalString,
      customer_type: optionalString,
      account_status: optionalString,
      default_address: t.unknown,
    }),
  ],
  'StoreCustomer',
);
export type StoreCustomer = t.TypeOf<typeof StoreCustomer>;

export const StoreOrderListItem = t.intersection(
  [
    t.type({ order_id: NonEmpty, created_at: NonEmpty, order_status: NonEmpty, total: StoreMoney }),
    t.partial({ order_number: optionalString, fulfillment_status: optionalString, customer: t.union([StoreCustomer, t.null]) }),
  ],
  'StoreOrderListItem',
);
export type StoreOrderListItem = t.TypeOf<typeof StoreOrderListItem>;

export const StoreOrderListPage = t.intersection(
  [t.type({ orders: t.array(StoreOrderListItem) }), t.partial({ next_cursor: optionalString })],
  'StoreOrderListPage',
);
export type StoreOrderListPage = t.TypeOf<typeof StoreOrderListPage>;

/** Order details: kept as received apart from secrets (see withoutSecrets); order_id must be there. */
export const StoreOrderDetails = t.intersection([t.UnknownRecord, t.type({ order_id: NonEmpty })], 'StoreOrderDetails');

/** The fields of a customer that are passed on (whitelist: no internal risk signals or other extras). */
export const STORE_CUSTOMER_FIELDS = ['customer_id', 'name', 'email', 'phone', 'customer_type', 'account_status', 'default_address'] as const;
