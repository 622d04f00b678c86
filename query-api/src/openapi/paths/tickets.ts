import { answer, arrayOf, bool, dateTime, errorAnswer, int, jsonRequestBody, nullable, object, operation, pathParam, Paths, queryParam, rateLimitedSuccessHeaders, record, ref, str } from '@support/http-edge';

const TAGS = ['Tickets'];

const listRequest = {
  allOf: [ref('ListFilters')],
  properties: { page: int('Default 1.', { minimum: 1 }), limit: int('1 to 250, default 10.', { minimum: 1, maximum: 250 }) },
  description: 'Every field optional; any other key is a 400 naming it.',
};

const listAnswer = record({
  data: arrayOf(ref('TicketListItem')), total: int(undefined, { minimum: 0 }), page: int(undefined, { minimum: 1 }),
  limit: int(undefined, { minimum: 1 }), totalPages: int(undefined, { minimum: 0 }),
});

const ticketId = pathParam('ticketId', 'The ticket id (uuid as answered at creation).');

const notFound = errorAnswer('No such ticket in the token\'s account (`Ticket not found`); for an evaluation, a call not recorded on the ticket.');

/** The ticket query routes (the list, one ticket, its history); the commands are in command-api/src/tickets/openapi.ts. */
export const ticketQueryPaths: Paths = {
  '/apis/task-runs/tickets/list': {
    post: operation({
      operationId: 'listTickets', summary: 'List tickets with filters, sorting and pages (docs/api/ticket-list.md)', tags: TAGS,
      requestBody: jsonRequestBody(listRequest, false, { statuses: ['open', 'queued'], startDate: '2026-03-01T00:00:00Z', endDate: '2026-03-31', sortOrder: 'asc', limit: 50, page: 2 }),
    }, { auth: 'token', jsonBody: true, rateLimited: true }, {
      '200': answer('One page of the account\'s tickets.', listAnswer, rateLimitedSuccessHeaders),
      '400': errorAnswer('`Limit cannot be greater than 250`, an invalid date range or status combination, an unknown field (`field` names it).'),
    }),
  },
  '/apis/tickets/{ticketId}': {
    get: operation({
      operationId: 'getTicket', summary: 'One ticket as the read model holds it (agent workspace)', tags: TAGS, parameters: [ticketId],
    }, { auth: 'token' }, {
      '200': answer('The ticket.', record({ success: { const: true }, ticket: ref('TicketDocument') })),
      '404': notFound,
    }),
  },
  '/apis/tickets/{ticketId}/events': {
    get: operation({
      operationId: 'getTicketEvents', summary: 'The ticket\'s history, oldest first (agent workspace)', tags: TAGS,
      parameters: [ticketId, queryParam('stored', '`true`: each event as the log stores it, its personal values sealed in `$personal` (what its proof is over: the audit page verifies these; docs/api/erasure.md). Default: the values in place, `[erased]` where erased.', { enum: ['true', 'false'] })],
    }, { auth: 'token' }, {
      '200': answer('Every event of the ticket\'s stream, and the erasure of its customer once done.', record({
        success: { const: true }, ticketId: str(), events: arrayOf(ref('StoredEvent')),
        customerErasure: nullable(object({
          erasureId: str(), requestedBy: str('The access token id of the admin who asked.'), requestedAt: dateTime(), erasedAt: dateTime(),
          keys: int('Keys deleted: the sealed fields of the ticket\'s events can no longer be opened (docs/api/erasure.md).', { minimum: 0 }),
        }, ['erasureId', 'requestedBy', 'requestedAt', 'erasedAt', 'keys'], { closed: true })),
      })),
      '400': errorAnswer('`stored` other than `true` or `false` (`field` names it).'),
      '404': notFound,
    }),
  },
  '/apis/tickets/{ticketId}/merge': {
    get: operation({
      operationId: 'getTicketMerge', summary: 'Where a merged ticket went, and the tickets merged into this one (docs/api/merge-and-split.md)', tags: TAGS, parameters: [ticketId],
    }, { auth: 'token' }, {
      '200': answer('The ticket\'s merges.', record({
        success: { const: true }, ticketId: str(), merged: bool('true: this ticket was merged into another and is closed.'),
        mergedIntoTicketId: nullable(str('The surviving ticket, when merged.')), mergedTicketIds: arrayOf(str()),
      })),
      '404': notFound,
    }),
  },
  '/apis/sla/queue': {
    get: operation({
      operationId: 'getSlaQueue', summary: 'The account\'s tickets by SLA standing: what waits, soonest due first; what was breached or met, newest first', tags: TAGS,
      parameters: [
        queryParam('state', '`pending` (default): a target still waits for its metric; `breached`: a target was breached; `met`: every target was met.', { enum: ['pending', 'breached', 'met'] }),
        queryParam('dueWithinMinutes', 'With `pending`: only tickets whose next due moment comes within this many minutes (overdue ones included).', int(undefined, { minimum: 1 })),
        queryParam('page', 'Page, from 1.', int(undefined, { minimum: 1 })),
        queryParam('limit', 'Tickets a page, 1 to 250 (default 50).', int(undefined, { minimum: 1, maximum: 250 })),
      ],
    }, { auth: 'token', rateLimited: true }, {
      '200': answer('One page of the queue.', record({
        success: { const: true }, state: { enum: ['pending', 'breached', 'met'] }, total: int(), page: int(), limit: int(),
        tickets: arrayOf(record({
          id: str(), ticketNumber: nullable(int()), status: str(), assignedToId: nullable(str()), createdAt: dateTime(),
          nextDueAt: nullable(dateTime('The earliest due moment of the targets still waiting.')),
          targets: arrayOf(record({ label: str(), metric: { enum: ['firstResponse', 'resolution'] }, dueAt: nullable(dateTime()), state: { enum: ['pending', 'met', 'breached'] } })),
        })),
      }), rateLimitedSuccessHeaders),
      '400': errorAnswer('An unknown parameter, or one out of range (`field` names it).'),
    }),
  },
  '/apis/tickets/{ticketId}/sla': {
    get: operation({
      operationId: 'getTicketSla', summary: 'The ticket\'s SLA targets, each with its due moment and state, and its SLA events (agent workspace)', tags: TAGS, parameters: [ticketId],
    }, { auth: 'token' }, {
      '200': answer('Each target of the ticket and its SLA history.', record({
        success: { const: true }, ticketId: str(),
        recordedAtCreation: bool('false: a ticket created before targets were recorded; its targets are the account\'s policies now.'),
        targets: arrayOf({
          allOf: [
            record({
              label: str(), metric: { enum: ['firstResponse', 'resolution'] }, targetMinutes: int(), dueAt: nullable(dateTime('null while paused, or when the clock never counts that long.')),
              state: { enum: ['pending', 'met', 'breached'] }, happenedAt: nullable(dateTime()),
            }),
            object({
              warningMinutes: int('Present when the policy warns: ticket.sla_warning is recorded this long before the due moment.'),
              pausedAt: dateTime('Present while the ticket waits on the customer: when the resolution clock stopped.'),
              remainingMs: int('Present while paused: what was left of the target then, on the account\'s clock.'),
            }),
          ],
        }),
        events: arrayOf(record({ id: str(), type: { enum: ['SlaMet', 'SlaBreached', 'SlaWarned', 'SlaPaused', 'SlaResumed'] }, revision: int(), created: dateTime(), data: {} })),
      })),
      '404': notFound,
    }),
  },
};
