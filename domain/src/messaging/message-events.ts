import { DomainEvent } from '../shared/decider';
import { TemplateToSend } from './send-request';

/** Why a send attempt or a message failed: the platform's own code and message are kept. */
export interface MessageDeliveryError {
  /** platform: the chat app answered an error; network/timeout: no answer; configuration: nothing to send with; unconfirmed: a worker stopped mid-attempt. */
  readonly kind: 'platform' | 'network' | 'timeout' | 'invalid_response' | 'configuration' | 'unconfirmed';
  /** The platform's error code (e.g. "131026"), or the kind when the platform gave none. */
  readonly code: string;
  readonly message: string;
  readonly httpStatus?: number;
  readonly subcode?: number;
  /** error.error_data.details of the platform. */
  readonly details?: string;
  /** fbtrace_id, for a support request to Meta. */
  readonly traceId?: string;
}

export interface MessageQueuedData {
  readonly messageId: string;
  readonly accountId: string;
  /** E.164. */
  readonly to: string;
  readonly template: TemplateToSend;
  readonly campaign?: string;
  readonly msgId?: string;
  readonly from?: string;
  readonly queuedAt: string;
}

export type MessageQueued = DomainEvent<'MessageQueued', MessageQueuedData>;
/** Recorded BEFORE the platform is called; `leaseUntil` bounds how long the attempt may take. */
export type MessageSendingStarted = DomainEvent<'MessageSendingStarted', {
  readonly messageId: string;
  readonly attempt: number;
  readonly startedAt: string;
  readonly leaseUntil: string;
  /** The previous attempt was recorded but never finished (its worker stopped): this one may duplicate it. */
  readonly afterUnconfirmedAttempt: boolean;
}>;
export type MessageSendAttemptFailed = DomainEvent<'MessageSendAttemptFailed', {
  readonly messageId: string;
  readonly attempt: number;
  readonly failedAt: string;
  readonly error: MessageDeliveryError;
  readonly retryAt: string;
}>;
export type MessageSent = DomainEvent<'MessageSent', {
  readonly messageId: string;
  readonly attempt: number;
  readonly sentAt: string;
  /** messages[0].id of the platform's answer (null if it answered success without one). */
  readonly platformMessageId: string | null;
}>;
export type MessageFailed = DomainEvent<'MessageFailed', {
  readonly messageId: string;
  /** The attempt that failed for good, or null when none was made (e.g. no chat app configured any more). */
  readonly attempt: number | null;
  readonly failedAt: string;
  readonly error: MessageDeliveryError;
}>;

/** What the platform reported of a sent message (its status webhook): delivered to the phone, read, or failed after all. */
export type MessageReceiptStatus = 'delivered' | 'read' | 'failed';
export type MessageStatusReported = DomainEvent<'MessageStatusReported', {
  readonly messageId: string;
  readonly platformMessageId: string;
  readonly status: MessageReceiptStatus;
  /** When the platform says it happened. */
  readonly at: string;
  /** A failed receipt's reason, as the platform gave it. */
  readonly error: MessageDeliveryError | null;
}>;

export type MessageEvent = MessageQueued | MessageSendingStarted | MessageSendAttemptFailed | MessageSent | MessageFailed | MessageStatusReported;
export const MESSAGE_EVENT_TYPES: readonly MessageEvent['type'][] = [
  'MessageQueued', 'MessageSendingStarted', 'MessageSendAttemptFailed', 'MessageSent', 'MessageFailed', 'MessageStatusReported',
];

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'delivered' | 'read';
/** Statuses after which nothing is sent any more: the platform accepted the message (and may have reported on it), or it failed. */
export type FinishedMessageStatus = 'sent' | 'failed' | 'delivered' | 'read';
export const isFinishedMessage = (status: MessageStatus | 'none'): status is FinishedMessageStatus =>
  status === 'sent' || status === 'failed' || status === 'delivered' || status === 'read';

export interface MessageState {
  readonly message: MessageQueuedData | null;
  readonly status: MessageStatus | 'none';
  /** Attempts started so far. */
  readonly attempts: number;
  /** The attempt started and not finished, with the end of its lease. */
  readonly openAttempt: { readonly attempt: number; readonly leaseUntil: string } | null;
  readonly retryAt: string | null;
  readonly lastError: MessageDeliveryError | null;
  /** The platform's id of the message once it accepted it (what its receipts name). */
  readonly platformMessageId: string | null;
}

export const initialMessageState = (): MessageState => ({ message: null, status: 'none', attempts: 0, openAttempt: null, retryAt: null, lastError: null, platformMessageId: null });

export const evolveMessage = (state: MessageState, event: MessageEvent): MessageState => {
  switch (event.type) {
    case 'MessageQueued':
      return { ...state, message: event.data, status: 'queued' };
    case 'MessageSendingStarted':
      return { ...state, status: 'sending', attempts: event.data.attempt, openAttempt: { attempt: event.data.attempt, leaseUntil: event.data.leaseUntil }, retryAt: null };
    case 'MessageSendAttemptFailed':
      return { ...state, openAttempt: null, retryAt: event.data.retryAt, lastError: event.data.error };
    case 'MessageSent':
      return { ...state, status: 'sent', openAttempt: null, retryAt: null, platformMessageId: event.data.platformMessageId };
    case 'MessageFailed':
      return { ...state, status: 'failed', openAttempt: null, retryAt: null, lastError: event.data.error };
    case 'MessageStatusReported':
      return { ...state, status: event.data.status, ...(event.data.error !== null ? { lastError: event.data.error } : {}) };
    default:
      return state;
  }
};

/** The event of a msg_id's claim stream (the MESSAGE_ID claim): the message that owns the msg_id in its account. */
export type MessageIdReserved = DomainEvent<'MessageIdReserved', { readonly messageId: string; readonly accountId: string; readonly reservedAt: string }>;
