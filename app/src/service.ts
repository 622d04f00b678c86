import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { createPublicKey } from 'node:crypto';
import { capConnectionsPerAddress, serverTimeouts } from './connection-limits';
import {
  DirLock, diskTakesWrites, erasureLedgerFile, loadOrCreateLogSigningKey, loadOrCreateSigningKey, lockDir, MongoTreeStore, SqliteTreeStore, TRANSPARENCY_FILE, pinoLogger, uuidV7Generator,
  WEBHOOK_SIGNING_KEY_FILE, webhookSender,
} from '@support/adapters';
import type { MongoReadModels } from '@support/adapters/dist/distributed';
import { verifierKey } from '@support/event-sourcing';
import { idempotencyKeys } from '@support/command-api';
import { answerClientError, memoryLimiters, StorageHealth } from '@support/http-edge';
import { AccountDirectory, Clock, Logger } from '@support/domain';
import {
  boundProjections, checkpointPollingProgress, dispatcherGroup, inProcessProgress, projectionGroup, readModelCheckpoints, readModelShapes, recordCheckpoint, startCheckpointSigner, SubscriberRunner,
  treeFollower,
} from '@support/projectors';
import { ServiceDeps } from './deps';
import { drainServer } from './drain-server';
import { Engines, openEngines } from './engines';
import { Feature, features as allFeatures } from './features';
import { buildGateway } from './gateway';
import { RouteEntry, routeTable } from './route-table';
import { buildIntegrations } from './integrations';
import { loadAccountConfig } from './load-config';
import { followAdminChanges } from './admin/live-directory';
import { warnOfPlainTextTokens } from './admin/plain-text-tokens';
import { tokenUseRecorder } from './admin/token-use';
import { serviceItselfOf } from './service-itself';
import { Settings } from './settings';
import { warmIntl } from './warm-intl';
import {
  countingEventsBehind, deliveryOutcomes, webhookAttempts, exportFailures, exportRows, meteredEventStore, registerExportJobs, registerParkedEvents, registerProjectionDelay,
  registerSlaDue, registerWebhookBacklog, meteredJobQueue, registerSubscriberLag, sequenceEventsBehind, ServiceMetrics, slaBreaches,
} from './metrics';
import { parkedCounts } from './health/parked-counts';
import { projectionDelays } from './health/projection-delay';

export type Component = 'command-api' | 'query-api' | 'projectors' | 'workers';
export const ALL_COMPONENTS: readonly Component[] = ['command-api', 'query-api', 'projectors', 'workers'];

export interface ServiceOptions {
  readonly settings: Settings;
  readonly components?: readonly Component[];
  readonly logger?: Logger;
  /** Tests inject a directory, a clock, engines or features; the defaults are the real ones. */
  readonly directory?: AccountDirectory;
  readonly overrides?: Partial<Pick<ServiceDeps, 'clock' | 'newId' | 'fetch' | 'limiters'>>;
  readonly features?: readonly Feature[];
}

