import { mergeCommandPaths } from './merge/openapi';
import { splitCommandPaths } from './split/openapi';
import { answer, arrayOf, bool, errorAnswer, int, jsonRequestBody, listOf, mapOf, nullable, object, operation, pathParam, Paths, rateLimitedSuccessHeaders, record, ref, routeChecksSize, str, text, TEXT_MAX } from '@support/http-edge';

const TAGS = ['Tickets'];

/** At most this many images on a ticket. */
export const MAX_TICKET_IMAGES = 20;

const manualTicketRequest = object({
  customer: ref('CustomerInput'),
  orderName: text(TEXT_MAX.id, 'Order name or number.'), subject: text(TEXT_MAX.text, 'Short title.'),
  query: text(TEXT_MAX.query, 'Customer question or issue (may be empty only when subject is given).'),
  payload: text(TEXT_MAX.document, 'Extra context: a JSON document serialized as a string.'), payloadFormat: text(TEXT_MAX.id, 'Identifier of the payload structure.'),
  source: text(TEXT_MAX.id, 'Built-in source or a manual-source label (docs/api/tickets.md, rule Source).'), manualSourceLabel: text(TEXT_MAX.id, 'Label when source is manual.'),
  currentTaskId: text(TEXT_MAX.id, 'Workflow task id; wins over taskName.'), taskName: text(TEXT_MAX.id, 'Task name, looked up within the account (case-insensitive).'),
  objectiveValues: { ...mapOf(text(TEXT_MAX.text), 'Keyed by objective parameter: at most 50.'), maxProperties: 50 },
  dataPointOverrides: routeChecksSize({ ...mapOf(str(undefined, { minLength: 1, maxLength: TEXT_MAX.text }), 'docs/api/tickets.md (dataPointOverrides): at most 50 keys.'), maxProperties: 50 }),
  relatedTicketNumber: text(TEXT_MAX.id), waitForTicket: { ...bool('false: only find or create the customer.'), default: true },
  forceCreateTicket: { ...bool(), default: false }, fastResponse: { ...bool(), default: false },
  skipExecuteAction: bool('Default true when dataPointOverrides has keys, otherwise false.'),
  images: listOf(str(undefined, { format: 'uri', maxLength: TEXT_MAX.url }), MAX_TICKET_IMAGES, `Image URLs: at most ${MAX_TICKET_IMAGES}.`),
}, ['customer', 'query'], { closed: true });

const manualTicketAnswer = {
  oneOf: [
    object({ success: { const: true }, ticketId: str(), existingTicket: bool(), customer: ref('Customer'), ticket: ref('Ticket') }, ['success', 'ticketId', 'existingTicket', 'customer', 'ticket']),
    object({ success: { const: true }, requestId: str(), existingTicket: { const: false }, customer: ref('Customer') }, ['success', 'requestId', 'customer']),
  ],
};

const ticketId = pathParam('ticketId', 'The ticket id (uuid as answered at creation).');

const worked = object({
  success: { const: true }, ticketId: str(), changed: bool('false: the command changed nothing and appended nothing.'),
  events: arrayOf(str(), 'The events appended, in order.'), ticket: ref('Ticket'),
}, ['success', 'ticketId', 'changed', 'events', 'ticket']);

const iso = text(TEXT_MAX.timestamp, 'ISO 8601 date-time.');
const id = str(undefined, { minLength: 1, maxLength: TEXT_MAX.id });
const free = str(undefined, { minLength: 1, maxLength: TEXT_MAX.text });
/** At most this many recipients on one recorded email. */
const MAX_EMAIL_RECIPIENTS = 100;

