import { EventStore } from '@support/domain';

/**
 * What a process keeps in memory of one event store (tests open several in one process): made the
 * first time it is asked for, then shared by every path of the process that writes to that store.
 */
export const perEventStore = <T>(make: (eventStore: EventStore) => T): ((eventStore: EventStore) => T) => {
  const kept = new WeakMap<EventStore, T>();
  return (eventStore) => {
    let value = kept.get(eventStore);
    if (value === undefined) {
      value = make(eventStore);
      kept.set(eventStore, value);
    }
    return value;
  };
};
