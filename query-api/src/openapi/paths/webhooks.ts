import { WEBHOOK_EVENT_TYPES } from '@support/domain';
import { answer, arrayOf, dateTime, errorAnswer, int, json, nullable, object, oneOfStrings, operation, Paths, queryParam, record, Schema, str, WEBHOOK_ID, WEBHOOK_TAGS, webhookSubscription } from '@support/http-edge';

const TAGS = WEBHOOK_TAGS;
const ID = WEBHOOK_ID;
const subscription = webhookSubscription;
const attempt = record({
  deliveryId: str(), messageId: str('The webhook-id the receiver got.'), eventType: oneOfStrings([...WEBHOOK_EVENT_TYPES, 'webhook.ping']), eventPosition: nullable(str()),
  replayId: nullable(str()), attempt: int(undefined, { minimum: 1 }), attemptedAt: dateTime(), outcome: oneOfStrings(['delivered', 'failed']),
  statusCode: nullable(int()), durationMs: int(undefined, { minimum: 0 }), error: nullable(str()), retryAt: nullable(dateTime('The next attempt; null when none will be made.')),
});
const notFound = errorAnswer('No such subscription in the account.');
const agents = { '403': errorAnswer('The token is not valid, or belongs to an agent (subscriptions are managed by account admins and access tokens).') };

/** The webhook query routes (subscriptions, deliveries) and the messages sent; the commands are in command-api/src/webhooks/openapi.ts. */
export const webhookQueryPaths: Paths = {
  '/apis/webhooks': {
    get: operation({ operationId: 'listWebhooks', summary: 'The account\'s webhook subscriptions', tags: TAGS }, { auth: 'token' }, {
      '200': answer('Every subscription of the account, oldest first (never a secret).', record({ data: arrayOf(subscription) })), ...agents,
    }),
  },
  '/apis/webhooks/{id}': {
    get: operation({ operationId: 'getWebhook', summary: 'One webhook subscription', tags: TAGS, parameters: [ID] }, { auth: 'token' }, {
      '200': answer('The subscription.', subscription), '404': notFound, ...agents,
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
  'ticket.merged': ticket({
    mergedTicketIds: arrayOf(str(), 'The tickets closed as merged into this one (the target, the surviving ticket).'), mergeId: str(), mergedById: nullable(str()), at: dateTime(),
  }),
  'ticket.split': ticket({
    newTicketId: str('The new ticket that took the interactions.'), interactionIds: arrayOf(str(), 'The email message ids, call ids and chat session ids it took.'),
    splitById: nullable(str()), at: dateTime(),
  }),
  'ticket.sla_met': ticket({ label: str(), metric: oneOfStrings(['firstResponse', 'resolution']), dueAt: nullable(dateTime()), metAt: dateTime() }),
  'ticket.sla_breached': ticket({
    label: str(), metric: oneOfStrings(['firstResponse', 'resolution']), dueAt: dateTime(), recordedAt: dateTime(), lateMs: int('How long after the due moment the breach was recorded.'),
  }),
  'ticket.sla_warning': ticket({
    label: str(), metric: oneOfStrings(['firstResponse', 'resolution']), dueAt: dateTime(), warningMinutes: int('The policy\'s lead time: the warning is recorded this long before the due moment.'), warnedAt: dateTime(),
  }),
  'ticket.sla_paused': ticket({ label: str(), metric: oneOfStrings(['resolution']), dueAt: dateTime('The due moment before the pause.'), pausedAt: dateTime() }),
  'ticket.sla_resumed': ticket({ label: str(), metric: oneOfStrings(['resolution']), pausedAt: dateTime(), resumedAt: dateTime(), dueAt: nullable(dateTime('The due moment now: the rest of the target counted from resumedAt.')) }),
  'log.checkpoint': record({
    origin: str('The log\'s name: the checkpoint\'s first line.'), size: int('Events the checkpoint covers.'), rootHash: str('The tree\'s root, base64.'), time: dateTime(),
    checkpoint: str('The signed note (C2SP checkpoint), as GET /admin/log/checkpoint serves it.'),
  }),
  'export.succeeded': record({ jobId: str(), processed: int(), fileSizeBytes: int(), completedAt: dateTime(), availableUntil: dateTime(), statusUrl: str('Poll it for a signed download URL.') }),
  'export.failed': record({ jobId: str(), error: str(), failedAt: dateTime(), statusUrl: str() }),
  'message.sent': record({ messageId: str(), attempt: int(), platformMessageId: nullable(str()), sentAt: dateTime() }),
  'message.delivered': record({ messageId: str(), platformMessageId: str(), deliveredAt: dateTime('When the platform says it reached the phone (its status webhook).') }),
  'message.failed': record({ messageId: str(), attempt: nullable(int()), error: object({ code: str(), message: str() }), failedAt: dateTime() }),
  'record.inserted': record({ recordId: str(), objectId: str(), customerId: nullable(str()), fields: arrayOf(str(), 'The fields set (names only).'), createdAt: dateTime() }),
  'record.updated': record({ recordId: str(), objectId: str(), customerId: nullable(str()), changedFields: arrayOf(str()), updatedAt: dateTime() }),
  'customer.erased': record({
    customerId: str(), erasureId: str(), ticketIds: arrayOf(str(), 'The tickets whose personal values were erased.'), requestedAt: dateTime(), erasedAt: dateTime(),
  }),
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

