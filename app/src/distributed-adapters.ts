import type * as Distributed from '@support/adapters/dist/distributed';

/**
 * The adapters of the distributed topology, loaded on first use: their drivers (EventStoreDB,
 * MongoDB, NATS, Azure Blob) take about a second to load, which a service on embedded engines, a
 * restart after a crash above all, should not wait for.
 */
export const distributedAdapters = (): typeof Distributed =>
  require('@support/adapters/dist/distributed') as typeof Distributed;
