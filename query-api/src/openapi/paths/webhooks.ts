import { WEBHOOK_EVENT_TYPES } from '@support/domain';
import { answer, errorAnswer, json, jsonBody, operation, pathParam, queryParam } from '../responses';
import { arrayOf, bool, dateTime, int, nullable, object, oneOfStrings, Paths, record, Schema, str } from '../schema';

const TAGS = ['Webhooks'];
const EVENT_TYPE = oneOfStrings(WEBHOOK_EVENT_TYPES, 'What happened.');
const ID = pathParam('id', 'The subscription id.');

const subscription = record({
  id: str(), url: str('Where deliveries go (https; plain http only for hosts the operator allows).'), eventTypes: arrayOf(EVENT_TYPE),
  description: nullable(str()), enabled: bool(), disabledReason: nullable(str('Why the service disabled it (a day of failures without a success).')),
  secretVersion: int(undefined, { minimum: 1 }), createdAt: dateTime(), updatedAt: dateTime(), lastSuccessAt: nullable(dateTime()),
  failingSince: nullable(dateTime('The first failed attempt since the last success.')), deliveriesUrl: str(),
});
const withSecret = (extra: Record<string, Schema> = {}) => ({
  allOf: [subscription, record({ secret: str('The signing secret (Standard Webhooks, "whsec_…"), shown only in this answer.'), ...extra })],
});
const attempt = record({
  deliveryId: str(), messageId: str('The webhook-id the receiver got.'), eventType: oneOfStrings([...WEBHOOK_EVENT_TYPES, 'webhook.ping']), eventPosition: nullable(str()),
  replayId: nullable(str()), attempt: int(undefined, { minimum: 1 }), attemptedAt: dateTime(), outcome: oneOfStrings(['delivered', 'failed']),
  statusCode: nullable(int()), durationMs: int(undefined, { minimum: 0 }), error: nullable(str()), retryAt: nullable(dateTime('The next attempt; null when none will be made.')),
});
const createBody = object({ url: str(), eventTypes: arrayOf(EVENT_TYPE), description: nullable(str()) }, ['url', 'eventTypes'], { closed: true });
const patchBody = object({ url: str(), eventTypes: arrayOf(EVENT_TYPE), enabled: bool(), description: nullable(str()) }, [], { closed: true });
const replayBody = object({
  from: dateTime('Send again every event from this time.'), fromPosition: str('… or after this log position (a payload\'s `position`).'), eventTypes: arrayOf(EVENT_TYPE),
}, [], { closed: true });
const notFound = errorAnswer('No such subscription in the account.');
const agents = { '403': errorAnswer('The token is not valid, or belongs to an agent (subscriptions are managed by account admins and access tokens).') };

