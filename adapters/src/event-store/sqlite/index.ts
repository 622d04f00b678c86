export { SqliteEventStore } from './sqlite-event-store';
