/** Payload of a delivery job: which message; everything else is read from the message's stream. */
export interface MessageDeliveryJob {
  readonly messageId: string;
  readonly accountId: string;
}

/** The dedupe id of a message's delivery job: one job per message, however often its event is replayed. */
export const messageDeliveryDedupeId = (messageId: string): string => `message-delivery-${messageId}`;

export const isMessageDeliveryJob = (u: unknown): u is MessageDeliveryJob =>
  typeof u === 'object' && u !== null && typeof (u as MessageDeliveryJob).messageId === 'string' && typeof (u as MessageDeliveryJob).accountId === 'string';
