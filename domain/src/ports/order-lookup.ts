import { Either } from 'fp-ts/Either';
import { Account } from '../config/account-config';

/** Failures of the store system, as the support agent sees them (docs/api/orders.md, Agent routes). */
export type OrderLookupError =
  | { readonly kind: 'notConfigured' }
  | { readonly kind: 'invalidIdentifier'; readonly message: string }
  | { readonly kind: 'orderNotFound'; readonly orderId: string }
  | { readonly kind: 'unauthorized'; readonly status: 401 | 403 }
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number | null }
  | { readonly kind: 'unavailable'; readonly message: string; readonly requestId?: string }
  | { readonly kind: 'badResponse'; readonly message: string };

/** Safe summary fields offered when several orders match (order number, date, status, total). */
export interface OrderSummary {
  readonly orderId: string;
  readonly orderNumber: string | null;
  readonly createdAt: string;
  readonly orderStatus: string;
  readonly total: { readonly amount: string; readonly currency: string };
}

/** Order details as the store system returns them (docs/api/orders.md), kept as received. */
export type OrderDetails = Readonly<Record<string, unknown>> & { readonly order_id: string };

export interface CustomerIdentifier {
  readonly phone?: string;
  readonly email?: string;
}

/**
 * The account's store system (docs/api/orders.md). `orderForTicket` resolves the order a ticket's `order`
 * data points read: the order whose order_number equals orderName when given, otherwise the
 * customer's newest order; null when the store has no such order (never invented).
 */
export interface OrderLookup {
  listOrders(account: Account, who: CustomerIdentifier): Promise<Either<OrderLookupError, readonly OrderSummary[]>>;
  orderDetails(account: Account, orderId: string): Promise<Either<OrderLookupError, OrderDetails>>;
  orderForTicket(account: Account, who: CustomerIdentifier, orderName: string | null): Promise<Either<OrderLookupError, OrderDetails | null>>;
}
