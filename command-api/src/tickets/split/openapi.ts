import { answer, arrayOf, errorAnswer, jsonRequestBody, object, operation, pathParam, Paths, record, ref, routeChecksSize, str, text, TEXT_MAX } from '@support/http-edge';
import { MAX_SPLIT_INTERACTIONS } from '@support/domain';

const splitRequest = object({
  interactionIds: routeChecksSize({
    ...arrayOf(str(undefined, { minLength: 1, maxLength: TEXT_MAX.id }), 'Email message ids, call ids and chat session ids recorded on the ticket.'), minItems: 1, maxItems: MAX_SPLIT_INTERACTIONS,
  }),
  subject: text(TEXT_MAX.text, 'The new ticket\'s subject (default: the ticket\'s).'), query: text(TEXT_MAX.query, 'The new ticket\'s query (default: the ticket\'s).'),
  currentTaskId: text(TEXT_MAX.id, 'The task to route the new ticket to (default: the task the ticket came in on).'), taskName: text(TEXT_MAX.id, 'The task by name.'),
}, ['interactionIds'], { closed: true });

/** POST /apis/tickets/{ticketId}/split, for the OpenAPI document. */
export const splitCommandPaths: Paths = {
  '/apis/tickets/{ticketId}/split': {
    post: operation({
      operationId: 'splitTicket', summary: 'Move some of the ticket\'s emails, calls and chats to a new ticket of the same customer (docs/api/merge-and-split.md)', tags: ['Tickets'],
      parameters: [pathParam('ticketId', 'The ticket to split.')],
      requestBody: jsonRequestBody(splitRequest, true, { interactionIds: ['call-7'], query: 'The refund for the second order' }),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '200': answer('The new ticket.', record({
        success: { const: true }, ticketId: str('The new ticket.'), splitFromTicketId: str(), interactionIds: arrayOf(str()), ticket: ref('Ticket'),
      })),
      '400': errorAnswer('No interactions or more than 100, an id that is not an interaction of the ticket (or was split off already), an unknown task.'),
      '404': errorAnswer('No such ticket in the token\'s account.'),
      '409': errorAnswer('The ticket was merged into another (`mergedIntoTicketId` names it), or a split of these interactions is still under way (`newTicketId`; send again in a few seconds).'),
    }),
  },
};
