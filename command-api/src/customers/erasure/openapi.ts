import { answer, errorAnswer, operation, pathParam, Paths } from '@support/http-edge';
import { erasureAnswer } from './erasure-answer';

export const customerIdParam = pathParam('customerId', 'The customer\'s id (`customerId` of a ticket, `customer.id` of a create\'s answer).');

/** The erasure's request and status, for the OpenAPI document (the status is served by the query gateway: query-api/src/customers). */
export const erasurePaths: Paths = {
  '/apis/customers/{customerId}/erasure': {
    post: operation({
      operationId: 'requestCustomerErasure', summary: 'Erase a customer\'s personal data everywhere the service keeps it, as a job (docs/api/erasure.md)', tags: ['Customers'], parameters: [customerIdParam],
    }, { auth: 'token', jsonBody: false }, {
      '202': answer('The erasure asked, or the one already asked or done: follow statusUrl.', erasureAnswer),
      '403': errorAnswer('The token is not an account admin\'s.'),
      '404': errorAnswer('No customer with this id in the token\'s account.'),
    }),
    get: operation({
      operationId: 'getCustomerErasure', summary: 'The customer\'s latest erasure: requested, erased or refused (docs/api/erasure.md)', tags: ['Customers'], parameters: [customerIdParam],
    }, { auth: 'token' }, {
      '200': answer('The latest erasure.', erasureAnswer),
      '403': errorAnswer('The token is not an account admin\'s.'),
      '404': errorAnswer('No customer with this id in the token\'s account, or none of its data was ever asked to be erased.'),
    }),
  },
};
