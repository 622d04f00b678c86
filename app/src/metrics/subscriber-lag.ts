import { comparePositions, EventStore, Position } from '@support/domain';
import { ServiceMetrics } from './service-metrics';

/** What the lag gauges need of a subscriber runner: its name and the position it has handled. */
export interface LagSource {
  readonly name: string;
  readonly position: Position | null;
}

/** Counts the events after `from` up to `head`. */
export type EventsBehind = (from: Position | null, head: Position) => Promise<number>;

/** The embedded log numbers its events (commit = sequence from 0): the lag is a subtraction. */
export const sequenceEventsBehind: EventsBehind = async (from, head) => Number(head.commit - (from?.commit ?? -1n));

/**
 * EventStoreDB positions are byte offsets, so the events are counted: a catch-up subscription
 * from the subscriber's position up to the head, stopped at `cap` (the gauge then says "at least").
 */
export const countingEventsBehind = (store: EventStore, cap = 10_000): EventsBehind => async (from, head) => {
  if (from !== null && comparePositions(from, head) >= 0) return 0;
  const subscription = store.subscribeToAll({ fromPosition: from ?? 'start' });
  let count = 0;
  try {
    for await (const e of subscription) {
      if (comparePositions(e.position, head) > 0) break;
      count += 1;
      if (count >= cap || comparePositions(e.position, head) === 0) break;
    }
  } finally {
    await subscription.unsubscribe();
  }
  return count;
};

const PROJECTION = 'projection:';

/**
 * support_projection_lag_events{read_model} and support_dispatcher_lag_events{dispatcher}: events
 * of the log after the position each subscriber of this process has handled, read at scrape time.
 */
export const registerSubscriberLag = (metrics: ServiceMetrics, store: EventStore, subscribers: () => readonly LagSource[], behind: EventsBehind): void => {
  const measure = async () => {
    const head = await store.headPosition();
    // Subscribers often stand at the same position (one shared subscription): each distinct one is counted once.
    const counted = new Map<string, Promise<number>>();
    const count = (p: Position | null): Promise<number> => {
      const key = p === null ? 'start' : `${p.commit}/${p.prepare}`;
      let n = counted.get(key);
      if (n === undefined) {
        n = head === null ? Promise.resolve(0) : behind(p, head);
        counted.set(key, n);
      }
      return n;
    };
    return Promise.all(subscribers().map(async (s) => ({ name: s.name, value: await count(s.position) })));
  };
  // Both gauges of one scrape share one measurement.
  let last: { at: number; lags: ReturnType<typeof measure> } | null = null;
  const lags = () => {
    if (last === null || Date.now() - last.at > 1_000) last = { at: Date.now(), lags: measure() };
    return last.lags;
  };
  metrics.gauge('support_projection_lag_events', 'Events of the log not yet applied to the read model (behind the head of the log).', ['read_model'], async () =>
    (await lags()).filter((l) => l.name.startsWith(PROJECTION)).map((l) => ({ labels: { read_model: l.name.slice(PROJECTION.length) }, value: l.value })));
  metrics.gauge('support_dispatcher_lag_events', 'Events of the log the job dispatcher has not yet read (behind the head of the log).', ['dispatcher'], async () =>
    (await lags()).filter((l) => !l.name.startsWith(PROJECTION)).map((l) => ({ labels: { dispatcher: l.name.replace(/^dispatch:/, '') }, value: l.value })));
};
