import { answer, errorAnswer, jsonBody, operation, pathParam, queryParam } from '../responses';
import { arrayOf, bool, dateTime, int, object, Paths, ref, str } from '../schema';

const TAGS = ['Chat app'];

const sendRequest = object({
  to: str('Recipient phone number; E.164 recommended.'),
  template: object({
    name: str(), language: object({ code: str() }, ['code']), namespace: str(),
    components: arrayOf(object({ type: str(), parameters: arrayOf(object({ type: str(), text: str(), parameter_name: str() }, ['type'])) }, ['type'])),
  }, ['name']),
  campaign: str('Tracking tag.'), msg_id: str('Caller\'s message id: deduplicates per account.'), from: str('The configured senderPhone or phoneNumberId.'),
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

export const messagingPaths: Paths = {
  '/apis/chatapp/template-sync': {
    post: operation({ operationId: 'syncTemplates', summary: 'Retrieve the account\'s message templates from the platform (spec 4.5)', tags: TAGS }, { auth: 'token', idempotent: true }, {
      '200': answer('Every template of every page, in the form of 2.6.', object({ data: arrayOf(ref('Template')), syncedAt: dateTime(), pages: int(undefined, { minimum: 0 }) }, ['data', 'syncedAt', 'pages'])),
      '500': errorAnswer('`failed to fetch the chat-app templates`, the message saying why (platform refusal, no chat app configured, ...).'),
    }),
  },
  '/apis/chatapp/template-send': {
    post: operation({
      operationId: 'sendTemplate', summary: 'Queue an approved template message (spec 4.6)', tags: TAGS, requestBody: jsonBody(sendRequest, true, {
        to: '+14155550123', msg_id: 'order-1234-shipped', campaign: 'shipping',
        template: { name: 'order_update', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }, { type: 'text', text: '#1234' }] }] },
      }),
    }, { auth: 'token', jsonBody: true, idempotent: true }, {
      '200': answer('success once queued (delivery follows), or failure with the spec\'s code.', sendAnswer),
      '400': errorAnswer('No body, an unknown top-level key, or a wrongly typed campaign, msg_id or from.'),
    }),
  },
  '/apis/chatapp/messages': {
    get: operation({
      operationId: 'getMessageByMsgId', summary: 'Delivery status of the message queued under a msg_id', tags: TAGS,
      parameters: [queryParam('msg_id', 'The caller\'s msg_id.', str(), true)],
    }, { auth: 'token' }, {
      '200': answer('The message.', ref('Message')),
      '400': errorAnswer('No msg_id, or another query parameter.'),
      '404': errorAnswer('No message with that msg_id in the account.'),
    }),
  },
  '/apis/chatapp/messages/{id}': {
    get: operation({
      operationId: 'getMessage', summary: 'Delivery status of one template message', tags: TAGS, parameters: [pathParam('id', 'The messageId answered by template-send.')],
    }, { auth: 'token' }, {
      '200': answer('The message.', ref('Message')),
      '404': errorAnswer('No such message in the account.'),
    }),
  },
};
