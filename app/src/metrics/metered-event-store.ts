import * as E from 'fp-ts/Either';
import { EventData, EventStore } from '@support/domain';
import { AppendedEventObserver } from './appended-event-counters';
import { ServiceMetrics } from './service-metrics';

/**
 * The event-store port with its appends measured: latency by outcome, events appended, and what
 * the observers count from the events appended (delivery outcomes, export rows: every process
 * counts what its own workers record). Reads and subscriptions pass through untouched.
 */
export const meteredEventStore = (store: EventStore, metrics: ServiceMetrics, observers: readonly AppendedEventObserver[] = []): EventStore => {
  /** An append (to one stream or several) timed by outcome, its events counted once it is written. */
  const measured = async <R extends E.Either<unknown, unknown>>(events: readonly EventData[], append: () => Promise<R>): Promise<R> => {
    const stop = metrics.appendDuration.startTimer();
    try {
      const result = await append();
      stop({ outcome: E.isLeft(result) ? 'wrong_expected_version' : 'ok' });
      if (E.isRight(result)) {
        metrics.appendedEvents.inc(events.length);
        for (const e of events) for (const observe of observers) observe(e);
      }
      return result;
    } catch (e) {
      stop({ outcome: 'error' });
      throw e;
    }
  };
  return {
    appendToStream: (streamName, events, options) => measured(events, () => store.appendToStream(streamName, events, options)),
    appendToStreams: (appends) => measured(appends.flatMap((a) => a.events), () => store.appendToStreams(appends)),
    readStream: (streamName, options) => store.readStream(streamName, options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
};
