export * from './messaging-query-routes';
export { MESSAGES_PATH } from './message-status-route';
export type { MessageQueryDeps } from './message-query-deps';
export type { MessageDocument } from './message-view';