export interface RunningService {
  readonly url: string;
  readonly port: number;
  readonly deps: ServiceDeps;
  /** The engine of each port (`eventStore: 'embedded'`, `jobQueue: 'nats'`, ...). */
  readonly engines: Readonly<Record<string, string>>;
  /** Every route the gateway answers (what /openapi.json describes). */
  readonly routes: readonly RouteEntry[];
  /** The process's metric families (served at GET /metrics). */
  readonly metrics: ServiceMetrics;
  /** Resolves once every projection has caught up with the log as it was at start. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The embedded read models have one projectors process per DATA_DIR (two would apply each event
 * twice): it holds this lock, which the operating system releases when it dies in any way. Gateways
 * and workers may run in as many processes as wanted beside it.
 */
const lockProjectors = async (settings: Settings, components: readonly string[]): Promise<DirLock | null> => {
  if (!components.includes('projectors') || settings.mongodbUrl) return null;
  const dir = path.join(settings.dataDir, 'projectors');
  await mkdir(dir, { recursive: true });
  return lockDir(dir, 'projectors');
};

/** How often a process takes the tree the projectors wrote in MongoDB (its proofs lag the follower by this much more). */
const TREE_REFRESH_MS = 500;

/**
 * The tree beside the log, written by the projectors' process (the follower), read by every
 * process's proof routes: beside the read models in MongoDB when they are there (every container
 * proves from the one tree), else in DATA_DIR/transparency.sqlite.
 */
const openTree = async (settings: Settings, engines: Engines, writer: boolean, logger: Logger): Promise<SqliteTreeStore | MongoTreeStore> => {
  if (engines.names.readModels === 'mongodb') {
    const mongo = engines.readModels as unknown as Pick<MongoReadModels, 'client' | 'databaseName'>;
    return MongoTreeStore.open(mongo.client.db(mongo.databaseName), {
      refreshEveryMs: TREE_REFRESH_MS,
      onRefreshFailure: (errorMessage) => logger.warn('transparency tree: taking the tree from MongoDB failed; tried again shortly', { errorMessage }),
    });
  }
  return SqliteTreeStore.open(path.join(settings.dataDir, TRANSPARENCY_FILE), {
    readonly: !writer,
    onCheckpointFailure: (errorMessage) => logger.warn('transparency tree: a checkpoint of the WAL failed; tried again shortly', { errorMessage }),
  });
};

/**
 * The composition root: reads configuration, opens the engines the environment names, and starts
 * the chosen components (all of them in one process for `npm start`).
 */
export const startService = async (options: ServiceOptions): Promise<RunningService> => {
  const { settings } = options;
  const components = options.components ?? ALL_COMPONENTS;
  const logger = options.logger ?? pinoLogger({ level: settings.logLevel });
  const clock: Clock = options.overrides?.clock ?? { now: () => new Date() };
  const features = options.features ?? allFeatures;
  const fileDirectory = options.directory ?? loadAccountConfig(settings.configFile);
  warnOfPlainTextTokens(fileDirectory, logger);

  // Listen first (so PORT=0 gets its real port before URLs are handed out); answer 503 until wired.
  let handler: http.RequestListener = (_req, res) => {
    // Like every answer, it carries a request id (docs/api/README.md: returned on every answer; /openapi.json declares it).
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', 'X-Request-Id': randomUUID() });
    res.end(JSON.stringify({ error: 'Service Unavailable', message: 'The service is starting. Retry shortly.', retryAfter: 1 }));
  };
  const server = http.createServer(serverTimeouts(), (req, res) => handler(req, res));
  server.keepAliveTimeout = 5_000;
  capConnectionsPerAddress(server, settings.maxConnectionsPerAddress);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  const publicBaseUrl = /:0$/.test(settings.publicBaseUrl) ? url : settings.publicBaseUrl;
  // A stop (SIGTERM, SIGINT) lets the requests in flight finish first.
  const closeServer = () => drainServer(server);
  warmIntl();
  let engines: Engines;
  let projectorsLock: DirLock | null = null;
  try {
    projectorsLock = await lockProjectors(settings, components);
    engines = await openEngines({ ...settings, publicBaseUrl }, logger, clock);
  } catch (e) {
    await projectorsLock?.release();
    await closeServer();
    throw e;
  }
  const stoppers: (() => Promise<void>)[] = [async () => projectorsLock?.release()];
  const stopAll = async () => {
    await closeServer();
    for (const stop of stoppers.reverse()) await stop();
    await engines.close();
  };
  let deps: ServiceDeps;
  let ready: Promise<void>;
  let routes: RouteEntry[];
  const metrics = new ServiceMetrics();
  try {
    const runners: SubscriberRunner[] = [];
    // The ports as the service uses them: appends timed, jobs counted (the engines themselves stay as opened).
    const eventStore = meteredEventStore(engines.eventStore, metrics, [deliveryOutcomes(metrics), exportRows(metrics), exportFailures(metrics), webhookAttempts(metrics), slaBreaches(metrics)]);
    const jobQueue = meteredJobQueue(engines.jobQueue, metrics);
    // Time-ordered ids: documents' _ids land at the end of the indexes they share a leading key in (uuid-v7.ts).
    const newId = options.overrides?.newId ?? uuidV7Generator();
    // The file's accounts with every admin change of the log on top, followed live (docs/api/admin.md).
    const directory = await followAdminChanges(fileDirectory, eventStore, { logger, used: tokenUseRecorder(eventStore, newId, logger) });
    stoppers.push(() => directory.stop());
    const projectionDefinitions = boundProjections(features.flatMap((feature) => feature.projections ?? []), { directory: directory.current });
    // Every component reads the read models, so every process knows their shapes (the tables are made once, by whichever comes first).
    await engines.readModels.declare(readModelShapes(projectionDefinitions));
    registerExportJobs(metrics, engines.readModels);
    registerWebhookBacklog(metrics, engines.readModels, clock);
    registerSlaDue(metrics, engines.readModels, clock);
    const eventsBehind = engines.names.eventStore === 'sqlite' ? sequenceEventsBehind : countingEventsBehind(eventStore);
    registerSubscriberLag(metrics, eventStore, () => runners, eventsBehind);
    const readModelNames = projectionDefinitions.map((d) => d.name);
    const delays = projectionDelays(eventStore, readModelCheckpoints(engines.readModels), readModelNames);
    registerProjectionDelay(metrics, delays);
    const parked = parkedCounts(eventStore, readModelNames);
    registerParkedEvents(metrics, readModelNames, parked);
    const runsProjectors = components.includes('projectors');
    const fetchImpl = options.overrides?.fetch ?? fetch;
    const tree = await openTree(settings, engines, runsProjectors, logger);
    stoppers.push(() => tree.close());
    const logKey = await loadOrCreateLogSigningKey(settings.dataDir, settings.logSigningKey);
    const serviceItself = serviceItselfOf(publicBaseUrl, port);
    deps = {
      ...buildIntegrations(fetchImpl, logger, metrics),
      eventStore,
      readModels: engines.readModels,
      jobQueue,
      blobStore: engines.blobStore,
      directory: directory.current,
      accountAdmin: directory,
      clock,
      newId,
      logger,
      limiters: options.overrides?.limiters ?? engines.limiters ?? memoryLimiters(),
      progress: runsProjectors ? inProcessProgress(() => runners) : checkpointPollingProgress(readModelCheckpoints(engines.readModels)),
      publicBaseUrl,
      fetch: fetchImpl,
      webhooks: {
        key: await loadOrCreateSigningKey(settings.dataDir, settings.webhookSigningKey, { file: WEBHOOK_SIGNING_KEY_FILE, variable: 'WEBHOOK_SIGNING_KEY' }),
        allowedHosts: settings.webhookAllowedHosts,
        serviceItself,
        transport: webhookSender({ allowedHosts: settings.webhookAllowedHosts, serviceItself }),
      },
      transparency: { store: tree, verifierKey: verifierKey(settings.logOrigin, createPublicKey(logKey)) },
      personalData: { eraseKeys: (ids) => engines.eventStore.eraseKeys(ids) },
      ...(settings.erasuresFile !== undefined ? { erasureLedger: erasureLedgerFile(settings.erasuresFile) } : {}),
      ...(settings.operatorToken !== undefined ? { operatorToken: settings.operatorToken } : {}),
    };


    if (runsProjectors) {
      // The read models are on disk with their checkpoints: the projections catch up from there.
      const { runners: projections, group } = projectionGroup(projectionDefinitions, eventStore, engines.readModels, logger);
      const definitions = features.flatMap((feature) => [...(feature.dispatchers ?? []), ...(feature.dispatchersFor?.(deps) ?? [])]);
      const dispatchers = dispatcherGroup(definitions, eventStore, jobQueue, logger);
      runners.push(...projections, ...dispatchers.runners);
      await group.start();
      await dispatchers.group.start();
      stoppers.push(async () => {
        await Promise.all([group.stop(), dispatchers.group.stop()]);
      });
    }
    if (runsProjectors && settings.logTree) {
      // The Merkle tree follows the log on a subscription of its own; its head is signed every few seconds while it grows.
      const follower = treeFollower(tree, eventStore, logger);
      await follower.group.start();
      const stopSigner = startCheckpointSigner({
        store: tree, key: logKey, origin: settings.logOrigin, clock: deps.clock, logger, everyMs: settings.logCheckpointMs, growth: follower.growth,
        // Each checkpoint is an event of the log too: the log.checkpoint webhook.
        onCheckpoint: (checkpoint) => recordCheckpoint(eventStore, deps.newId, settings.logOrigin, checkpoint),
      });
      stoppers.push(async () => {
        await stopSigner();
        await follower.group.stop();
      });
    }
    ready = Promise.all(runners.map((r) => r.ready)).then(() => undefined);
    let isReady = !runsProjectors;
    void ready.then(() => {
      isReady = true;
      logger.info('read models ready', { projections: runners.length });
    });

    if (components.includes('workers')) {
      for (const feature of features) {
        for (const worker of feature.workers ?? []) {
          const handle = await worker.start(deps, settings);
          stoppers.push(() => handle.stop());
        }
      }
    }

    const commandRouters = new Set<Router>();
    const routers = features.flatMap((f) => {
      const commands = components.includes('command-api') && f.commandRoutes ? f.commandRoutes(deps) : null;
      if (commands !== null) commandRouters.add(commands);
      return [...(commands !== null ? [commands] : []), ...(components.includes('query-api') && f.queryRoutes ? [f.queryRoutes(deps)] : [])];
    });
    const isCommand = (ctx: Context) => [...commandRouters].some((r) => r.match(ctx.path, ctx.method).route);
    const gateway = buildGateway({
      logger, routers: [...engines.routers, ...routers], isReady: () => isReady, metrics, storage: new StorageHealth(() => diskTakesWrites(settings.dataDir)), projectionDelays: delays, parkedEvents: parked, idempotency: idempotencyKeys(deps, isCommand),
    });
    const callback = gateway.callback();
    // Each request keeps the directory it started with, whatever changes while it runs.
    handler = (req, res) => directory.pinned(() => callback(req, res));
    routes = routeTable(gateway);
    logger.info('listening', { url, components, engines: engines.names });
  } catch (e) {
    // A start that fails half way leaves nothing listening or open behind it.
    await stopAll().catch(() => undefined);
    throw e;
  }

  return {
    url,
    port,
    deps,
    engines: engines.names,
    routes,
    metrics,
    ready,
    stop: stopAll,
  };
};
