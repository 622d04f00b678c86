import { answer, errorAnswer, operation, pathParam, Paths, queryParam, ref, str } from '@support/http-edge';

const TAGS = ['Chat app'];

/** The chat-app query routes (messages, the status webhook's verification); the commands are in command-api/src/messaging/openapi.ts. */
export const messagingQueryPaths: Paths = {
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
  '/apis/chatapp/webhooks/whatsapp': {
    get: operation({
      operationId: 'verifyStatusWebhook', summary: 'Meta\'s check of the status webhook (delivery receipts) when it is registered', tags: TAGS,
      parameters: [
        queryParam('hub.mode', '`subscribe`.', str(), true), queryParam('hub.verify_token', 'The webhookVerifyToken of an account\'s chatApp.', str(), true),
        queryParam('hub.challenge', 'Answered back as it is.', str(), true),
      ],
    }, { auth: 'none' }, {
      '200': { description: 'The challenge, as plain text.', content: { 'text/plain': { schema: str() } } },
      '400': errorAnswer('A parameter missing, or hub.mode not subscribe.'),
      '403': errorAnswer('hub.verify_token is not the webhookVerifyToken of any account.'),
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
