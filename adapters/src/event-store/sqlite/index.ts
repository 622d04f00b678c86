export { SqliteEventStore } from './sqlite-event-store';
export type { SqliteEventStoreOptions } from './sqlite-event-store';
