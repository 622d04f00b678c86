export * from './messaging-command-routes';
export { STATUS_WEBHOOK_PATH } from './status-webhook-route';
export type { MessagingCommandDeps } from './messaging-deps';
export * from './openapi';
