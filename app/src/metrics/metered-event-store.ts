import * as E from 'fp-ts/Either';
import { EventStore } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

/** Outcome events of template message delivery, as the worker records them. */
const DELIVERY_OUTCOMES: Readonly<Record<string, string>> = {
  MessageSent: 'sent',
  MessageFailed: 'failed',
  MessageSendAttemptFailed: 'retry',
};

/**
 * The event-store port with its appends measured: latency by outcome, events appended, and the
 * delivery outcomes of template messages (read from the outcome events appended, so every worker
 * process counts its own deliveries). Reads and subscriptions pass through untouched.
 */
export const meteredEventStore = (store: EventStore, metrics: ServiceMetrics): EventStore => ({
  appendToStream: async (streamName, events, options) => {
    const stop = metrics.appendDuration.startTimer();
    try {
      const result = await store.appendToStream(streamName, events, options);
      stop({ outcome: E.isLeft(result) ? 'wrong_expected_version' : 'ok' });
      if (E.isRight(result)) {
        metrics.appendedEvents.inc(events.length);
        for (const e of events) {
          const outcome = DELIVERY_OUTCOMES[e.type];
          if (outcome !== undefined) metrics.messageDeliveries.inc({ outcome });
        }
      }
      return result;
    } catch (e) {
      stop({ outcome: 'error' });
      throw e;
    }
  },
  readStream: (streamName, options) => store.readStream(streamName, options),
  subscribeToAll: (options) => store.subscribeToAll(options),
  headPosition: () => store.headPosition(),
  close: () => store.close(),
});
