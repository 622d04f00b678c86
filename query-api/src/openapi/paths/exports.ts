import { answer, bool, dateTime, errorAnswer, int, object, operation, pathParam, Paths, str, uuid } from '@support/http-edge';

const TAGS = ['Tickets'];

/** docs/api/exports.md (Poll): optional fields appear once they exist. */
const exportJob = object({
  jobId: uuid(), status: { enum: ['queued', 'running', 'succeeded', 'failed'] }, total: int('Tickets to export.', { minimum: 0 }),
  processed: int('Progress counter.', { minimum: 0 }), fileName: str(), fileSizeBytes: int('Present after success.', { minimum: 0 }),
  error: str('A safe message, when failed.'), createdAt: dateTime(), startedAt: dateTime(), completedAt: dateTime(),
  availableUntil: dateTime('End of the 24-hour file retention.'), updatedAt: dateTime(),
  withdrawn: object({ at: dateTime('When the file was withdrawn.'), reason: str('Why, safe to show (`it held personal data of a customer erased at …`).') }, ['at', 'reason'], {
    closed: true, description: 'Present once the file of a succeeded export was withdrawn after an erasure (docs/api/erasure.md): no link is handed out then.',
  }),
}, ['jobId', 'status', 'total', 'processed', 'fileName', 'createdAt', 'updatedAt'], { closed: true, description: 'docs/api/exports.md (Poll).' });

const EXPORT_STATUS_TEMPLATE = '/apis/task-runs/tickets/export/{jobId}';

/** The export's query route (its start is a command: command-api/src/exports/openapi.ts). */
export const exportQueryPaths: Paths = {
  [EXPORT_STATUS_TEMPLATE]: {
    get: operation({
      operationId: 'getTicketExport', summary: 'The export job; when succeeded, a fresh signed download URL valid 15 minutes (docs/api/exports.md, Poll)', tags: TAGS,
      parameters: [pathParam('jobId', 'The jobId answered at start.', uuid())],
    }, { auth: 'token' }, {
      '200': answer('The job, and the download once it succeeded.', object({
        success: { const: true }, job: exportJob, downloadUrl: str('Signed URL of the CSV.', { format: 'uri' }), expiresAt: dateTime(),
        downloadExpired: bool('true once the file is past its retention or withdrawn (no URL then).'),
      }, ['success', 'job'], { closed: true })),
      '404': errorAnswer('No such job, or another user\'s (`Ticket export job not found`).'),
      '500': errorAnswer('Failed to fetch the ticket export.'),
    }),
  },
};
