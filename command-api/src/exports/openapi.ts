import { answer, errorAnswer, int, jsonRequestBody, object, operation, Paths, rateLimitedSuccessHeaders, ref, str, text, TEXT_MAX, uuid } from '@support/http-edge';

const TAGS = ['Tickets'];

const exportRequest = {
  allOf: [ref('ListFilters')],
  properties: {
    timezone: text(TEXT_MAX.timestamp, 'IANA name; default the account\'s business timezone, else Asia/Kolkata.'),
    locale: text(TEXT_MAX.timestamp, 'Unicode locale identifier; default en-US.'),
    timestampFormat: { enum: ['display', 'legacy', 'iso'], default: 'display' },
  },
  description: 'The shared filters (page and limit are not used) and the format; any other key is a 400 naming it. Both dates given: at most 92 days.',
};

/** The export's start, for the OpenAPI document (its status is a query: query-api/src/openapi/paths/exports.ts). */
export const exportCommandPaths: Paths = {
  '/apis/task-runs/tickets/export': {
    post: operation({
      operationId: 'startTicketExport', summary: 'Start an asynchronous CSV export of the matching tickets (docs/api/exports.md, Start)', tags: TAGS,
      requestBody: jsonRequestBody(exportRequest, false),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '202': answer('The job is queued; poll statusUrl.', object({
        success: { const: true }, jobId: uuid(), status: { const: 'queued' }, total: int(undefined, { minimum: 0 }), fileName: str(),
        statusUrl: str('Relative URL of the job status.'),
      }, ['success', 'jobId', 'status', 'total', 'fileName', 'statusUrl'], { closed: true }), rateLimitedSuccessHeaders),
      '400': errorAnswer('Invalid startDate or endDate, endDate before startDate, a range above 92 days (`Export is limited to a maximum date range of 92 days`), an invalid locale or timezone, an unknown field.'),
      '500': errorAnswer('Failed to enqueue the ticket export.'),
    }),
  },
};
