import { MessageDeliveryError, MessageStatus, ReadDocument } from '@support/domain';

/** A document of the "messages" read model. */
export interface MessageDocument extends ReadDocument {
  readonly accountId: string;
  readonly messageId: string;
  readonly msgId: string | null;
  readonly campaign: string | null;
  readonly from: string | null;
  readonly to: string;
  readonly template: { readonly name: string; readonly language: { readonly code: string } };
  readonly status: MessageStatus;
  readonly attempts: number;
  readonly queuedAt: string;
  readonly sendingAt?: string;
  readonly lastAttemptAt?: string;
  readonly nextAttemptAt?: string | null;
  readonly sentAt?: string;
  readonly failedAt?: string;
  readonly deliveredAt?: string;
  readonly readAt?: string;
  readonly platformMessageId?: string | null;
  readonly error?: MessageDeliveryError;
  readonly lastError?: MessageDeliveryError;
  readonly updatedAt: string;
}

/** The failure reason as the caller sees it: the platform's code and message, with what else it said. */
const reason = (e: MessageDeliveryError | undefined) =>
  e ? { code: e.code, message: e.message, ...(e.httpStatus !== undefined ? { httpStatus: e.httpStatus } : {}), ...(e.details ? { details: e.details } : {}) } : null;

/** The status answer of one message (an addition to the spec). */
export const messageView = (d: MessageDocument) => ({
  messageId: d.messageId,
  msg_id: d.msgId,
  status: d.status,
  to: d.to,
  template: d.template,
  campaign: d.campaign,
  from: d.from,
  attempts: d.attempts,
  queuedAt: d.queuedAt,
  sendingAt: d.sendingAt ?? null,
  sentAt: d.sentAt ?? null,
  failedAt: d.failedAt ?? null,
  deliveredAt: d.deliveredAt ?? null,
  readAt: d.readAt ?? null,
  nextAttemptAt: d.nextAttemptAt ?? null,
  platformMessageId: d.platformMessageId ?? null,
  error: d.status === 'failed' ? reason(d.error) : null,
  lastError: reason(d.lastError),
  updatedAt: d.updatedAt,
});
