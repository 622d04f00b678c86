import { LOG_WIDE, positionToString, RecordedEvent, WebhookEventType, webhookEventsOf, webhookMessageId } from '@support/domain';

/** One webhook message as made from its log event: what subscriptions are matched against and what is sent. */
export interface WebhookMessage {
  readonly messageId: string;
  readonly type: WebhookEventType;
  readonly accountId: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** The stream of the log event: deliveries of one stream to one subscription go in its order. */
  readonly subject: string;
  readonly revision: string;
  readonly position: string;
  readonly occurredAt: string;
}

/** The webhook messages one log event makes. */
export const webhookMessagesOf = (event: RecordedEvent): readonly WebhookMessage[] =>
  webhookEventsOf(event).map((w) => ({
    messageId: webhookMessageId(event.id, w.type), type: w.type, accountId: w.accountId, data: w.data, subject: event.streamName,
    revision: event.revision.toString(), position: positionToString(event.position), occurredAt: event.created.toISOString(),
  }));


/** The webhook messages one log event makes for an account: its own, and those of the whole log (a checkpoint) addressed to it. */
export const webhookMessagesFor = (event: RecordedEvent, accountId: string): readonly WebhookMessage[] =>
  webhookMessagesOf(event).flatMap((m) => (m.accountId === accountId ? [m] : m.accountId === LOG_WIDE ? [{ ...m, accountId }] : []));
