/**
 * The adapters of the distributed topology (EventStoreDB, MongoDB, NATS JetStream, Azure Blob). Not
 * part of the package's index: their drivers take about a second to load, so the composition root
 * loads this module only when one of them is configured, and the embedded topology starts without.
 */
export { AzureBlobStore, type AzureBlobStoreOptions } from './blob-store/azure';
export { EventStoreDbEventStore, type EventStoreDbOptions, type Backoff, type DropListener } from './event-store/eventstoredb';
export { MongoReadModels } from './read-models/mongodb';
export { MongoDataKeys } from './personal-data/mongodb';
export { NatsJobQueue, type NatsJobQueueOptions } from './job-queue/nats';
