export { EmbeddedEventStore } from './embedded-event-store';
export type { EmbeddedEventStoreOptions, RecoveryReport } from './embedded-event-store';
