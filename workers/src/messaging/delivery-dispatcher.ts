import { MESSAGE_DELIVERY_JOB, MESSAGE_STREAM_PREFIX, MessageDeliveryJob, messageDeliveryDedupeId, MessageQueuedData, RecordedEvent } from '@support/domain';
import { DispatcherDefinition, JobToPublish } from '@support/event-sourcing';

/** Publishes the delivery job of each queued message (the outbox of template send). */
export const messageDeliveryDispatcher: DispatcherDefinition = {
  name: 'chatapp-message-delivery',
  streamNamePrefixes: [MESSAGE_STREAM_PREFIX],
  jobsFor: (event: RecordedEvent): readonly JobToPublish[] => {
    if (event.type !== 'MessageQueued') return [];
    const d = event.data as MessageQueuedData;
    const payload: MessageDeliveryJob = { messageId: d.messageId, accountId: d.accountId };
    return [{ kind: MESSAGE_DELIVERY_JOB, payload, dedupeId: messageDeliveryDedupeId(d.messageId) }];
  },
};
