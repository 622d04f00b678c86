import { answer, arrayOf, bool, errorAnswer, nullable, object, operation, pathParam, Paths, queryParam, record, ref, str } from '@support/http-edge';

const TAGS = ['Orders'];

const storeFailure = (what: string) => errorAnswer(what);

export const orderPaths: Paths = {
  '/apis/orders': {
    get: operation({
      operationId: 'findOrders', summary: 'A customer\'s orders in the account\'s store system, newest first', tags: TAGS,
      parameters: [queryParam('phone', 'The customer\'s phone (asked first).'), queryParam('email', 'The customer\'s email.')],
    }, { auth: 'token' }, {
      '200': answer('Safe summaries and the choice the agent offers.', record({
        orders: arrayOf(ref('OrderSummary')), choice: { enum: ['none', 'single', 'several'] }, customer: nullable(ref('StoreCustomer')),
        matchedBy: nullable({ enum: ['phone', 'email'] }), truncated: bool(), storeRequestIds: arrayOf(str()),
      })),
      '400': storeFailure('No phone or email, an unknown or repeated parameter (`invalid_request`), or one that does not normalize (`invalid_identifier`).'),
      '404': storeFailure('No store system configured for the account (`store_not_configured`).'),
      '502': storeFailure('The store refused our credentials (`store_credentials_refused`) or answered outside the contract (`store_bad_response`).'),
      '503': storeFailure('The store rate-limits us (`store_rate_limited`, Retry-After) or is unavailable (`store_unavailable`); also while the service starts.'),
    }),
  },
  '/apis/orders/{orderId}': {
    get: operation({
      operationId: 'getOrder', summary: 'One order\'s details from the store system, as the store returned them', tags: TAGS,
      parameters: [pathParam('orderId', 'The opaque order id, URL-encoded as one path segment.')],
    }, { auth: 'token' }, {
      '200': answer('The order.', record({ order: object({ order_id: str() }, ['order_id']), storeRequestIds: arrayOf(str()) })),
      '404': storeFailure('`order_not_found`, or `store_not_configured`.'),
      '502': storeFailure('`store_credentials_refused` or `store_bad_response`.'),
      '503': storeFailure('`store_rate_limited` (Retry-After) or `store_unavailable`; also while the service starts.'),
    }),
  },
};
