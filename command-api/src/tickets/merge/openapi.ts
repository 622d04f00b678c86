import { answer, arrayOf, bool, errorAnswer, jsonRequestBody, object, operation, pathParam, Paths, record, ref, routeChecksSize, str } from '@support/http-edge';
import { MAX_MERGE_SOURCES } from '@support/domain';

const TAGS = ['Tickets'];

const mergeRequest = object({
  sourceTicketIds: routeChecksSize({ ...arrayOf(str(undefined, { minLength: 1, maxLength: 256 }), 'The tickets to close as merged into the target.'), minItems: 1, maxItems: MAX_MERGE_SOURCES }),
  note: str('Why they are one (kept on every stream of the merge).', { maxLength: 4000 }),
}, ['sourceTicketIds'], { closed: true });

const mergeAnswer = record({
  success: { const: true }, ticketId: str('The target, the surviving ticket.'), mergeId: str('The same target and sources always make the same merge id.'),
  mergedTicketIds: arrayOf(str()), changed: bool('false: this merge was already recorded (a repeat).'), ticket: ref('Ticket'),
});

/** POST /apis/tickets/{ticketId}/merge, for the OpenAPI document. */
export const mergeCommandPaths: Paths = {
  '/apis/tickets/{ticketId}/merge': {
    post: operation({
      operationId: 'mergeTickets', summary: 'Merge 1 to 20 tickets into this one: each is closed as merged into it (docs/api/merge-and-split.md)', tags: TAGS,
      parameters: [pathParam('ticketId', 'The target: the ticket that survives.')],
      requestBody: jsonRequestBody(mergeRequest, true, { sourceTicketIds: ['0195f3c2-0b6e-7d1a-9a41-1f0c2f1b9e10'], note: 'Same broken mug, by email and phone' }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('The target after the merge.', mergeAnswer),
      '400': errorAnswer('No sources or more than 20, a source named twice, the target among its own sources, or a merge that would make a cycle (`field` is sourceTicketIds).'),
      '404': errorAnswer('The target, or a source (`ticketId` names it), is not a ticket of the token\'s account.'),
      '409': errorAnswer('A source or the target was already merged into another ticket (`mergedIntoTicketId` names the surviving ticket).'),
    }),
  },
};
