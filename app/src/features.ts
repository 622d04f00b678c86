import Router from '@koa/router';
import { localTicketTextProcessor } from '@support/adapters';
import { actionRoutes, exportCommandRoutes, messagingCommandRoutes, recordRoutes, ticketCommandRoutes } from '@support/command-api';
import { DispatcherDefinition } from '@support/event-sourcing';
import {
  exportJobsProjection, messageDeliveryDispatcher, messagesProjection, ProjectionDefinition, recordsProjection, templatesProjection,
  ticketExportDispatcher, ticketsProjection,
} from '@support/projectors';
import { analyticsRoutes, auditRoutes, exportQueryRoutes, messagingQueryRoutes, orderRoutes, ticketQueryRoutes } from '@support/query-api';
import {
  DataPointsWorkerOptions, DELIVERY_WORKER, exportDeadLetterSweep, exportRetentionSweep, messageDeliveryWorker, startDataPointsWorker, startTicketTextWorker,
  ticketDataPointsDispatcher, ticketExportWorker, ticketTextDispatcher,
} from '@support/workers';
import { ServiceDeps } from './deps';

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

/**
 * EXPORT_ACK_WAIT_MS: how long an export job stays with a worker whose rows stop moving (hung
 * upload, dead worker) before the queue hands it out again. A running export extends its lease as
 * its rows go out, so an export may take longer than this. Default 60 s.
 */
export const exportAckWaitMs = (env: NodeJS.ProcessEnv = process.env): number | undefined => {
  const raw = env.EXPORT_ACK_WAIT_MS?.trim();
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1_000) throw new Error(`EXPORT_ACK_WAIT_MS must be a whole number of milliseconds, at least 1000, got "${raw}"`);
  return ms;
};

/** The export worker, with EXPORT_ACK_WAIT_MS as the workers process has it when it starts. */
const exportWorker: WorkerStarter = {
  name: ticketExportWorker().name,
  start: (deps) => {
    const ackWaitMs = exportAckWaitMs();
    return ticketExportWorker(ackWaitMs === undefined ? {} : { ackWaitMs }).start(deps);
  },
};

/** The re-evaluation of data points whose sources did not answer when a ticket was created. */
export const dataPointsWorker = (options: DataPointsWorkerOptions = {}): WorkerStarter => ({
  name: 'ticket-data-points',
  start: (deps) => startDataPointsWorker(deps, options),
});

/** Every feature; each feature issue adds its entry here. */
export const features: readonly Feature[] = [
  { name: 'tickets-list', queryRoutes: (deps) => ticketQueryRoutes(deps), projections: [ticketsProjection] },
  {
    name: 'tickets-create',
    commandRoutes: (deps) => ticketCommandRoutes({ ...deps, textProcessor: localTicketTextProcessor(), readModels: ['tickets'] }),
    dispatchers: [ticketTextDispatcher, ticketDataPointsDispatcher],
    workers: [{ name: 'ticket-text', start: (deps) => startTicketTextWorker({ ...deps, textProcessor: localTicketTextProcessor() }) }, dataPointsWorker()],
  },
  { name: 'records', commandRoutes: (deps) => recordRoutes(deps), projections: [recordsProjection] },
  { name: 'actions', commandRoutes: (deps) => actionRoutes(deps) },
  { name: 'orders', queryRoutes: (deps) => orderRoutes({ directory: deps.directory, logger: deps.logger, storeCalls: deps.storeCalls }) },
  {
    name: 'messaging',
    commandRoutes: (deps) => messagingCommandRoutes(deps, deps.chatApp),
    queryRoutes: (deps) => messagingQueryRoutes(deps),
    projections: [templatesProjection, messagesProjection],
    dispatchers: [messageDeliveryDispatcher],
    workers: [{ name: DELIVERY_WORKER, start: (deps) => messageDeliveryWorker(() => deps.chatApp).start(deps) }],
  },
  {
    name: 'tickets-export',
    commandRoutes: (deps) => exportCommandRoutes(deps),
    queryRoutes: (deps) => exportQueryRoutes(deps),
    projections: [exportJobsProjection],
    dispatchers: [ticketExportDispatcher],
    workers: [exportWorker, exportRetentionSweep(), exportDeadLetterSweep()],
  },
  { name: 'audit', queryRoutes: (deps) => auditRoutes(deps) },
  // The read models of every feature (called once `features` is defined).
  { name: 'analytics', queryRoutes: (deps) => analyticsRoutes({ ...deps, catalog: features.flatMap((f) => f.projections ?? []) }) },
];
