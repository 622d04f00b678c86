import { arrayOf, bool, dateTime, int, listOf, mapOf, nullable, object, oneOfStrings, record, ref, Schema, str, text, TEXT_MAX } from './schema';

/** Ticket statuses the list shows (docs/api/ticket-list.md). */
export const TICKET_STATUSES = [
  'open', 'assigned', 'resolved', 'in_progress', 'queued', 'closed', 'stale', 'stale_marked_automatically', 'resolved_by_agent', 'resolved_by_ai',
] as const;

const ticketNumber = { type: ['integer', 'string'] } as Schema;

/** Shared schemas (components.schemas). */
export const schemas: Readonly<Record<string, Schema>> = {
  Error: object({
    error: {
      description: 'Primary summary: the status name (for example `Bad Request`), or an object with code and message.',
      anyOf: [str(), object({ code: str(), message: str() }, ['code', 'message'])],
    },
    message: str('Human-readable explanation: what to fix.'),
    retryAfter: int('Seconds to wait, when applicable.', { minimum: 0 }),
    field: str('The request field at fault, when there is one.'),
    code: str('A machine-readable code (order routes).'),
  }, ['error', 'message'], { description: 'The error body of docs/api/README.md (Errors): this service always sends both error and message; extra keys allowed.' }),
  RateLimitError: {
    allOf: [ref('Error'), object({ retryAfter: int('Seconds until the exceeded window lets a request through.', { minimum: 0 }) }, ['retryAfter', 'message'])],
  },
  Customer: object({
    id: str(), name: nullable(str()), phone: nullable(str('E.164.')), email: nullable(str(undefined, { format: 'email' })),
    storefrontCustomerId: nullable(str()), createdAt: dateTime(),
  }, ['id', 'name', 'phone', 'email'], { description: 'The customer of docs/api/tickets.md. Extra keys may appear.' }),
  CustomerInput: object({
    name: text(TEXT_MAX.id, 'Full name.'), phone: text(TEXT_MAX.phone, 'Phone number (E.164 recommended; numbers without + read in the account\'s defaultPhoneCountry).'),
    email: text(TEXT_MAX.email, 'Email address.', { format: 'email' }), storefrontCustomerId: text(TEXT_MAX.id, 'Customer id in the connected online store.'),
  }, [], { closed: true, description: 'The customer of docs/api/tickets.md: phone or email is required.' }),
  Csat: record({ rating: nullable(int(undefined, { minimum: 1, maximum: 5 })), comment: nullable(str()) }),
  TicketListItem: object({
    id: str(), ticketNumber, status: str(`One of ${TICKET_STATUSES.join(', ')}.`), summary: nullable(str()), orderName: nullable(str()),
    source: nullable(str('Built-in source: chatapp, email, liveChat, instagram, voiceCall, manual.')), manualSourceLabel: nullable(str()),
    customerId: nullable(str()), createdAt: dateTime(), updatedAt: nullable(dateTime()),
    assignedToId: str(), taskId: str(), resolvedAt: nullable(dateTime()), csat: ref('Csat'),
  }, ['id', 'ticketNumber', 'status', 'summary', 'orderName', 'source', 'manualSourceLabel', 'customerId', 'createdAt', 'updatedAt'], {
    description: 'docs/api/ticket-list.md, with assignedToId, taskId, resolvedAt and csat when the ticket has them.',
  }),
  Ticket: object({
    id: str(), ticketNumber: int(), status: str(), subject: nullable(str()), query: str(), summary: nullable(str()),
    sentiment: nullable(oneOfStrings(['positive', 'neutral', 'negative'])), sentiments: arrayOf(oneOfStrings(['positive', 'neutral', 'negative'])),
    textProcessing: oneOfStrings(['done', 'pending']), orderName: nullable(str()), source: str(), manualSourceLabel: nullable(str()),
    customerId: str(), taskId: nullable(str()), teamId: nullable(str()), requestedTaskId: nullable(str()),
    assignedToId: nullable(str()), assignedById: nullable(str()), assignedAt: nullable(dateTime()), involvedAgentIds: arrayOf(str()),
    createdByUserId: nullable(str()), createdAt: dateTime(), updatedAt: nullable(dateTime()), resolvedAt: nullable(dateTime()),
    resolvedBy: nullable(oneOfStrings(['agent', 'ai'])), resolvedByUserId: nullable(str()), firstResponseAt: nullable(dateTime()),
    csat: nullable(ref('Csat')), csatSentAt: nullable(dateTime()), csatSubmittedAt: nullable(dateTime()),
    category: nullable(str()), subcategory: nullable(str()), dispositions: mapOf(str()),
    payload: nullable(str('A JSON document as a string, as sent.')), payloadFormat: nullable(str()), relatedTicketNumber: nullable(str()),
    objectiveValues: mapOf(str()), objectives: mapOf({}), images: arrayOf(str()),
    ticketType: oneOfStrings(['ticket', 'child', 'interaction']), parentTicketId: nullable(str()), rootTicketId: str(),
    childTicketParam: nullable(str()), childTicketIds: arrayOf(str()),
    mergedIntoTicketId: nullable(str('The surviving ticket this one was merged into (docs/api/merge-and-split.md).')), mergedTicketIds: arrayOf(str('A ticket merged into this one.')),
    splitFromTicketId: nullable(str('The ticket this one was split from.')), splitTicketIds: arrayOf(str('A ticket split from this one.')),
    evaluation: object({
      requestedTaskId: nullable(str()), taskId: nullable(str()), transitions: arrayOf({}), cycleStopped: {}, values: mapOf({}), skipExecuteAction: bool(),
    }, [], { description: 'The task evaluation of a ticket just created on a task.' }),
  }, ['id', 'ticketNumber', 'status', 'query', 'source', 'customerId', 'createdAt', 'ticketType', 'rootTicketId'], {
    description: 'The ticket as a command left it: the list item fields of docs/api/ticket-list.md and everything else the ticket holds.',
  }),
  TicketDocument: object({
    id: str(), ticketNumber: nullable(ticketNumber), ticketName: nullable(str()), status: str(), summary: nullable(str()),
    orderName: nullable(str()), source: nullable(str()), manualSourceLabel: nullable(str()), customerId: nullable(str()),
    customerName: nullable(str()), customerEmails: arrayOf(str()), customerPhones: arrayOf(str()),
    createdAt: dateTime(), updatedAt: nullable(dateTime()), resolvedAt: nullable(dateTime()), executedAt: nullable(dateTime()),
    assignedAt: nullable(dateTime()), assignedToId: nullable(str()), involvedAgentIds: arrayOf(str()), taskId: nullable(str()),
    statusHistory: arrayOf(object({ status: str(), at: dateTime() }, ['status', 'at'])),
    csat: nullable(ref('Csat')), family: nullable(object({})), voiceFcr: nullable(object({})),
    mergedIntoTicketId: nullable(str('The surviving ticket this one was merged into (docs/api/merge-and-split.md).')), mergedTicketIds: arrayOf(str()),
    splitFromTicketId: nullable(str('The ticket this one was split from.')), splitTicketIds: arrayOf(str()),
    subject: nullable(str()), query: nullable(str()), category: nullable(str()), sentiment: nullable(str()),
    firstResponseAt: nullable(dateTime()), latestResponseAt: nullable(dateTime()),
    awaitingResponseSince: nullable(dateTime('A customer contact not yet answered by an agent, since then.')),
    responseWaits: arrayOf(object({ from: dateTime(), to: dateTime() }, ['from', 'to'])),
    slaTargets: nullable(arrayOf(object({
      label: str(), metric: { enum: ['firstResponse', 'resolution'] }, targetMinutes: int(), dueAt: nullable(dateTime()),
    }, ['label', 'metric', 'targetMinutes', 'dueAt']), 'The SLA targets recorded when the ticket was created (null: created before targets were recorded).')),
    slaOutcomes: nullable(mapOf({ enum: ['met', 'breached'] }, 'Targets recorded met or breached, by their place in slaTargets.')),
  }, ['id', 'status', 'createdAt'], { description: 'The ticket as the `tickets` read model holds it (docs/read-models.md), internal fields left out.' }),
  StoredEvent: record({
    id: str(), type: str(), revision: int(undefined, { minimum: 0 }), position: record({ commit: str(undefined, { pattern: '^[0-9]+$' }), prepare: str(undefined, { pattern: '^[0-9]+$' }) }),
    created: dateTime(), data: {}, metadata: ref('EventMetadata'),
  }),
  EventMetadata: object({
    version: int(), accountId: str(), userId: str('Access token id or worker name, never a token.'), requestId: str(), correlationId: str(), causationId: str(),
  }, ['version']),
  ReadModelFilter: {
    ...mapOf({
      oneOf: [
        { type: ['string', 'number', 'boolean', 'null'], maxLength: TEXT_MAX.filter, description: 'Equal (a list field: holds it; null: missing too).' },
        object({ ne: { type: ['string', 'number', 'boolean', 'null'], maxLength: TEXT_MAX.filter } }, ['ne'], { closed: true }),
        object({
          lt: { type: ['string', 'number'], maxLength: TEXT_MAX.filter }, lte: { type: ['string', 'number'], maxLength: TEXT_MAX.filter },
          gt: { type: ['string', 'number'], maxLength: TEXT_MAX.filter }, gte: { type: ['string', 'number'], maxLength: TEXT_MAX.filter },
        }, [], { closed: true }),
      ],
    }, 'Conditions on fields (keys are field paths such as status or template.name), all of which hold: at most 50.'),
    maxProperties: 50,
  },
  FreeValue: {
    description: 'Any JSON value whose shape is the account\'s own (a record\'s field, an action\'s input): text at most 10,000 characters, arrays at most 1,000 items, objects at most 1,000 keys, at any depth.',
    // No `type` and `unevaluatedProperties` rather than `additionalProperties` (the same here, no
    // other keyword evaluating keys): generated clients type it `unknown`, where a recursive union
    // defeats openapi-fetch's body types.
    maxLength: TEXT_MAX.freeValue, maxItems: 1_000, maxProperties: 1_000, items: ref('FreeValue'), unevaluatedProperties: ref('FreeValue'),
  },
  FeedEvent: record({
    position: str('`commit/prepare`: what `from` takes.', { pattern: '^[0-9]+/[0-9]+$' }), streamName: str(), revision: str(undefined, { pattern: '^[0-9]+$' }),
    id: str(), type: str(), created: dateTime(), data: {}, metadata: ref('EventMetadata'),
  }, { description: 'One line of the NDJSON event feed.' }),
  Template: object({
    name: str(), language: { anyOf: [str(), object({ code: str() }, ['code'])] }, namespace: str(), category: str(), status: str(),
    parameter_format: str(), components: arrayOf(object({ type: str() })),
  }, ['name'], { description: 'docs/api/chat-app.md.' }),
  SendFailure: object({ code: str(), message: str(), details: str('What to fix.') }, ['code', 'message']),
  DeliveryError: nullable(object({ code: { type: ['string', 'integer'] }, message: str(), httpStatus: int(), details: {} }, ['message'])),
  Message: record({
    messageId: str(), msg_id: nullable(str()),
    status: oneOfStrings(['queued', 'sending', 'sent', 'delivered', 'read', 'failed'], 'delivered, read: what the platform\'s status webhook reported (failed too, after sent).'),
    to: str('E.164.'),
    template: record({ name: str(), language: record({ code: str() }) }), campaign: nullable(str()), from: nullable(str()),
    attempts: int(undefined, { minimum: 0 }), queuedAt: dateTime(), sendingAt: nullable(dateTime()), sentAt: nullable(dateTime()),
    failedAt: nullable(dateTime()), deliveredAt: nullable(dateTime()), readAt: nullable(dateTime()), nextAttemptAt: nullable(dateTime()), platformMessageId: nullable(str()),
    error: ref('DeliveryError'), lastError: ref('DeliveryError'), updatedAt: dateTime(),
  }, { description: 'The delivery status of a template message.' }),
  ResourceRecord: object({
    id: str(), objectId: str(), customerId: nullable(str()), data: object({}), createdAt: dateTime(), updatedAt: dateTime(),
  }, ['id', 'objectId', 'data'], { description: 'docs/api/records-and-actions.md.' }),
  RecordConflict: record({ recordId: str(), field: str(), value: {} }),
  OrderSummary: object({
    orderId: str(), orderNumber: nullable(str()), createdAt: str(), orderStatus: str(), total: record({ amount: str(), currency: str() }),
  }, ['orderId', 'orderNumber', 'createdAt', 'orderStatus', 'total']),
  StoreCustomer: object({
    customer_id: str(), name: str(), email: nullable(str()), phone: nullable(str()), customer_type: str(), account_status: str(),
  }),
  ListFilters: object({
    sortOrder: oneOfStrings(['asc', 'desc']),
    timestampKey: oneOfStrings(['createdAt', 'updatedAt', 'resolvedAt', 'executedAt', 'assignedAt']),
    startDate: text(TEXT_MAX.timestamp, 'ISO 8601 date-time (a date alone is accepted).'), endDate: text(TEXT_MAX.timestamp, 'ISO 8601 date-time (a date alone is accepted).'),
    ignoreDateRange: bool(), statuses: listOf(text(TEXT_MAX.id), 50), excludeInProgress: bool(), agentId: text(TEXT_MAX.id), involvedAgentId: text(TEXT_MAX.id),
    agentInvolvement: oneOfStrings(['only_ai', 'agents_involved']), unassigned: bool(), createdByUserId: text(TEXT_MAX.id), taskIds: listOf(text(TEXT_MAX.id), 1_000),
    noTaskIds: bool(), taskTeamIds: listOf(text(TEXT_MAX.id), 1_000), search: text(TEXT_MAX.filter), phoneNumber: text(TEXT_MAX.filter), orderName: text(TEXT_MAX.filter),
    ticketNumber: { type: ['string', 'integer'], maxLength: TEXT_MAX.filter },
    source: text(TEXT_MAX.filter), manualSourceLabel: text(TEXT_MAX.filter), category: text(TEXT_MAX.filter), subcategory: text(TEXT_MAX.filter),
    sentiments: listOf(text(TEXT_MAX.id), 10), excludeChildTickets: bool(), parentTicketId: text(TEXT_MAX.id),
  }, [], { description: 'The shared filters of docs/api/ticket-list.md (Filters) (list and export). A known field sent as null is treated as absent.' }),
};

