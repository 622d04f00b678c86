import { Either } from 'fp-ts/Either';
import { OrderDetails, OrderLookupError } from '../ports/order-lookup';
import { StoreIdentifier } from './identifier';
import { StoreCustomer, StoreOrderListItem } from './store-contract';

/** An answer of the store system with the request ids (X-Request-Id) of the calls that made it. */
interface StoreAnswer<A> {
  readonly value: A;
  readonly requestIds: readonly string[];
}

interface StoreOrderList {
  /** Every order of the identifier, as the store listed them (pages followed up to a safe cap). */
  readonly orders: readonly StoreOrderListItem[];
  /** True when the cap stopped the paging before the store's last page. */
  readonly truncated: boolean;
}

interface StoreListOptions {
  /** At most this many pages (the client's cap applies too). */
  readonly maxPages?: number;
}

/**
 * The I/O of the agent sequence: the three capabilities of one account's store system (docs/api/orders.md).
 * The adapter (store-system client) implements it over HTTP; the sequence itself stays pure.
 */
export interface StoreCalls {
  listOrders(id: StoreIdentifier, options?: StoreListOptions): Promise<Either<OrderLookupError, StoreAnswer<StoreOrderList>>>;
  /** The opaque order_id, passed unchanged. */
  orderDetails(orderId: string): Promise<Either<OrderLookupError, StoreAnswer<OrderDetails>>>;
  /** null when the store knows no customer for the identifier. */
  customerLookup(id: StoreIdentifier): Promise<Either<OrderLookupError, StoreAnswer<StoreCustomer | null>>>;
}
