import Router from '@koa/router';
import { localTicketTextProcessor } from '@support/adapters';
import { actionRoutes, adminCommandRoutes, bulkUpdateRoutes, erasureCommandRoutes, exportCommandRoutes, messagingCommandRoutes, recordRoutes, ticketCommandRoutes, webhookCommandRoutes } from '@support/command-api';
import { DispatcherDefinition } from '@support/event-sourcing';
import {
  bulkUpdatesProjection, exportJobsProjection, idempotencyAnswersProjection, messagesProjection, ProjectionDefinition, recordsProjection, reportsProjection, templatesProjection, ticketsProjection, webhooksProjection,
} from '@support/projectors';
import { adminQueryRoutes, analyticsRoutes, auditRoutes, browserPageRoutes, bulkUpdateQueryRoutes, erasureQueryRoutes, exportQueryRoutes, logRoutes, messagingQueryRoutes, orderRoutes, parkedEventRoutes, reportRoutes, ticketQueryRoutes, webhookQueryRoutes } from '@support/query-api';
import {
  bulkUpdateDeadLetterSweep, bulkUpdateDispatcher, customerErasureDispatcher, DataPointsWorkerOptions, startCustomerErasureWorker, DELIVERY_WORKER, exportDeadLetterSweep, exportRetentionSweep, messageDeliveryDispatcher, messageDeliveryWorker, slaWatcher,
  startDataPointsWorker, startTaskEvaluationWorker, startTicketTextWorker, taskEvaluationDispatcher, ticketBulkUpdateWorker, startWebhookWorkers, ticketDataPointsDispatcher, ticketExportDispatcher, ticketExportWorker, ticketTextDispatcher,
  webhookDispatcher, exportWithdrawalWorker, ticketExportWithdrawalDispatcher,
} from '@support/workers';
import { ServiceDeps } from './deps';
import { Settings } from './settings';

/** A background job consumer of the workers component. */
interface WorkerStarter {
  readonly name: string;
  start(deps: ServiceDeps, settings: Settings): Promise<{ stop(): Promise<void> }>;
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
  /** Dispatchers that read the service's read models while they dispatch. */
  readonly dispatchersFor?: (deps: ServiceDeps) => readonly DispatcherDefinition[];
  readonly workers?: readonly WorkerStarter[];
}

/** The export worker, with EXPORT_ACK_WAIT_MS of the settings. */
const exportWorker: WorkerStarter = {
  name: ticketExportWorker().name,
  start: (deps, settings) => ticketExportWorker(settings.exportAckWaitMs === undefined ? {} : { ackWaitMs: settings.exportAckWaitMs }).start(deps),
};

/** The bulk-update worker, with BULK_UPDATE_ACK_WAIT_MS of the settings. */
const bulkUpdateWorker: WorkerStarter = {
  name: ticketBulkUpdateWorker().name,
  start: (deps, settings) => ticketBulkUpdateWorker(settings.bulkUpdateAckWaitMs === undefined ? {} : { ackWaitMs: settings.bulkUpdateAckWaitMs }).start(deps),
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
    dispatchers: [ticketTextDispatcher, ticketDataPointsDispatcher, taskEvaluationDispatcher],
    workers: [
      { name: 'ticket-text', start: (deps) => startTicketTextWorker({ ...deps, textProcessor: localTicketTextProcessor() }) },
      dataPointsWorker(),
      // The task evaluations a create left undone (its process died after the ticket's append).
      { name: 'ticket-task-evaluation', start: (deps) => startTaskEvaluationWorker(deps) },
    ],
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
    dispatchers: [ticketExportDispatcher, ticketExportWithdrawalDispatcher],
    workers: [exportWorker, exportRetentionSweep(), exportDeadLetterSweep(), exportWithdrawalWorker()],
  },
  {
    name: 'tickets-bulk-update',
    commandRoutes: (deps) => bulkUpdateRoutes(deps),
    queryRoutes: (deps) => bulkUpdateQueryRoutes(deps),
    projections: [bulkUpdatesProjection],
    dispatchers: [bulkUpdateDispatcher],
    workers: [bulkUpdateWorker, bulkUpdateDeadLetterSweep()],
  },
  {
    name: 'webhooks',
    commandRoutes: (deps) => webhookCommandRoutes(deps),
    queryRoutes: (deps) => webhookQueryRoutes(deps),
    projections: [webhooksProjection],
    dispatchersFor: (deps) => [webhookDispatcher(deps)],
    workers: [{ name: 'webhooks', start: (deps) => startWebhookWorkers(deps) }],
  },
  { name: 'sla', workers: [slaWatcher()] },
  // Response, resolution, SLA and CSAT by day, agent, team, channel and task (docs/api/reports.md).
  { name: 'reports', queryRoutes: (deps) => reportRoutes(deps), projections: [reportsProjection] },
  {
    // A customer's personal data erased on request (docs/api/erasure.md).
    name: 'customer-erasure',
    commandRoutes: (deps) => erasureCommandRoutes(deps),
    queryRoutes: (deps) => erasureQueryRoutes(deps),
    // Which answers kept for Idempotency-Keys name which ids: an erasure finds a customer's answers by it.
    projections: [idempotencyAnswersProjection],
    dispatchers: [customerErasureDispatcher],
    workers: [{ name: 'customer-erasure', start: (deps) => startCustomerErasureWorker(deps) }],
  },
  // Accounts, settings sections and tokens through the API, live in every process (docs/api/admin.md).
  { name: 'account-admin', commandRoutes: (deps) => adminCommandRoutes(deps), queryRoutes: (deps) => adminQueryRoutes(deps) },
  { name: 'audit', queryRoutes: (deps) => auditRoutes(deps) },
  { name: 'transparency', queryRoutes: (deps) => logRoutes(deps) },
  // The API reference and the auditor's page (their API calls go through the routes above).
  { name: 'browser-pages', queryRoutes: () => browserPageRoutes() },
  // The read models of every feature (called once `features` is defined).
  { name: 'analytics', queryRoutes: (deps) => analyticsRoutes({ ...deps, catalog: features.flatMap((f) => f.projections ?? []) }) },
  // The events the projections of every feature parked.
  { name: 'parked-events', queryRoutes: (deps) => parkedEventRoutes({ ...deps, readModels: features.flatMap((f) => f.projections ?? []).map((p) => p.name) }) },
];
