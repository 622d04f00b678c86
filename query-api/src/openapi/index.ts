/** The query routes' descriptions for the OpenAPI document (app/src/openapi assembles it with the command routes'). */
export { adminPaths } from './paths/admin';
export { exportQueryPaths } from './paths/exports';
export { logPaths } from './paths/log';
export { messagingQueryPaths } from './paths/messaging';
export { operationPaths } from './paths/operations';
export { orderPaths } from './paths/orders';
export { ticketQueryPaths } from './paths/tickets';
export { webhookMessages, webhookQueryPaths } from './paths/webhooks';
export { pagePaths } from './paths/pages';
export { bulkUpdateQueryPaths } from './paths/bulk-updates';
export { reportPaths } from './paths/reports';
