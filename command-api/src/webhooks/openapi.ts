import {  } from '@support/domain';
import { answer, arrayOf, bool, listOf, dateTime, errorAnswer, int, jsonRequestBody, nullable, object, oneOfStrings, operation, Paths, record, Schema, str, text, TEXT_MAX, WEBHOOK_EVENT_TYPE, WEBHOOK_ID, WEBHOOK_TAGS, webhookSubscription } from '@support/http-edge';

const TAGS = WEBHOOK_TAGS;
const EVENT_TYPE = WEBHOOK_EVENT_TYPE;
const ID = WEBHOOK_ID;
const subscription = webhookSubscription;
const withSecret = (extra: Record<string, Schema> = {}) => ({
  allOf: [subscription, record({ secret: str('The signing secret (Standard Webhooks, "whsec_…"), shown only in this answer.'), ...extra })],
});
/** More than every event type: a list may repeat one. */
const MAX_EVENT_TYPES = 100;
const url = text(TEXT_MAX.url, 'Where deliveries go: https, or plain http to a host:port the operator allows (WEBHOOK_ALLOWED_HOSTS); never the service itself.');
const description = nullable(text(500));
const createBody = object({ url, eventTypes: listOf(EVENT_TYPE, MAX_EVENT_TYPES), description }, ['url', 'eventTypes'], { closed: true });
const patchBody = object({ url, eventTypes: listOf(EVENT_TYPE, MAX_EVENT_TYPES), enabled: bool(), description }, [], { closed: true });
const replayBody = object({
  from: text(TEXT_MAX.timestamp, 'Send again every event from this time.', { format: 'date-time' }), fromPosition: text(TEXT_MAX.timestamp, '… or after this log position (a payload\'s `position`).'), eventTypes: listOf(EVENT_TYPE, MAX_EVENT_TYPES),
}, [], { closed: true });
const notFound = errorAnswer('No such subscription in the account.');
const agents = { '403': errorAnswer('The token is not valid, or belongs to an agent (subscriptions are managed by account admins and access tokens).') };

/** The webhook subscription command routes (create, change, delete, rotate, ping, replay), for the OpenAPI document. */
export const webhookCommandPaths: Paths = {
  '/apis/webhooks': {
    post: operation({
      operationId: 'createWebhook', summary: 'Subscribe a URL to event types', tags: TAGS,
      requestBody: jsonRequestBody(createBody, true, { url: 'https://crm.example.com/hooks/support', eventTypes: ['ticket.created', 'ticket.resolved'], description: 'CRM sync' }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '201': answer('The subscription, with its signing secret (shown once).', withSecret()), ...agents,
    }),
  },
  '/apis/webhooks/{id}': {
    patch: operation({
      operationId: 'updateWebhook', summary: 'Change the URL, event types, description, or enable / disable', tags: TAGS, parameters: [ID],
      requestBody: jsonRequestBody(patchBody, true, { enabled: true }),
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
      requestBody: jsonRequestBody(replayBody, true, { from: '2026-11-26T08:00:00Z' }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '202': answer('The replay is queued; its deliveries carry its replayId.', record({
        success: bool(), replayId: str(), fromPosition: nullable(str()), fromTime: nullable(dateTime()), eventTypes: arrayOf(EVENT_TYPE),
        status: oneOfStrings(['queued']), deliveriesUrl: str(),
      })),
      '404': notFound, ...agents,
    }),
  },
};
