export * from './messaging-command-routes';
export { TEMPLATE_SEND_PATH, MESSAGE_STATUS_PATH } from './template-send-route';
export { TEMPLATE_SYNC_PATH, TEMPLATE_SYNC_ERROR } from './template-sync-route';
export { STATUS_WEBHOOK_PATH } from './status-webhook-route';
export type { MessagingCommandDeps } from './messaging-deps';