/** The agent-workspace commands: path under /apis/tickets/{ticketId}, body, summary. */
const COMMANDS: readonly { path: string; name: string; summary: string; body: ReturnType<typeof object> | null; extraParams?: readonly unknown[] }[] = [
  { path: '/assign', name: 'assignTicket', summary: 'Assign the ticket to a user of the account', body: object({ agentId: id }, ['agentId'], { closed: true }) },
  { path: '/unassign', name: 'unassignTicket', summary: 'Take the assignee off the ticket', body: null },
  { path: '/status', name: 'changeTicketStatus', summary: 'Move the ticket to another status', body: object({ status: text(TEXT_MAX.id, 'A status of docs/api/ticket-list.md.'), resolvedBy: { enum: ['agent', 'ai'] } }, ['status'], { closed: true }) },
  {
    path: '/emails', name: 'recordTicketEmail', summary: 'Record an email message of the ticket',
    body: object({ messageId: id, threadId: id, emailClient: id, from: id, to: listOf(id, MAX_EMAIL_RECIPIENTS, `The recipients: at most ${MAX_EMAIL_RECIPIENTS}.`), sentAt: iso, generatedBy: { enum: ['ai', 'system'] }, agentId: id },
      ['messageId', 'threadId', 'emailClient', 'from', 'to', 'sentAt'], { closed: true }),
  },
  {
    path: '/calls', name: 'recordTicketCall', summary: 'Record a call (again with endedAt: the call ended)',
    body: object({ callId: id, direction: { enum: ['incoming', 'outgoing'] }, startedAt: iso, endedAt: iso, agentId: id }, ['callId', 'direction', 'startedAt'], { closed: true }),
  },
  {
    path: '/calls/{callId}/evaluation', name: 'evaluateTicketCall', summary: 'Record the Voice FCR evaluation of an incoming call',
    body: object({ outcome: { enum: ['resolved_on_call', 'unresolved', 'delegated'] }, reason: id, evaluatedAt: iso }, ['outcome', 'reason', 'evaluatedAt'], { closed: true }),
    extraParams: [pathParam('callId', 'A call recorded on this ticket.')],
  },
  { path: '/chats', name: 'recordTicketChat', summary: 'Record a chat session', body: object({ sessionId: id, startedAt: iso, agentId: id, firstAgentMessageAt: iso }, ['sessionId', 'startedAt'], { closed: true }) },
  {
    path: '/csat', name: 'recordTicketCsat', summary: 'Record that CSAT was sent, or its submission',
    body: object({ event: { enum: ['sent', 'submitted'] }, at: iso, rating: int('1-5, required when submitted.', { minimum: 1, maximum: 5 }), comment: text(TEXT_MAX.text) }, ['event', 'at'], { closed: true }),
  },
  {
    path: '/disposition', name: 'setTicketDisposition', summary: 'Set the disposition (category, subcategory, text fields)',
    body: object({ category: nullable(free), subcategory: nullable(free), fields: { ...mapOf(text(TEXT_MAX.text), 'The account\'s active text disposition fields, by label: at most 100.'), maxProperties: 100 } }, [], { closed: true }),
  },
  { path: '/sentiments', name: 'addTicketSentiment', summary: 'Add a sentiment', body: object({ sentiment: { enum: ['positive', 'neutral', 'negative'] } }, ['sentiment'], { closed: true }) },
];

/** The body schema of the agent-workspace command at `path` (`/assign`...): a bulk update's change takes the same body. */
export const lifecycleBodySchema = (path: string): ReturnType<typeof object> | null => COMMANDS.find((c) => c.path === path)?.body ?? null;

const notFound = errorAnswer('No such ticket in the token\'s account (`Ticket not found`); for an evaluation, a call not recorded on the ticket.');
const conflict = errorAnswer('The status move is not allowed (`currentStatus` says where the ticket is), or the ticket was merged into another (`mergedIntoTicketId` names it).');

/** The ticket command routes (manual creation, child tickets, the agent workspace's commands), for the OpenAPI document. */
export const ticketCommandPaths: Paths = {
  ...mergeCommandPaths,
  ...splitCommandPaths,
  '/apis/tickets/manual': {
    post: operation({
      operationId: 'createManualTicket', summary: 'Create a manual ticket, or only find or create the customer (docs/api/tickets.md)', tags: TAGS,
      requestBody: jsonRequestBody(manualTicketRequest, true, {
        customer: { name: 'Kim Lee', phone: '+14155552671', email: 'kim@example.com' }, subject: 'Damaged item',
        query: 'The mug arrived broken. Please refund.', orderName: '#1001', source: 'walk-in', taskName: 'Refund Request',
      }),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '200': answer('The ticket made or reused (ticketId), or the customer alone (requestId, waitForTicket false).', manualTicketAnswer, rateLimitedSuccessHeaders),
      '400': errorAnswer('A field is missing, unknown or invalid; `phone or email is required`; override refusals begin with `Data point`.'),
    }),
  },
  '/apis/tickets/{ticketId}/children': {
    post: operation({
      operationId: 'createChildTicket', summary: 'Make a child or interaction ticket of this ticket (agent workspace)', tags: TAGS, parameters: [ticketId],
      requestBody: jsonRequestBody(object({
        kind: { enum: ['child', 'interaction'] }, query: text(TEXT_MAX.query), childTicketParam: id, subject: free, source: id, manualSourceLabel: id, orderName: id,
      }, ['kind', 'query'], { closed: true })),
    }, { auth: 'token', jsonBody: true, rateLimited: true, idempotent: true }, {
      '200': answer('The new ticket.', record({ success: { const: true }, ticketId: str(), parentTicketId: str(), ticket: ref('Ticket') })),
      '400': errorAnswer('A field is missing or invalid (`field` or `problems` say which).'),
      '404': notFound,
      '409': conflict,
    }),
  },
  ...Object.fromEntries(COMMANDS.map((c) => [`/apis/tickets/{ticketId}${c.path}`, {
    post: operation({
      operationId: c.name, summary: `${c.summary} (agent workspace)`, tags: TAGS, parameters: [ticketId, ...(c.extraParams ?? [])],
      ...(c.body !== null ? { requestBody: jsonRequestBody(c.body) } : {}),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('The ticket after the command, and the events appended (none when nothing changed).', worked),
      '400': errorAnswer('A field is missing or invalid (`field` or `problems` say which).'),
      '404': notFound,
      '409': conflict,
    }),
  }])),
};
