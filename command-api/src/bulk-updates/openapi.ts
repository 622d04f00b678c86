import { answer, arrayOf, errorAnswer, int, jsonRequestBody, object, operation, pathParam, Paths, rateLimitedSuccessHeaders, ref, routeChecksSize, str, uuid } from '@support/http-edge';
import { MAX_BULK_TICKET_IDS } from '@support/domain';
import { lifecycleBodySchema } from '../tickets/openapi';

const TAGS = ['Tickets'];

const changes = object({
  assign: lifecycleBodySchema('/assign')!,
  unassign: object({}, [], { closed: true }),
  status: lifecycleBodySchema('/status')!,
  disposition: lifecycleBodySchema('/disposition')!,
}, [], { closed: true });

const bulkRequest = object({
  ticketIds: routeChecksSize({ ...arrayOf(str(undefined, { minLength: 1, maxLength: 256 }), `The tickets to change: 1 to ${MAX_BULK_TICKET_IDS} ids (repeats count once).`), minItems: 1, maxItems: MAX_BULK_TICKET_IDS }),
  filter: { allOf: [ref('ListFilters')], description: 'The ticket list\'s filters (page and limit are not used): the tickets they match now, at most 10,000.' },
  changes: { ...changes, description: 'Each change takes the body of its single-ticket route (POST /apis/tickets/{ticketId}/<change>); applied in the order written; assign and unassign not together.' },
}, ['changes'], { closed: true });

const jobId = pathParam('jobId', 'The bulk update\'s jobId.');

/** The bulk update's start and cancel, for the OpenAPI document (its status is a query: query-api/src/openapi/paths/bulk-updates.ts). */
export const bulkUpdateCommandPaths: Paths = {
  '/apis/tickets/bulk': {
    post: operation({
      operationId: 'startBulkTicketUpdate', summary: 'Change many tickets at once as a job: assign or unassign, status, disposition (docs/api/bulk-updates.md, Start)', tags: TAGS,
      requestBody: jsonRequestBody(bulkRequest, true, { filter: { agentId: 'u-agent', statuses: ['assigned'] }, changes: { assign: { agentId: 'u-admin' } } }),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '202': answer('The job is queued; poll statusUrl.', object({
        success: { const: true }, jobId: uuid(), status: { const: 'queued' }, total: int('Tickets the job changes.', { minimum: 0 }),
        processed: { const: 0 }, statusUrl: str('Relative URL of the job status.'),
      }, ['success', 'jobId', 'status', 'total', 'processed', 'statusUrl'], { closed: true }), rateLimitedSuccessHeaders),
      '400': errorAnswer('Neither or both of ticketIds and filter, more than 100 ids, a filter matching more than 10,000 tickets (`matches` gives the count), no change, an invalid change (the message names it), an unknown field.'),
    }),
  },
  '/apis/tickets/bulk/{jobId}/cancel': {
    post: operation({
      operationId: 'cancelBulkTicketUpdate', summary: 'Cancel a queued or running bulk update (docs/api/bulk-updates.md, Cancel)', tags: TAGS, parameters: [jobId],
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('The job is cancelled: its worker changes no further ticket.', object({
        success: { const: true }, jobId: str(), status: { const: 'cancelled' }, statusUrl: str(),
      }, ['success', 'jobId', 'status', 'statusUrl'], { closed: true })),
      '404': errorAnswer('No bulk update with this jobId in the token\'s account.'),
      '409': errorAnswer('The job has already succeeded or failed (`status`); or a request with this Idempotency-Key is still being processed.'),
    }),
  },
};
