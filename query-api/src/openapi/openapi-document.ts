import { headers, schemas, securitySchemes } from './components';
import { actionPaths } from './paths/actions';
import { adminPaths } from './paths/admin';
import { exportPaths } from './paths/exports';
import { messagingPaths } from './paths/messaging';
import { operationPaths } from './paths/operations';
import { orderPaths } from './paths/orders';
import { recordPaths } from './paths/records';
import { ticketPaths } from './paths/tickets';
import { Paths } from './schema';

export const OPENAPI_PATH = '/openapi.json';

/** Each feature's paths; a feature that adds routes adds its file here. */
const FEATURE_PATHS: readonly Paths[] = [ticketPaths, exportPaths, messagingPaths, recordPaths, actionPaths, orderPaths, adminPaths, operationPaths];

/**
 * The machine-readable contract of the service (spec 9): OpenAPI 3.1.0, version 1.0.0, every
 * route the service has. The HTTP tests validate every answer they receive against it.
 */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Support ticketing and data-integration service',
    version: '1.0.0',
    description: 'The public interface of the interface specification, and the service\'s additions (agent workspace, message status, orders, downloads, health, metrics, admin). Every error has the body of spec 2.1.',
  },
  servers: [{ url: '/', description: 'The service itself (PUBLIC_BASE_URL).' }],
  security: [{ bearer: [] }],
  tags: [
    { name: 'Tickets' }, { name: 'Chat app' }, { name: 'Resources' }, { name: 'Execute actions' }, { name: 'Orders' }, { name: 'Admin (read only)' }, { name: 'Operations' },
  ],
  paths: Object.assign({}, ...FEATURE_PATHS) as Paths,
  components: { schemas, headers, securitySchemes },
} as const;

export type OpenApiDocument = typeof openApiDocument;
