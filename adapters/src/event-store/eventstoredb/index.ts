export { EventStoreDbEventStore } from './eventstoredb-event-store';
export type { EventStoreDbOptions } from './eventstoredb-event-store';
export type { Backoff, DropListener } from './reconnecting-subscription';
