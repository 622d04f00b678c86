import { createHash } from 'node:crypto';

/** Stream names of the messaging feature. */

export const MESSAGE_STREAM_PREFIX = 'message-';
/** One stream per outgoing template message: queued, attempts, sent or failed. */
export const messageStream = (messageId: string): string => `${MESSAGE_STREAM_PREFIX}${messageId}`;

const MESSAGE_KEY_STREAM_PREFIX = 'message_key-';
/**
 * The uniqueness stream of a caller's msg_id within an account (architecture property 3): its
 * first event names the message that owns the msg_id. Hashed, so caller text never lands in a stream name.
 */
export const messageKeyStream = (accountId: string, msgId: string): string =>
  `${MESSAGE_KEY_STREAM_PREFIX}${createHash('sha256').update(`${accountId}\u0000${msgId}`).digest('hex').slice(0, 40)}`;

export const TEMPLATE_SYNC_STREAM_PREFIX = 'template_sync-';
/** Every template sync of an account, successful or not. */
export const templateSyncStream = (accountId: string): string => `${TEMPLATE_SYNC_STREAM_PREFIX}${accountId}`;

/** Job kind of the delivery of one queued message (published from MessageQueued). */
export const MESSAGE_DELIVERY_JOB = 'chatapp-message-delivery';

/** Read models of the feature. */
export const TEMPLATES_PROJECTION = 'templates';
export const TEMPLATES_COLLECTION = 'chatapp_templates';
export const MESSAGES_PROJECTION = 'messages';
export const MESSAGES_COLLECTION = 'chatapp_messages';
