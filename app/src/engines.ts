import path from 'node:path';
import Router from '@koa/router';
import { downloadRoutes, LocalBlobStore, PERSONAL_DATA_KEYS_FILE, SqliteDataKeys, SqliteEventStore, SqliteJobQueue, loadOrCreateSigningKey, mongoLimiters, RATE_LIMITS_FILE, READ_MODELS_FILE, SqliteReadModels, sqliteLimiters } from '@support/adapters';
import { LimiterFactory } from '@support/http-edge';
import { BlobStore, Clock, EventStore, JobQueue, Logger, PersonalDataKeys, ReadModels, thrownMessage, withdrawnExportOf } from '@support/domain';
import { SealingEventStore, sealingEventStore } from '@support/event-sourcing';

import { distributedAdapters } from './distributed-adapters';
import { oldDataDirRefusal } from './old-data-dir';
import { Settings } from './settings';

export interface Engines {
  /** The log with its events' personal values sealed (and their keys erasable). */
  readonly eventStore: SealingEventStore;
  readonly readModels: ReadModels;
  readonly jobQueue: JobQueue;
  readonly blobStore: BlobStore;
  readonly limiters: LimiterFactory;
  /** Routes an engine brings to the gateway (signed downloads of the local blob store). */
  readonly routers: readonly Router[];
  readonly names: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

const DOWNLOAD_PATH = '/downloads';
/** The embedded engines' files in DATA_DIR: one per engine, so that each has its own writer (SQLite has one per file). */
export const EVENTS_FILE = 'events.sqlite';
export const JOBS_FILE = 'jobs.sqlite';
const BLOB_CONTAINER = 'ticket-exports';

/**
 * The event log the environment names: EventStoreDB, or the embedded log in DATA_DIR (SQLite); with
 * each event's personal values sealed under a key of `keys` (`docs/architecture.md`, Erasure).
 */
export const openEventStore = async (settings: Settings, logger: Logger, keys: PersonalDataKeys): Promise<{ eventStore: SealingEventStore; name: string }> => {
  if (settings.eventStoreUrl) {
    const eventStore = distributedAdapters().EventStoreDbEventStore.connect(settings.eventStoreUrl);
    // A server without multi-stream append (before KurrentDB 25.1) is refused here, at the start.
    await eventStore.assertMultiStreamAppend().catch(async (e: unknown) => {
      await eventStore.close().catch(() => undefined);
      throw e;
    });
    return { eventStore: sealingEventStore(eventStore, keys), name: 'eventstoredb' };
  }
  const onCheckpointFailure = (errorMessage: string) => logger.warn('event log: a checkpoint of the WAL failed; tried again shortly', { errorMessage });
  return { eventStore: sealingEventStore(SqliteEventStore.open({ file: path.join(settings.dataDir, EVENTS_FILE), onCheckpointFailure }), keys), name: 'sqlite' };
};

/**
 * The read models the environment names: MongoDB (with the rate-limit counters, shared by every
 * gateway), or SQLite in DATA_DIR (the counters in their own file there, shared by every process of
 * the machine). Either way the counters outlive a restart.
 */
export const openReadModels = async (
  settings: Settings, logger: Logger,
): Promise<{ readModels: ReadModels; limiters: LimiterFactory; closeLimiters: () => void; dataKeys: PersonalDataKeys; name: string }> => {
  if (settings.mongodbUrl) {
    const distributed = distributedAdapters();
    const mongo = await distributed.MongoReadModels.connect(settings.mongodbUrl);
    return {
      readModels: mongo, limiters: mongoLimiters(mongo.client, mongo.databaseName), closeLimiters: () => undefined,
      dataKeys: distributed.MongoDataKeys.open(mongo.client, mongo.databaseName), name: 'mongodb',
    };
  }
  const onCheckpointFailure = (errorMessage: string) => logger.warn('read models: a checkpoint of the WAL failed; tried again shortly', { errorMessage });
  const counters = sqliteLimiters(path.join(settings.dataDir, RATE_LIMITS_FILE));
  return {
    readModels: SqliteReadModels.open(path.join(settings.dataDir, READ_MODELS_FILE), { onCheckpointFailure }), limiters: counters.limiters, closeLimiters: counters.close,
    dataKeys: SqliteDataKeys.open(path.join(settings.dataDir, PERSONAL_DATA_KEYS_FILE)), name: 'sqlite',
  };
};

/**
 * Each engine is chosen on its own from the environment (operator contract), so any mix works. The
 * distributed adapters (and their drivers) are loaded only for the engines configured. `clock` is
 * the service's: the local blob store's download route judges a link's expiry on the clock it was signed on.
 */
export const openEngines = async (settings: Settings, logger: Logger, clock: Clock): Promise<Engines> => {
  const closers: (() => Promise<void>)[] = [];
  const routers: Router[] = [];
  const names: Record<string, string> = {};

  // Before any engine opens (and creates its file): an old-format directory is never started empty.
  const refusal = oldDataDirRefusal(settings);
  if (refusal !== null) throw new Error(refusal);
  const models = await openReadModels(settings, logger);
  const { readModels, limiters } = models;
  names.readModels = models.name;
  closers.push(() => readModels.close());
  closers.push(async () => models.closeLimiters());

  // The log closes its key store after itself (MongoDB's keys live in the read models' client, closed after).
  const log = await openEventStore(settings, logger, models.dataKeys);
  const eventStore = log.eventStore;
  names.eventStore = log.name;
  closers.push(() => eventStore.close());

  let jobQueue: JobQueue;
  if (settings.natsUrl) {
    jobQueue = await distributedAdapters().NatsJobQueue.connect({ servers: settings.natsUrl });
    names.jobQueue = 'nats';
  } else {
    const onError = (error: unknown) => logger.warn('job queue: a background write failed; tried again shortly', { errorMessage: thrownMessage(error) });
    jobQueue = await SqliteJobQueue.open({ file: path.join(settings.dataDir, JOBS_FILE), onError });
    names.jobQueue = 'sqlite';
  }
  closers.push(() => jobQueue.close());

  let blobStore: BlobStore;
  if (settings.azureConnectionString) {
    blobStore = await distributedAdapters().AzureBlobStore.connect({
      connectionString: settings.azureConnectionString, containerName: BLOB_CONTAINER,
      ...(settings.azureBlobPublicUrl !== undefined ? { publicEndpoint: settings.azureBlobPublicUrl } : {}),
    });
    names.blobStore = 'azure';
  } else {
    const signingKey = await loadOrCreateSigningKey(settings.dataDir, settings.urlSigningKey);
    const local = await LocalBlobStore.open({ dir: path.join(settings.dataDir, 'blobs'), publicBaseUrl: settings.publicBaseUrl, signingKey, downloadPath: DOWNLOAD_PATH });
    blobStore = local;
    routers.push(downloadRoutes(DOWNLOAD_PATH, local, logger, clock, (key) => withdrawnExportOf(readModels, key)));
    names.blobStore = 'local';
  }

  return {
    eventStore, readModels, jobQueue, blobStore, limiters, routers, names,
    close: async () => {
      for (const close of closers.reverse()) await close().catch((e) => logger.error('engine close failed', { errorMessage: (e as Error).message }));
    },
  };
};
