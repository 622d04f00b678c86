import { actionPaths, adminCommandPaths, bulkUpdateCommandPaths, erasurePaths, exportCommandPaths, messagingCommandPaths, recordPaths, ticketCommandPaths, webhookCommandPaths } from '@support/command-api';
import { headers, Paths, schemas, securitySchemes } from '@support/http-edge';
import {
  adminPaths, adminQueryPaths, bulkUpdateQueryPaths, exportQueryPaths, logPaths, messagingQueryPaths, operationPaths, orderPaths, pagePaths, reportPaths, ticketQueryPaths, webhookMessages, webhookQueryPaths,
} from '@support/query-api';

export const OPENAPI_PATH = '/openapi.json';

/**
 * One feature's paths from its command routes (command-api, beside the routes) and its query routes
 * (query-api): the operations of a path both have (GET and POST of one URL) go under the one path.
 */
const featurePaths = (...parts: readonly Paths[]): Paths => {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) for (const [path, operations] of Object.entries(part)) merged[path] = { ...merged[path], ...(operations as Record<string, unknown>) };
  return merged as Paths;
};

/** Each feature's paths; a feature that adds routes describes them beside its routes and adds them here. */
const FEATURE_PATHS: readonly Paths[] = [
  featurePaths(ticketCommandPaths, ticketQueryPaths), featurePaths(exportCommandPaths, exportQueryPaths), featurePaths(messagingCommandPaths, messagingQueryPaths),
  featurePaths(bulkUpdateCommandPaths, bulkUpdateQueryPaths), recordPaths, actionPaths, orderPaths, erasurePaths, featurePaths(webhookQueryPaths, webhookCommandPaths), adminPaths, featurePaths(adminCommandPaths, adminQueryPaths), logPaths, operationPaths, pagePaths, reportPaths,
];

/**
 * The machine-readable contract of the service (docs/openapi.json): OpenAPI 3.1.0, version 1.0.0, every
 * route the service has. The HTTP tests validate every answer they receive against it.
 */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Support ticketing and data-integration service',
    version: '1.0.0',
    description: 'The public interface of the interface specification, and the service\'s additions (agent workspace, message status, orders, downloads, health, metrics, admin). Every error has the body of docs/api/README.md (Errors).',
  },
  servers: [{ url: '/', description: 'The service itself (PUBLIC_BASE_URL).' }],
  security: [{ bearer: [] }],
  tags: [
    { name: 'Tickets', description: 'Manual tickets, the list, the export and its downloads, and the agent workspace (docs/api/tickets.md, ticket-list.md, exports.md, agent-workspace.md, bulk-updates.md).' },
    { name: 'Chat app', description: 'WhatsApp templates: their sync, sends and each message\'s delivery (docs/api/chat-app.md, Sync, Send).' },
    { name: 'Resources', description: 'Resource records: insert and upsert (docs/api/records-and-actions.md, Insert, Upsert).' },
    { name: 'Execute actions', description: 'Running a configured execute action (docs/api/records-and-actions.md, execute action).' },
    { name: 'Webhooks', description: 'Subscriptions to what happens (an addition to the spec): signed deliveries (Standard Webhooks), each attempt logged, replay from the log.' },
    { name: 'Orders', description: 'The account\'s store system, as the support agent reads it (docs/api/orders.md).' },
    { name: 'Admin (read only)', description: 'The event feed for auditors and read-model queries for analysts: account admins and the operator.' },
    { name: 'Admin', description: 'Accounts, settings sections and access tokens through the API, live in every process and recorded in the log (docs/api/admin.md).' },
    { name: 'Reports', description: 'Response, resolution, SLA and CSAT by period, agent, team, channel and task, with the previous period (docs/api/reports.md).' },
    { name: 'Operations', description: 'Health, metrics, this document and signed downloads.' },
    { name: 'Browser pages', description: 'This reference as a page (/docs), the auditor\'s page (/audit) and the leads\' reports (/reports): every file from the service, a strict Content-Security-Policy (docs/browser-pages.md).' },
  ],
  paths: Object.assign({}, ...FEATURE_PATHS) as Paths,
  webhooks: webhookMessages,
  components: { schemas, headers, securitySchemes },
} as const;
