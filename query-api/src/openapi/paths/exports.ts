import { answer, errorAnswer, jsonBody, operation, pathParam, rateLimitedSuccessHeaders } from '../responses';
import { bool, dateTime, int, object, Paths, ref, str, uuid } from '../schema';

const TAGS = ['Tickets'];

/** docs/api/exports.md (Poll): optional fields appear once they exist. */
const exportJob = object({
  jobId: uuid(), status: { enum: ['queued', 'running', 'succeeded', 'failed'] }, total: int('Tickets to export.', { minimum: 0 }),
  processed: int('Progress counter.', { minimum: 0 }), fileName: str(), fileSizeBytes: int('Present after success.', { minimum: 0 }),
  error: str('A safe message, when failed.'), createdAt: dateTime(), startedAt: dateTime(), completedAt: dateTime(),
  availableUntil: dateTime('End of the 24-hour file retention.'), updatedAt: dateTime(),
}, ['jobId', 'status', 'total', 'processed', 'fileName', 'createdAt', 'updatedAt'], { closed: true, description: 'docs/api/exports.md (Poll).' });

const exportRequest = {
  allOf: [ref('ListFilters')],
  properties: {
    timezone: str('IANA name; default the account\'s business timezone, else Asia/Kolkata.'),
    locale: str('Unicode locale identifier; default en-US.'),
    timestampFormat: { enum: ['display', 'legacy', 'iso'], default: 'display' },
  },
  description: 'The shared filters (page and limit are not used) and the format; any other key is a 400 naming it. Both dates given: at most 92 days.',
};

const EXPORT_STATUS_TEMPLATE = '/apis/task-runs/tickets/export/{jobId}';

export const exportPaths: Paths = {
  '/apis/task-runs/tickets/export': {
    post: operation({
      operationId: 'startTicketExport', summary: 'Start an asynchronous CSV export of the matching tickets (docs/api/exports.md, Start)', tags: TAGS,
      requestBody: jsonBody(exportRequest, false),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '202': answer('The job is queued; poll statusUrl.', object({
        success: { const: true }, jobId: uuid(), status: { const: 'queued' }, total: int(undefined, { minimum: 0 }), fileName: str(),
        statusUrl: str('Relative URL of the job status.'),
      }, ['success', 'jobId', 'status', 'total', 'fileName', 'statusUrl'], { closed: true }), rateLimitedSuccessHeaders),
      '400': errorAnswer('Invalid startDate or endDate, endDate before startDate, a range above 92 days (`Export is limited to a maximum date range of 92 days`), an invalid locale or timezone, an unknown field.'),
      '500': errorAnswer('Failed to enqueue the ticket export.'),
    }),
  },
  [EXPORT_STATUS_TEMPLATE]: {
    get: operation({
      operationId: 'getTicketExport', summary: 'The export job; when succeeded, a fresh signed download URL valid 15 minutes (docs/api/exports.md, Poll)', tags: TAGS,
      parameters: [pathParam('jobId', 'The jobId answered at start.', uuid())],
    }, { auth: 'token' }, {
      '200': answer('The job, and the download once it succeeded.', object({
        success: { const: true }, job: exportJob, downloadUrl: str('Signed URL of the CSV.', { format: 'uri' }), expiresAt: dateTime(),
        downloadExpired: bool('true once the file is past its retention (no URL then).'),
      }, ['success', 'job'], { closed: true })),
      '404': errorAnswer('No such job, or another user\'s (`Ticket export job not found`).'),
      '500': errorAnswer('Failed to fetch the ticket export.'),
    }),
  },
};
