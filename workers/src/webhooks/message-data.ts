import { EventStore, Logger, RecordedEvent } from '@support/domain';
import type { WebhookMessageRef } from './webhook-jobs';
import { WebhookMessage, webhookMessagesOf } from './webhook-messages';

/** The data of a message to send, or null when it cannot be made (its event is not in the log and the job holds no data). */
export type MessageDataOf = (message: WebhookMessageRef) => Promise<WebhookMessage['data'] | null>;

/**
 * The data of a delivery job's messages, made from their log events when they are sent: the log
 * gives what it holds at that moment (placeholders where an erasure took the values), so a delivery
 * retried after an erasure does not send what was erased. Each event is read once per run of the
 * job, when its first message is sent (the messages of one event, such as a status change and the
 * resolution it makes, share the read), and none for the messages already settled.
 */
export const messageDataReader = (eventStore: EventStore, logger: Logger): MessageDataOf => {
  const events = new Map<string, Promise<RecordedEvent | null>>();
  const eventOf = (m: WebhookMessageRef): Promise<RecordedEvent | null> => {
    const key = `${m.subject}@${m.revision}`;
    let event = events.get(key);
    if (event === undefined) {
      event = (async () => {
        for await (const e of eventStore.readStream(m.subject, { fromRevision: BigInt(m.revision), maxCount: 1 })) return e;
        return null;
      })();
      events.set(key, event);
    }
    return event;
  };
  return async (m) => {
    const event = await eventOf(m);
    const made = event === null ? undefined : webhookMessagesOf(event).find((w) => w.messageId === m.messageId);
    if (made !== undefined) return made.data;
    logger.warn('webhook message\'s event not found in the log', { messageId: m.messageId, subject: m.subject, revision: m.revision, heldData: m.data !== undefined });
    return m.data ?? null;
  };
};
