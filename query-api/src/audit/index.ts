export * from './event-line';
export * from './event-feed-query';
export * from './event-matcher';
export * from './event-feed';
export { EVENTS_PATH, NDJSON } from './event-feed-route';
export type { EventFeedDeps } from './event-feed-route';
export * from './audit-routes';
