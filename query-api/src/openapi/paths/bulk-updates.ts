import { answer, arrayOf, dateTime, errorAnswer, freeObject, int, object, operation, pathParam, Paths, queryParam, str, uuid } from '@support/http-edge';

const TAGS = ['Tickets'];

const OUTCOMES = ['changed', 'unchanged', 'refused'];

/** docs/api/bulk-updates.md (Status): optional fields appear once they exist. */
const bulkJob = object({
  jobId: uuid(), status: { enum: ['queued', 'running', 'succeeded', 'cancelled', 'failed'] }, total: int('Tickets the job changes.', { minimum: 0 }),
  processed: int('Tickets with an outcome.', { minimum: 0 }), changed: int(undefined, { minimum: 0 }), unchanged: int(undefined, { minimum: 0 }),
  refused: int(undefined, { minimum: 0 }), changes: freeObject('The changes as sent.'), error: str('A safe message, when failed.'),
  createdAt: dateTime(), startedAt: dateTime(), cancelledAt: dateTime(), completedAt: dateTime(), updatedAt: dateTime(),
}, ['jobId', 'status', 'total', 'processed', 'changed', 'unchanged', 'refused', 'changes', 'createdAt', 'updatedAt'], { closed: true });

const outcome = object({
  ticketId: str(), outcome: { enum: OUTCOMES }, events: arrayOf(str(), 'The events the job appended to the ticket.'),
  refusal: object({
    status: int('The HTTP status the single-ticket route answers.'), message: str('Its message.'), field: str(), currentStatus: str(),
  }, ['status', 'message'], { closed: true }),
}, ['ticketId', 'outcome'], { closed: true });

/** The bulk update's status (its start and cancel are commands: command-api/src/bulk-updates/openapi.ts). */
export const bulkUpdateQueryPaths: Paths = {
  '/apis/tickets/bulk/{jobId}': {
    get: operation({
      operationId: 'getBulkTicketUpdate', summary: 'The bulk update job and a page of its tickets\' outcomes (docs/api/bulk-updates.md, Status)', tags: TAGS,
      parameters: [
        pathParam('jobId', 'The jobId answered at start.'),
        queryParam('outcome', 'Only the outcomes of this kind.', { enum: OUTCOMES }),
        queryParam('page', 'Page of outcomes, from 1.', int(undefined, { minimum: 1 })),
        queryParam('limit', 'Outcomes per page, 1 to 1000 (default 100).', int(undefined, { minimum: 1, maximum: 1000 })),
      ],
    }, { auth: 'token' }, {
      '200': answer('The job and one page of outcomes, in the order they were recorded.', object({
        success: { const: true }, job: bulkJob,
        outcomes: object({ data: arrayOf(outcome), total: int(undefined, { minimum: 0 }), page: int(), limit: int(), totalPages: int() }, ['data', 'total', 'page', 'limit', 'totalPages'], { closed: true }),
      }, ['success', 'job', 'outcomes'], { closed: true })),
      '400': errorAnswer('An invalid page, limit or outcome, or an unknown parameter.'),
      '404': errorAnswer('No bulk update with this jobId in the token\'s account.'),
    }),
  },
};
