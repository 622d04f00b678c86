/**
 * Events of customers. Streams:
 * - `customer-<customerId>` (customerStream): CustomerEvent.
 * - `customer_key-<hash>` (customerKeyStream): CustomerKeyClaimed; its first event names the customer
 *   who owns that phone number or email within the account (appended with 'no_stream').
 */

export interface CustomerCreatedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly name: string | null;
  /** E.164 */
  readonly phone: string | null;
  /** trimmed, lower case */
  readonly email: string | null;
  readonly storefrontCustomerId: string | null;
  readonly createdAt: string;
}

/** A phone number or email linked to an existing customer (it was unclaimed in the account). */
export interface CustomerContactAddedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly kind: 'phone' | 'email';
  readonly value: string;
  readonly addedAt: string;
}

/** Details the customer did not have yet (name, storefront id), filled from a later request. */
export interface CustomerDetailsAddedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly name?: string;
  readonly storefrontCustomerId?: string;
  readonly addedAt: string;
}

/** A manual ticket request with waitForTicket false: the customer was found or created, no ticket made. */
export interface CustomerRequestReceivedData {
  readonly customerId: string;
  readonly accountId: string;
  /** uuid answered to the caller as requestId. */
  readonly requestId: string;
  readonly receivedAt: string;
  readonly subject: string | null;
  readonly query: string;
  readonly orderName: string | null;
  readonly source: string;
  readonly manualSourceLabel: string | null;
  readonly taskId: string | null;
}

export type CustomerCreated = { readonly type: 'CustomerCreated'; readonly data: CustomerCreatedData };
export type CustomerContactAdded = { readonly type: 'CustomerContactAdded'; readonly data: CustomerContactAddedData };
export type CustomerDetailsAdded = { readonly type: 'CustomerDetailsAdded'; readonly data: CustomerDetailsAddedData };
export type CustomerRequestReceived = { readonly type: 'CustomerRequestReceived'; readonly data: CustomerRequestReceivedData };

/** Events of the stream `customer-<customerId>`. */
export type CustomerEvent = CustomerCreated | CustomerContactAdded | CustomerDetailsAdded | CustomerRequestReceived;

interface CustomerKeyClaimedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly kind: 'phone' | 'email';
}
export type CustomerKeyClaimed = { readonly type: 'CustomerKeyClaimed'; readonly data: CustomerKeyClaimedData };
