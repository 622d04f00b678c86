import Router from '@koa/router';
import { DispatcherDefinition, ProjectionDefinition } from '@support/projectors';
import { ServiceDeps } from './deps';
import { ticketQueryRoutes } from '@support/query-api';
import { ticketsProjection } from '@support/projectors';

/** A background job consumer of the workers component. */
export interface WorkerStarter {
  readonly name: string;
  start(deps: ServiceDeps): Promise<{ stop(): Promise<void> }>;
}

/**
 * The features of the service, one entry each: the command routes (command-api), query routes
 * (query-api), read models (projectors), job dispatch and job consumers (workers) they bring.
 */
export interface Feature {
  readonly name: string;
  readonly commandRoutes?: (deps: ServiceDeps) => Router;
  readonly queryRoutes?: (deps: ServiceDeps) => Router;
  readonly projections?: readonly ProjectionDefinition[];
  readonly dispatchers?: readonly DispatcherDefinition[];
  readonly workers?: readonly WorkerStarter[];
}

/** Every feature; each feature issue adds its entry here. */
export const features: readonly Feature[] = [
  { name: 'tickets-list', queryRoutes: (deps) => ticketQueryRoutes(deps), projections: [ticketsProjection] },
];
