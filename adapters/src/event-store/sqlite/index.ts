export { SqliteEventStore } from './sqlite-event-store';
export * from './offline-log';
export * from './log-leaves';
