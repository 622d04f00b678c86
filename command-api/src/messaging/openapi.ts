import { answer, arrayOf, bool, dateTime, errorAnswer, int, jsonRequestBody, listOf, object, operation, Paths, ref, str, text, TEXT_MAX } from '@support/http-edge';

const TAGS = ['Chat app'];

/**
 * The edge's sizes here are a backstop above the route's own checks, so that what the route checks
 * (a phone number, Meta's form of a template name: at most 512) keeps its 7001/7002 answer.
 */
const sendRequest = object({
  to: text(TEXT_MAX.id, 'Recipient phone number; E.164 recommended.'),
  template: object({
    name: text(1_000), language: object({ code: text(TEXT_MAX.timestamp) }, ['code']), namespace: text(TEXT_MAX.id),
    components: listOf(object({
      type: text(TEXT_MAX.timestamp),
      parameters: listOf(object({ type: text(TEXT_MAX.timestamp), text: text(TEXT_MAX.text), parameter_name: text(TEXT_MAX.id) }, ['type']), 100),
    }, ['type']), 20),
  }, ['name']),
  campaign: text(TEXT_MAX.id, 'Tracking tag.'), msg_id: text(TEXT_MAX.id, 'Caller\'s message id: deduplicates per account.'), from: text(TEXT_MAX.id, 'The configured senderPhone or phoneNumberId.'),
}, ['to', 'template'], { closed: true });

const sendAnswer = {
  oneOf: [
    object({
      status: { const: 'success' }, messageId: str(), msg_id: str(), duplicate: bool('true: the msg_id was sent before; nothing new was queued.'),
      delivery: { const: 'queued' }, statusUrl: str('Relative URL of the message status.'),
    }, ['status', 'messageId', 'duplicate', 'delivery', 'statusUrl']),
    object({ status: { const: 'failure' }, error: ref('SendFailure') }, ['status', 'error'], {
      description: '7001 Invalid template parameters (including a template or translation the account\'s last template sync does not have: answered at once, a sync of the account started in the background), 7002 Invalid phone number, 7004 no WhatsApp phone number configured / Internal server error.',
    }),
  ],
};

/** The chat-app command routes (template sync and send, the status webhook's receipts), for the OpenAPI document. */
export const messagingCommandPaths: Paths = {
  '/apis/chatapp/template-sync': {
    post: operation({ operationId: 'syncTemplates', summary: 'Retrieve the account\'s message templates from the platform (docs/api/chat-app.md, Sync)', tags: TAGS }, { auth: 'token', idempotent: true }, {
      '200': answer('Every template of every page, in the form docs/api/chat-app.md shows.', object({ data: arrayOf(ref('Template')), syncedAt: dateTime(), pages: int(undefined, { minimum: 0 }) }, ['data', 'syncedAt', 'pages'])),
      '500': errorAnswer('`failed to fetch the chat-app templates`, the message saying why (platform refusal, no chat app configured, ...).'),
    }),
  },
  '/apis/chatapp/template-send': {
    post: operation({
      operationId: 'sendTemplate', summary: 'Queue an approved template message (docs/api/chat-app.md, Send)', tags: TAGS, requestBody: jsonRequestBody(sendRequest, true, {
        to: '+14155550123', msg_id: 'order-1234-shipped', campaign: 'shipping',
        template: { name: 'order_update', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }, { type: 'text', text: '#1234' }] }] },
      }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('success once queued (delivery follows), or failure with the spec\'s code.', sendAnswer),
      '400': errorAnswer('No body, an unknown top-level key, a wrongly typed campaign, msg_id or from, or a field past its size (docs/api/README.md, Limits).'),
    }),
  },
  '/apis/chatapp/webhooks/whatsapp': {
    post: operation({
      operationId: 'receiveStatusWebhook', summary: 'The WhatsApp Cloud API\'s status webhook: delivered, read and failed receipts of sent messages', tags: TAGS,
      description: 'Meta\'s own payload (`object`: `whatsapp_business_account`, `entry[].changes[].value.statuses[]`), signed with the Meta app\'s secret in X-Hub-Signature-256; accepted only when that verifies with the appSecret of every account whose phoneNumberId the body names. Each status of a message the account sent is recorded once (MessageStatusReported) and shows in the message\'s status; a delivered status is the `message.delivered` webhook event.',
      parameters: [{ name: 'X-Hub-Signature-256', in: 'header', required: true, description: '`sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.', schema: str() }],
      requestBody: jsonRequestBody(object({
        object: { const: 'whatsapp_business_account' }, entry: listOf({ ...object({}), additionalProperties: ref('FreeValue'), maxProperties: 1_000 }, 1_000),
      }, ['object', 'entry'])),
    }, { auth: 'none', jsonBody: true }, {
      '200': answer('What the statuses came to.', object({
        received: int(undefined, { minimum: 0 }), recorded: int(undefined, { minimum: 0 }), alreadyKnown: int('Repeats and statuses that say nothing new.', { minimum: 0 }),
        unknown: int('Statuses of messages this service did not send.', { minimum: 0 }),
      }, ['received', 'recorded', 'alreadyKnown', 'unknown'])),
      '400': errorAnswer('Not a WhatsApp Business Account webhook body, or a status without a unix timestamp.'),
      '401': errorAnswer('X-Hub-Signature-256 missing or not matching.'),
      '403': errorAnswer('The account the body names has no appSecret in its chatApp.'),
    }),
  },
};
