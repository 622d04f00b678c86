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

/** An account admin asked for the customer's personal data to be erased (docs/api/erasure.md); a job erases it. */
export interface CustomerErasureRequestedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly erasureId: string;
  /** The token id of the admin who asked (never the token). */
  readonly requestedBy: string;
  readonly requestedAt: string;
}

/** What an erasure did: the streams and events whose personal values it made unreadable, the keys it deleted. No erased value. */
export interface ErasureCounts {
  readonly streams: number;
  readonly events: number;
  readonly keys: number;
}

export interface CustomerErasedData extends ErasureCounts {
  readonly customerId: string;
  readonly accountId: string;
  readonly erasureId: string;
  readonly requestedBy: string;
  readonly requestedAt: string;
  readonly erasedAt: string;
  /** The tickets whose personal values were erased. */
  readonly ticketIds: readonly string[];
  /** The template messages sent to the customer's phones whose number and parameters were erased (absent in earlier erasures). */
  readonly messageIds?: readonly string[];
}

/** An erasure that could not be done, and nothing of it was: the reason says why and what the operator can do. */
export interface CustomerErasureRefusedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly erasureId: string;
  readonly reason: string;
  readonly refusedAt: string;
}

export type CustomerCreated = { readonly type: 'CustomerCreated'; readonly data: CustomerCreatedData };
export type CustomerContactAdded = { readonly type: 'CustomerContactAdded'; readonly data: CustomerContactAddedData };
export type CustomerDetailsAdded = { readonly type: 'CustomerDetailsAdded'; readonly data: CustomerDetailsAddedData };
export type CustomerRequestReceived = { readonly type: 'CustomerRequestReceived'; readonly data: CustomerRequestReceivedData };

export type CustomerErasureRequested = { readonly type: 'CustomerErasureRequested'; readonly data: CustomerErasureRequestedData };
export type CustomerErased = { readonly type: 'CustomerErased'; readonly data: CustomerErasedData };
export type CustomerErasureRefused = { readonly type: 'CustomerErasureRefused'; readonly data: CustomerErasureRefusedData };

/** Events of the stream `customer-<customerId>`. */
export type CustomerEvent =
  | CustomerCreated | CustomerContactAdded | CustomerDetailsAdded | CustomerRequestReceived | CustomerErasureRequested | CustomerErased | CustomerErasureRefused;

interface CustomerKeyClaimedData {
  readonly customerId: string;
  readonly accountId: string;
  readonly kind: 'phone' | 'email';
}
export type CustomerKeyClaimed = { readonly type: 'CustomerKeyClaimed'; readonly data: CustomerKeyClaimedData };