/** Shared headers (components.headers). */
export const headers: Readonly<Record<string, unknown>> = {
  'X-Request-Id': { description: 'The request id: the caller\'s when it is 1-128 safe characters, otherwise a new one.', required: true, schema: str() },
  'WWW-Authenticate': { description: '`Bearer`.', required: true, schema: str() },
  'X-RateLimit-Limit': { description: 'The limit of the tightest window (on a 429: of the exceeded window).', schema: int(undefined, { minimum: 0 }) },
  'X-RateLimit-Remaining': { description: 'Requests left in that window (0 on a 429).', schema: int(undefined, { minimum: 0 }) },
  'Retry-After': { description: 'Seconds to wait.', schema: int(undefined, { minimum: 0 }) },
  'Retry-After-Required': { description: 'Seconds to wait.', required: true, schema: int(undefined, { minimum: 0 }) },
  'X-RateLimit-Limit-Required': { description: 'The limit of the exceeded window.', required: true, schema: int(undefined, { minimum: 0 }) },
  'X-RateLimit-Remaining-Required': { description: '0: nothing left in that window.', required: true, schema: int(undefined, { minimum: 0 }) },
};

export const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', description: 'An access token of the account (account configuration `accessTokens`).' },
  operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN: the operator\'s read-only admin routes over every account.' },
};