export const webhookPaths: Paths = {
  '/apis/webhooks': {
    get: operation({ operationId: 'listWebhooks', summary: 'The account\'s webhook subscriptions', tags: TAGS }, { auth: 'token' }, {
      '200': answer('Every subscription of the account, oldest first (never a secret).', record({ data: arrayOf(subscription) })), ...agents,
    }),
    post: operation({
      operationId: 'createWebhook', summary: 'Subscribe a URL to event types', tags: TAGS,
      requestBody: jsonBody(createBody, true, { url: 'https://crm.example.com/hooks/support', eventTypes: ['ticket.created', 'ticket.resolved'], description: 'CRM sync' }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '201': answer('The subscription, with its signing secret (shown once).', withSecret()), ...agents,
    }),
  },
  '/apis/webhooks/{id}': {
    get: operation({ operationId: 'getWebhook', summary: 'One webhook subscription', tags: TAGS, parameters: [ID] }, { auth: 'token' }, {
      '200': answer('The subscription.', subscription), '404': notFound, ...agents,
    }),
    patch: operation({
      operationId: 'updateWebhook', summary: 'Change the URL, event types, description, or enable / disable', tags: TAGS, parameters: [ID],
      requestBody: jsonBody(patchBody, true, { enabled: true }),
    }, { auth: 'token', jsonBody: true }, { '200': answer('The subscription as changed.', subscription), '404': notFound, ...agents }),
    delete: operation({ operationId: 'deleteWebhook', summary: 'Delete a subscription (nothing more is delivered to it)', tags: TAGS, parameters: [ID] }, { auth: 'token' }, {
      '200': answer('Deleted.', record({ success: bool(), id: str(), deleted: bool() })), '404': notFound, ...agents,
    }),
  },
  '/apis/webhooks/{id}/rotate-secret': {
    post: operation({ operationId: 'rotateWebhookSecret', summary: 'A new signing secret; the old one keeps signing beside it for 24 hours', tags: TAGS, parameters: [ID] }, { auth: 'token', idempotent: true }, {
      '200': answer('The subscription with its new secret (shown once).', withSecret({ previousSecretValidUntil: dateTime() })), '404': notFound, ...agents,
    }),
  },
  '/apis/webhooks/{id}/ping': {
    post: operation({ operationId: 'pingWebhook', summary: 'Send a signed test message (webhook.ping) now', tags: TAGS, parameters: [ID] }, { auth: 'token', idempotent: true }, {
      '200': answer('How the receiver took it (also in the delivery log).', record({
        delivered: bool(), messageId: str(), statusCode: nullable(int()), durationMs: int(undefined, { minimum: 0 }), error: nullable(str()),
      })),
      '404': notFound, ...agents,
    }),
  },
  '/apis/webhooks/{id}/replay': {
    post: operation({
      operationId: 'replayWebhook', summary: 'Send again every matching event from a time or log position', tags: TAGS, parameters: [ID],
      requestBody: jsonBody(replayBody, true, { from: '2026-11-26T08:00:00Z' }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '202': answer('The replay is queued; its deliveries carry its replayId.', record({
        success: bool(), replayId: str(), fromPosition: nullable(str()), fromTime: nullable(dateTime()), eventTypes: arrayOf(EVENT_TYPE),
        status: oneOfStrings(['queued']), deliveriesUrl: str(),
      })),
      '404': notFound, ...agents,
    }),
  },
  '/apis/webhooks/{id}/deliveries': {
    get: operation({
      operationId: 'listWebhookDeliveries', summary: 'Every delivery attempt, newest first (cursor-paged)', tags: TAGS,
      parameters: [
        ID, queryParam('limit', '1 to 250, default 50.', int(undefined, { minimum: 1, maximum: 250 })), queryParam('cursor', 'nextCursor of the page before.'),
        queryParam('outcome', 'delivered or failed.', oneOfStrings(['delivered', 'failed'])), queryParam('eventType', 'One event type.'), queryParam('replayId', 'Only one replay\'s deliveries.'),
      ],
    }, { auth: 'token' }, {
      '200': answer('A page of attempts.', record({ data: arrayOf(attempt), nextCursor: nullable(str()) })),
      '400': errorAnswer('An unknown query parameter or a bad value.'), '404': notFound, ...agents,
    }),
  },
};

/** The payload a receiver gets (Standard Webhooks: type, timestamp, data), for the document's `webhooks`. */
const payload = (type: string, data: Schema): Schema => record({
  type: { const: type }, timestamp: dateTime('When it happened.'), version: { const: 1 }, id: str('The webhook-id: the receiver\'s dedupe key.'),
  position: str('The event\'s log position (replay from here).'), accountId: str(), data,
});

const ticket = (fields: Record<string, Schema>) => record({ ticketId: str(), ...fields });
const DATA: Record<(typeof WEBHOOK_EVENT_TYPES)[number], Schema> = {
  'ticket.created': ticket({
    ticketNumber: int(), status: str(), source: str(), ticketType: oneOfStrings(['ticket', 'child', 'interaction']), parentTicketId: nullable(str()),
    customerId: str(), taskId: nullable(str()), createdAt: dateTime(),
  }),
  'ticket.assigned': ticket({ agentId: str(), previousAgentId: nullable(str()), assignedById: nullable(str()), at: dateTime() }),
  'ticket.unassigned': ticket({ previousAgentId: str(), unassignedById: nullable(str()), at: dateTime() }),
  'ticket.status_changed': ticket({ from: str(), to: str(), changedById: nullable(str()), at: dateTime() }),
  'ticket.resolved': ticket({ status: str(), resolvedBy: nullable(oneOfStrings(['agent', 'ai'])), at: dateTime() }),
  'ticket.interaction_added': ticket({ channel: oneOfStrings(['email', 'call', 'chat']), interactionId: str(), direction: nullable(str()), agentId: nullable(str()), at: dateTime() }),
  'ticket.csat_sent': ticket({ sentAt: dateTime() }),
  'ticket.csat_submitted': ticket({ rating: int(), submittedAt: dateTime() }),
  'ticket.disposition_set': { allOf: [ticket({ fields: arrayOf(str(), 'The disposition fields set (names only).'), setById: nullable(str()), at: dateTime() }), object({ category: nullable(str()), subcategory: nullable(str()) })] },
  'ticket.child_created': ticket({ childTicketId: str(), kind: str(), at: dateTime() }),
  'ticket.sla_met': ticket({ label: str(), metric: oneOfStrings(['firstResponse', 'resolution']), dueAt: nullable(dateTime()), metAt: dateTime() }),
  'ticket.sla_breached': ticket({
    label: str(), metric: oneOfStrings(['firstResponse', 'resolution']), dueAt: dateTime(), recordedAt: dateTime(), lateMs: int('How long after the due moment the breach was recorded.'),
  }),
  'export.succeeded': record({ jobId: str(), processed: int(), fileSizeBytes: int(), completedAt: dateTime(), availableUntil: dateTime(), statusUrl: str('Poll it for a signed download URL.') }),
  'export.failed': record({ jobId: str(), error: str(), failedAt: dateTime(), statusUrl: str() }),
  'message.sent': record({ messageId: str(), attempt: int(), platformMessageId: nullable(str()), sentAt: dateTime() }),
  'message.delivered': record({ messageId: str(), platformMessageId: str(), deliveredAt: dateTime('When the platform says it reached the phone (its status webhook).') }),
  'message.failed': record({ messageId: str(), attempt: nullable(int()), error: object({ code: str(), message: str() }), failedAt: dateTime() }),
  'record.inserted': record({ recordId: str(), objectId: str(), customerId: nullable(str()), fields: arrayOf(str(), 'The fields set (names only).'), createdAt: dateTime() }),
  'record.updated': record({ recordId: str(), objectId: str(), customerId: nullable(str()), changedFields: arrayOf(str()), updatedAt: dateTime() }),
};

const SIGNED = 'Signed as the Standard Webhooks specification says: headers webhook-id, webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the subscription\'s secret; two signatures while a rotated-out secret still signs). Verify with the standardwebhooks package or Svix\'s libraries. Answer 2xx within 10 s; timeouts, connection errors, 408, 429 (Retry-After honoured) and 5xx are retried with backoff for at least 24 hours; another 4xx is not retried.';

/** OpenAPI 3.1 `webhooks`: one POST per event type, its payload. */
export const webhookMessages = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, {
  post: {
    operationId: `webhook_${type.replace('.', '_')}`,
    summary: `${type} (payload version 1)`,
    description: SIGNED,
    tags: TAGS,
    requestBody: { required: true, content: json(payload(type, DATA[type])) },
    responses: { '200': { description: 'Received (any 2xx).' } },
  },
}]));

