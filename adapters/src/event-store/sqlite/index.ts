export { SqliteEventStore } from './sqlite-event-store';
export type { SqliteEventStoreOptions } from './sqlite-event-store';
export { importEmbeddedLog } from './import-embedded-log';
export * from './offline-log';
