import { CUSTOMER_STREAM_PREFIX, CustomerErasedData, DocumentWrite, ERASED_TEXT, MESSAGE_EVENT_TYPES, MESSAGE_STREAM_PREFIX, MessageEvent, MESSAGES_COLLECTION, MESSAGES_PROJECTION, RecordedEvent } from '@support/domain';
import { ProjectionDefinition } from '../runtime/projection';

const MESSAGES_BY_MSG_ID_INDEX = 'account_msg_id';
/** A receipt names the message by the platform's id. */
const MESSAGES_BY_PLATFORM_ID_INDEX = 'account_platform_message_id';
/** A customer's erasure finds the messages sent to their phones. */
const MESSAGES_BY_RECIPIENT_INDEX = 'account_to';

const set = (id: string, fields: Record<string, unknown>, min?: Record<string, string>): DocumentWrite[] => [
  { collection: MESSAGES_COLLECTION, id, set: fields, ...(min !== undefined ? { min } : {}) },
];

/** One document per message (_id = message id): where its delivery stands, with timestamps and the failure reason. */
const messageWrites = (event: MessageEvent): readonly DocumentWrite[] => {
  switch (event.type) {
    case 'MessageQueued': {
      const d = event.data;
      return [{
        collection: MESSAGES_COLLECTION,
        id: d.messageId,
        set: {
          accountId: d.accountId, messageId: d.messageId, msgId: d.msgId ?? null, campaign: d.campaign ?? null, from: d.from ?? null, to: d.to,
          template: { name: d.template.name, language: d.template.language }, status: 'queued', attempts: 0, queuedAt: d.queuedAt, updatedAt: d.queuedAt,
        },
        upsert: true,
      }];
    }
    case 'MessageSendingStarted': {
      const d = event.data;
      return set(d.messageId, { status: 'sending', attempts: d.attempt, lastAttemptAt: d.startedAt, updatedAt: d.startedAt, nextAttemptAt: null }, { sendingAt: d.startedAt });
    }
    case 'MessageSendAttemptFailed': {
      const d = event.data;
      return set(d.messageId, { lastError: d.error, nextAttemptAt: d.retryAt, updatedAt: d.failedAt });
    }
    case 'MessageSent': {
      const d = event.data;
      return set(d.messageId, { status: 'sent', sentAt: d.sentAt, platformMessageId: d.platformMessageId, nextAttemptAt: null, updatedAt: d.sentAt });
    }
    case 'MessageFailed': {
      const d = event.data;
      return set(d.messageId, { status: 'failed', failedAt: d.failedAt, error: d.error, nextAttemptAt: null, updatedAt: d.failedAt });
    }
    case 'MessageStatusReported': {
      const d = event.data;
      const when = d.status === 'delivered' ? { deliveredAt: d.at } : d.status === 'read' ? { readAt: d.at } : { failedAt: d.at, error: d.error };
      return set(d.messageId, { status: d.status, ...when, updatedAt: d.at });
    }
    default:
      return [];
  }
};

/**
 * A customer erased (docs/api/erasure.md): the messages sent to them keep their ids, template,
 * statuses and times, and lose the number, as a rebuild from the log, whose events then read with
 * placeholders, comes to.
 */
const customerErased = (d: CustomerErasedData): readonly DocumentWrite[] =>
  (d.messageIds ?? []).map((id) => ({ collection: MESSAGES_COLLECTION, id, set: { to: ERASED_TEXT } }));

/** Read model "messages": the delivery status of each template message (GET /apis/chatapp/messages/...), receipts included. */
export const messagesProjection: ProjectionDefinition = {
  name: MESSAGES_PROJECTION,
  streamNamePrefixes: [MESSAGE_STREAM_PREFIX, CUSTOMER_STREAM_PREFIX],
  version: 3,
  collections: {
    [MESSAGES_COLLECTION]: {
      fields: ['accountId', 'status', 'platformMessageId', 'to'],
      indexes: [
        { name: MESSAGES_BY_MSG_ID_INDEX, fields: ['accountId', 'msgId'] }, { name: MESSAGES_BY_PLATFORM_ID_INDEX, fields: ['accountId', 'platformMessageId'] },
        { name: MESSAGES_BY_RECIPIENT_INDEX, fields: ['accountId', 'to'] },
      ],
    },
  },
  project: async (event: RecordedEvent) =>
    event.type === 'CustomerErased' ? customerErased(event.data as CustomerErasedData)
      : (MESSAGE_EVENT_TYPES as readonly string[]).includes(event.type) ? messageWrites({ type: event.type, data: event.data } as MessageEvent) : [],
};
